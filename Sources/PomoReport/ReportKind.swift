import PomoCore

/// Which sessions a report keeps (`--kind`): focus, workouts, or both (the default, each shown
/// apart: a workout's time is never focus).
package enum ReportKind: String, ChoiceValue {
  case focus
  case workout
  case all

  package func keeps(workout: Bool) -> Bool {
    switch self {
    case .focus: !workout
    case .workout: workout
    case .all: true
    }
  }
}
