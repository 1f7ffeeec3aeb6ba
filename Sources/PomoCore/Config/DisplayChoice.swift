/// The live display: `line`, the status line, or `big`, large figures filling the terminal.
public enum DisplayChoice: String, ChoiceValue {
  case line, big
}
