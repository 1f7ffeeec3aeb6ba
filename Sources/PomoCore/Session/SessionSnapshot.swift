/// What a listener needs to draw the current moment.
package struct SessionSnapshot: Equatable, Sendable {
  package var phase: PlannedPhase
  package var phaseCount: Int
  package var rounds: Int
  package var remaining: Duration
  /// The phase's planned duration plus any extensions.
  package var length: Duration
  package var paused: Bool
  /// How far through the whole plan, 0 to 1.
  package var sessionFraction: Double
  /// How long a phase whose time is up has waited for confirmation; nil unless it waits.
  package var overtime: Duration?
  /// The phase has warned that its time is nearly up (`warnBefore`): displays show it in red.
  package var warned = false
  /// Whether the rounds go on until stopped (then no count of rounds is shown).
  package var endless = false
  /// The rounds marked so far, when the phase counts them (an AMRAP).
  package var counted: Int?
  /// Break time banked earlier today that the session's first earned rest will draw; nil once
  /// drawn, or when there is none.
  package var bank: Duration?
  /// The open question for an earlier phase's reps, and that phase.
  package var question: RepsQuestion?
  package var questionPhase: PlannedPhase?
  /// The interruptions marked in the phase, as the technique writes them (`'' -`); empty when none.
  package var marks = ""
  /// Why the person is away, while they are.
  package var away: AwayCause?
  /// The question after time away, while it is open.
  package var awayQuestion: AwayQuestion?

  /// "3/8", or "3" when the rounds are endless; nil outside the rounds.
  package var roundText: String? { phase.round.map { endless ? "\($0)" : "\($0)/\(rounds)" } }

  package init(
    phase: PlannedPhase, phaseCount: Int, rounds: Int, remaining: Duration, length: Duration, paused: Bool,
    sessionFraction: Double, overtime: Duration? = nil
  ) {
    self.overtime = overtime
    self.phase = phase
    self.phaseCount = phaseCount
    self.rounds = rounds
    self.remaining = remaining
    self.length = length
    self.paused = paused
    self.sessionFraction = sessionFraction
  }

  /// How far through the phase, 0 to 1.
  package var fraction: Double {
    let total = TimeText.seconds(length)
    guard total > 0 else { return 1 }
    return min(1, max(0, 1 - TimeText.seconds(remaining) / total))
  }
}
