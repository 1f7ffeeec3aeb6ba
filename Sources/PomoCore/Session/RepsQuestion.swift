import PomoPlatform

/// The question a phase with `"count": "reps"` asks when it ends: how many reps were done.
///
/// It stays open while the next phase runs, until it is answered (digits and Enter, or
/// `pomo rep N` from another shell), skipped (`q`, or Enter with nothing typed), or its time
/// is up; the answer goes on the record of the phase that asked. Open when the last phase
/// ends, it holds the session's end (`SessionEngine.Status.asking`) until it closes.
package struct RepsQuestion: Equatable, Sendable {
  /// The plan index of the phase that asks.
  package var phase: Int
  /// What has been typed so far: digits only, at most `digits` of them.
  package var typed = ""
  /// Why the last key was not taken, for the display to show until the next one.
  package var warning: String?
  /// When the question closes unanswered, on the engine's clock.
  package var closes: Duration

  /// How long a question waits for its answer.
  package static let timeout: Duration = .seconds(30)
  /// The most digits an answer has (`PhaseCount.range` is 0 to 9999).
  package static let digits = 4

  package init(phase: Int, closes: Duration) {
    self.phase = phase
    self.closes = closes
  }
}
