import PomoCore

/// Where `pomo import --from` reads sessions: another pomo journal (the default), or another
/// tool's data.
public enum ImportSource: String, ChoiceValue {
  case pomo, timewarrior, watson, openpomodoro
}
