import PomoPlatform

/// What the voice says beyond each phase and the 3-2-1 cue, where a preset's `"announce"` asks.
package enum Announcement: String, Sendable, CaseIterable {
  /// During a rest, the exercise that comes next ("next: squats").
  case next
  /// In the middle of each phase (as `"halfway": true`).
  case halfway
  /// When the last round starts.
  case lastRound = "last_round"
}
