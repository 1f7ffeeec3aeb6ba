import PomoCore

/// The shells `pomo completions` writes scripts for.
public enum CompletionShell: String, ChoiceValue {
  case bash, zsh, fish
}
