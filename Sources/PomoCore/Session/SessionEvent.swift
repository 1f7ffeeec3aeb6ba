/// What happened during one step of the engine, for the listeners.
package enum SessionEvent: Equatable, Sendable {
  case sessionStarted
  case phaseStarted(Int)
  case phaseEnded(Int, completed: Bool)
  case paused
  case resumed
  case extended(Int, by: Duration)
  /// The 3-2-1 cue: this many whole seconds remain in the phase.
  case cue(Int)
  /// The machine was asleep this long (measured against the awake clock).
  case slept(Duration)
  /// The wall clock was stepped by this many seconds against the session's own clock (an NTP
  /// step, a VM's clock sync): noticed and recorded, never counted as time in a phase.
  case clockStepped(Double)
  /// Phase `i`'s time is up and it waits for confirmation (a preset's `"advance": "confirm"`).
  case waiting(Int)
  /// Phase `i` still waits for confirmation, and nudges you again (the config's `"remind"`).
  case reminded(Int)
  /// Phase `i` was skipped (its `phaseEnded` follows).
  case skipped(Int)
  /// Half of phase `i`'s time is gone (only for plans with `halfway`).
  case halfway(Int)
  /// A round was marked in phase `i`, which counts them: this many so far.
  case counted(Int, Int)
  /// Phase `i` ended and asks for its reps (a `RepsQuestion` is open).
  case asking(Int)
  /// The question of phase `i` closed: answered with `reps`, or nil when skipped or timed out.
  case answered(Int, reps: Int?)
  /// Phase `i`'s time is nearly up: its `warnBefore` is left.
  case warning(Int)
  /// The session's tags or note changed (`pomo tag`, `pomo untag`, `pomo note`).
  case relabeled
  /// An interruption was marked in phase `i` (a focus phase).
  case marked(Int, PhaseMark.Kind)
  /// The person left (`pomo away`, a lock, an idle desk).
  case away(AwayCause)
  /// The person came back after this long away.
  case back(AwayCause, Duration)
  /// The session asks what to do with the time away (`ask`): keep, drop or end.
  case awayAsking
  /// The time away was kept (true) or dropped.
  case awayDecided(kept: Bool)
  case sessionEnded(completed: Bool)
}
