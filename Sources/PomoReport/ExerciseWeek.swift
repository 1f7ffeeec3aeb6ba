import PomoCore
import PomoJournal
import PomoPlatform

/// What `pomo report` adds up by exercise: each exercise's time, reps and rounds in each week
/// of the range (weeks begin on the report's week start), from the phases' `exercise`, `reps`
/// and `counted_rounds`. A phase counts in the week of the day it started.
package struct ExerciseWeek: Equatable, Sendable {
  /// The first day of the week.
  package var week: Int64
  package var total: ExerciseTotal

  package init(week: Int64, total: ExerciseTotal) {
    self.week = week
    self.total = total
  }
}
