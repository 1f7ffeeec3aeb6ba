/// `SessionEngine.PhaseRecord`: what the engine keeps of each phase that has ended.
extension SessionEngine {
  /// A phase that has ended, for the summary and the journal.
  public struct PhaseRecord: Equatable, Sendable {
    public var phase: PlannedPhase
    /// Clock times (the engine's clock) of the phase's start and end.
    public var start: Duration
    public var end: Duration
    public var paused: Duration
    public var slept: Duration
    public var extended: Duration
    public var completed: Bool
    /// Time the phase spent waiting for confirmation after its time was up (part of
    /// `elapsed`); nil when it never waited.
    public var overtime: Duration? = nil
    /// The rounds marked in a phase that counts them (an AMRAP); nil for other phases.
    public var countedRounds: Int? = nil
    /// The reps given for a phase that asks for them; nil until (and unless) answered.
    public var reps: Int? = nil
    /// The interruptions marked while it ran (focus phases only).
    public var marks: [PhaseMark] = []
    /// Whether `pomo void` ended it: a void Pomodoro, never done nor cut short.
    public var void = false
    /// The spans of the phase during which the person was away.
    public var away: [AwaySpan] = []

    /// Time spent in the phase, pauses left out, overtime in.
    public var elapsed: Duration { end - start - paused }

    /// The time the phase counts for (focus, for a focus phase): its elapsed time with the
    /// time away left out unless kept, and the time the away policy paused it through put in
    /// when kept; never below zero. The journal's rule (`JournalPhase.creditedSeconds`).
    public var credited: Duration {
      var total = elapsed
      for span in away { total += span.length * AwayCredit.sign(paused: span.paused, kept: span.kept) }
      return max(.zero, total)
    }
  }
}
