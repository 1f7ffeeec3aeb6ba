import PomoCore
import PomoPlatform

/// What the text reports say of Pomodoros and workouts, in one wording for every range.
enum CountText {
  /// "Pomodoros: 5 done, 1 cut short" (the focus phases skipped or stopped before their end).
  static func pomodoros(_ totals: Report.Day) -> String {
    "Pomodoros: \(totals.pomodoros) done" + (totals.cutShort > 0 ? ", \(totals.cutShort) cut short" : "")
  }

  /// "Workouts: 0:13 of work, 2 workouts, not counted as focus", when the range has any.
  static func workouts(_ totals: Report.Day) -> [String] {
    guard totals.workoutSessions > 0 || totals.workout > 0 else { return [] }
    return [
      "Workouts: \(TimeText.hoursMinutes(seconds: Int64(totals.workout.rounded()))) of work, "
        + "\(TextLayout.count(totals.workoutSessions, "workout")), not counted as focus"
    ]
  }
}
