/// The person is away: since when, why, and what the engine did about it.
public struct AwayState: Equatable, Sendable {
  /// When they left, on the engine's clock.
  public var since: Duration
  public var cause: AwayCause
  package var episode: Int
  /// When the span of the current phase began (the leaving, or the phase's start).
  package var phaseSince: Duration
  /// Whether the current phase was paused when its span began.
  package var phasePaused: Bool
  /// Whether the away policy paused the current phase (so coming back resumes it).
  package var pausedIt: Bool
  /// Whether it was announced (`.away`): a sleep found by the clocks is said by `.slept`.
  package var announced: Bool
}
