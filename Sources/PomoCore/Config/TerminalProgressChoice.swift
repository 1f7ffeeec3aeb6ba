/// Whether the phase's progress shows in the terminal's tab: `auto` only in terminals known to
/// draw it (others may show OSC 9 as a notification).
package enum TerminalProgressChoice: String, ChoiceValue {
  case auto, always, never
}
