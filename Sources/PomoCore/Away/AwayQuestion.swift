/// After time away under the `ask` policy: keep the time, drop it, or end the session.
package struct AwayQuestion: Equatable, Sendable {
  package var episode: Int
  package var cause: AwayCause
  /// How long the person was away.
  package var length: Duration
}
