/// The live display: `line`, the status line, or `big`, large figures filling the terminal.
package enum DisplayChoice: String, ChoiceValue {
  case line, big
}
