/// A stretch of one phase during which the person was away, on the engine's clock.
package struct AwaySpan: Equatable, Sendable {
  package var start: Duration
  package var end: Duration
  package var cause: AwayCause
  /// Whether the phase was paused through it (the `pause` policy, or a pause before): its
  /// time is then in the phase's paused time, not in its elapsed time.
  package var paused: Bool
  /// Whether the time was kept (true) or dropped (false); nil until decided.
  package var kept: Bool?
  /// Which time away this span belongs to (one can cross phases), for an answer to find it.
  package var episode: Int

  package init(start: Duration, end: Duration, cause: AwayCause, paused: Bool, kept: Bool? = nil, episode: Int) {
    self.start = start
    self.end = end
    self.cause = cause
    self.paused = paused
    self.kept = kept
    self.episode = episode
  }

  package var length: Duration { end - start }
}
