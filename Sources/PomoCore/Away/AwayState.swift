/// The person is away: since when, why, and what the engine did about it.
///
/// The current phase's time away is kept in pieces: each pause or resume while away closes
/// the piece under way and opens the next, so every piece says truly whether the phase ran
/// through it. A piece the phase ran through (`run`, `ask`, or a resume while away) counts in
/// its elapsed time; one the away policy paused it through is in its paused time; one it was
/// paused through by hand is a pause like any other, and no span at all.
package struct AwayState: Equatable, Sendable {
  /// When they left, on the engine's clock.
  package var since: Duration
  package var cause: AwayCause
  package var episode: Int
  /// When the piece under way began (the leaving, the phase's start, or the last pause or
  /// resume while away).
  package var phaseSince: Duration
  /// Whether the current phase is paused through the piece under way.
  package var phasePaused: Bool
  /// Whether the away policy paused the current phase and still holds it (so coming back
  /// resumes it): a pause by hand while it does takes the pause over, and clears this.
  package var pausedIt: Bool
  /// Whether it was announced (`.away`): a sleep found by the clocks is said by `.slept`.
  package var announced: Bool

  /// Whether the piece under way is time away a span records: the phase ran through it, or
  /// the away policy paused it. Paused by hand, it is a pause, away or not.
  package var recordsPiece: Bool { !phasePaused || pausedIt }
}
