/// How a notification also travels through the terminal, to reach someone working over SSH:
/// `auto` picks the terminal's own kind when pomo recognises the terminal, and only over SSH
/// or where no desktop notifier is installed (so a local desktop does not get two).
package enum TerminalNotifyChoice: String, ChoiceValue {
  case auto, osc777, osc9, kitty, off
}
