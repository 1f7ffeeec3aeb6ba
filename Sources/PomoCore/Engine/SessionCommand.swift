/// What a person can ask of a running session, from a key or from another shell: one type, so
/// every way in reaches the engine the same way.
package enum SessionCommand: Equatable, Sendable {
  case pause
  case resume
  case toggle
  case skip
  case extend(Duration)
  case stop
  /// Continue a phase that waits for confirmation (a preset's `"advance": "confirm"`).
  case next
  /// Put off the next nudge of a phase that waits by this long ("Snooze 10 min").
  case snooze(Duration)
  /// Mark a round done in a phase that counts them (`"count": "rounds"`): `r`, `pomo rep`.
  case rep
  /// Answer the open question for a phase's reps (`"count": "reps"`): Enter, `pomo rep N`.
  case reps(Int)
  /// Add tags the session does not have yet (`pomo tag`).
  case tag([String])
  /// Take tags off the session (`pomo untag`).
  case untag([String])
  /// Set the session's note, or take it off with nil (`pomo note`).
  case note(String?)
  /// Mark an interruption in the running focus phase (`pomo mark`, the keys `i` and `e`).
  case mark(PhaseMark.Kind, String?)
  /// Void the running Pomodoro (`pomo void [REASON]`): that round's focus begins again, or with
  /// `stop` the session ends there (`pomo void --stop`).
  case void(String?, stop: Bool = false)
  /// The person left, for `cause`; at a time on the engine's clock when the source knew it
  /// later (`pomo away`, logind, an idle desk).
  case away(AwayCause, at: Duration? = nil)
  /// The person is back (`pomo back`, an unlock, a wake-up).
  case back
  /// Keep the time away the session asks about (`pomo keep`, `k`).
  case keepAway
  /// Drop it (`pomo drop`, `d`).
  case dropAway
  /// End the session instead (`q` while it asks).
  case endAfterAway
}
