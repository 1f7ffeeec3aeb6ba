/// Why the person was away: what told pomo so. The journal writes the raw value.
package enum AwayCause: String, Equatable, Sendable, CaseIterable, ChoiceValue {
  /// The screen was locked (logind's `Lock`, `LockedHint`; macOS's screen lock).
  case lock
  /// The desk was idle (logind's `IdleHint`).
  case idle
  /// The machine slept (a suspend measured by the clocks, logind's `PrepareForSleep`).
  case sleep
  /// `pomo away` from another shell, with no other cause given.
  case command
}
