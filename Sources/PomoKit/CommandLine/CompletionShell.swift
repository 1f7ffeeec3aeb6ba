import PomoCore

/// The shells `pomo completions` writes scripts for.
package enum CompletionShell: String, ChoiceValue {
  case bash, zsh, fish
}
