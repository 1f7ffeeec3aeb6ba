/// `SessionEngine.PhaseRecord`: what the engine keeps of each phase that has ended.
extension SessionEngine {
  /// A phase that has ended, for the summary and the journal.
  package struct PhaseRecord: Equatable, Sendable {
    package var phase: PlannedPhase
    /// Clock times (the engine's clock) of the phase's start and end.
    package var start: Duration
    package var end: Duration
    package var paused: Duration
    package var slept: Duration
    package var extended: Duration
    package var completed: Bool
    /// Time the phase spent waiting for confirmation after its time was up (part of
    /// `elapsed`); nil when it never waited.
    package var overtime: Duration? = nil
    /// The rounds marked in a phase that counts them (an AMRAP); nil for other phases.
    package var countedRounds: Int? = nil
    /// The reps given for a phase that asks for them; nil until (and unless) answered.
    package var reps: Int? = nil
    /// The interruptions marked while it ran (focus phases only).
    package var marks: [PhaseMark] = []
    /// Whether `pomo void` ended it: a void Pomodoro, never done nor cut short.
    package var void = false
    /// The spans of the phase during which the person was away.
    package var away: [AwaySpan] = []

    /// Time spent in the phase, pauses left out, overtime in.
    package var elapsed: Duration { end - start - paused }

    /// The time the phase counts for (focus, for a focus phase): its elapsed time with the
    /// time away left out unless kept, and the time the away policy paused it through put in
    /// when kept; never below zero. The journal's rule (`JournalPhase.creditedSeconds`).
    package var credited: Duration {
      var total = elapsed
      for span in away { total += span.length * AwayCredit.sign(paused: span.paused, kept: span.kept) }
      return max(.zero, total)
    }
  }
}
