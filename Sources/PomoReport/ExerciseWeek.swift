import PomoCore
import PomoJournal
import PomoPlatform

/// What `pomo report` adds up by exercise: each exercise's time, reps and rounds in each week
/// of the range (weeks begin on the report's week start), from the phases' `exercise`, `reps`
/// and `counted_rounds`. A phase counts in the week of the day it started.
public struct ExerciseWeek: Equatable, Sendable {
  /// The first day of the week.
  public var week: Int64
  public var total: ExerciseTotal

  public init(week: Int64, total: ExerciseTotal) {
    self.week = week
    self.total = total
  }
}
