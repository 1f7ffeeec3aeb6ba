/// What a phase does while the person is away (`"away": {"work": "pause", "rest": "run"}`).
package enum AwayPolicy: String, Equatable, Sendable, CaseIterable, ChoiceValue {
  /// The phase pauses when the person leaves and goes on when they come back.
  case pause
  /// The time counts; the span away is recorded, and reports leave it out of focus.
  case run
  /// The time counts; on return the session asks: keep the time, drop it, or end the session.
  case ask
}
