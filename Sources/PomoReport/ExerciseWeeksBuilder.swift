import PomoCore
import PomoJournal
import PomoPlatform

/// Gathers `ExerciseWeek`s from records, with the report's filters, each record once.
package struct ExerciseWeeksBuilder {
  package let filter: RangeFilter
  private var seen: Set<String> = []
  private var totals: [Int64: [ExerciseTotal]] = [:]

  package init(range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil) {
    filter = RangeFilter(range: range, calendar: calendar, tags: tags, preset: preset)
  }

  /// The span of time whose records to read.
  package var window: (from: Double, to: Double) { filter.window }

  package mutating func add(_ record: JournalRecord) {
    guard filter.matches(record), seen.insert(record.id).inserted else { return }
    let (range, calendar) = (filter.range, filter.calendar)
    for phase in record.phases where ExerciseTotal.counts(phase) {
      let day = calendar.day(of: phase.start)
      guard range.days.contains(day) else { continue }
      let week = LocalCalendar.weekStart(containing: day, weekStart: range.weekStart)
      ExerciseTotal.add(phase, to: &totals[week, default: []])
    }
  }

  /// By week, then by name.
  package func build() -> [ExerciseWeek] {
    totals.keys.sorted().flatMap { week in
      totals[week]!.sorted { $0.name < $1.name }.map { ExerciseWeek(week: week, total: $0) }
    }
  }
}
