/// What a listener needs to draw the current moment.
public struct SessionSnapshot: Equatable, Sendable {
  public var phase: PlannedPhase
  public var phaseCount: Int
  public var rounds: Int
  public var remaining: Duration
  /// The phase's planned duration plus any extensions.
  public var length: Duration
  public var paused: Bool
  /// How far through the whole plan, 0 to 1.
  public var sessionFraction: Double
  /// How long a phase whose time is up has waited for confirmation; nil unless it waits.
  public var overtime: Duration?
  /// The phase has warned that its time is nearly up (`warnBefore`): displays show it in red.
  public var warned = false
  /// Whether the rounds go on until stopped (then no count of rounds is shown).
  public var endless = false
  /// The rounds marked so far, when the phase counts them (an AMRAP).
  public var counted: Int?
  /// Break time banked earlier today that the session's first earned rest will draw; nil once
  /// drawn, or when there is none.
  public var bank: Duration?
  /// The open question for an earlier phase's reps, and that phase.
  public var question: RepsQuestion?
  public var questionPhase: PlannedPhase?
  /// The interruptions marked in the phase, as the technique writes them (`'' -`); empty when none.
  public var marks = ""
  /// Why the person is away, while they are.
  public var away: AwayCause?
  /// The question after time away, while it is open.
  public var awayQuestion: AwayQuestion?

  /// "3/8", or "3" when the rounds are endless; nil outside the rounds.
  public var roundText: String? { phase.round.map { endless ? "\($0)" : "\($0)/\(rounds)" } }

  public init(
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
  public var fraction: Double {
    let total = TimeText.seconds(length)
    guard total > 0 else { return 1 }
    return min(1, max(0, 1 - TimeText.seconds(remaining) / total))
  }
}
