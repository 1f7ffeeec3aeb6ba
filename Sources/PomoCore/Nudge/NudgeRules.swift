/// When `pomo nudge` nudges: the quiet time after a session (`--after`), the hours
/// (`--between`), the days (the config's `"work_days"`), and the preset its button starts.
package struct NudgeRules: Equatable, Sendable {
  /// No nudge until this long after the last session ended.
  package var after: Duration
  /// The hours of the day it may nudge in.
  package var between: DayWindow
  package var workDays: WorkDays
  /// The preset "Start work" runs.
  package var preset: String

  package init(
    after: Duration = defaultAfter, between: DayWindow = .office, workDays: WorkDays = .standard,
    preset: String = defaultPreset
  ) {
    self.after = after
    self.between = between
    self.workDays = workDays
    self.preset = preset
  }

  package static let defaultAfter = Duration.seconds(15 * 60)
  package static let defaultPreset = "work"
}
