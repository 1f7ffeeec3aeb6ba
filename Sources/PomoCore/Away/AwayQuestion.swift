/// After time away under the `ask` policy: keep the time, drop it, or end the session.
public struct AwayQuestion: Equatable, Sendable {
  package var episode: Int
  public var cause: AwayCause
  /// How long the person was away.
  public var length: Duration
}
