import PomoCore
import PomoJournal

/// Adds up work phases into an `HourGrid`: pure, so tests feed it records directly.
package struct HourGridBuilder {
  package let filter: RangeFilter
  package var range: ReportRange { filter.range }
  package var calendar: LocalCalendar { filter.calendar }
  /// Microseconds, by row and column.
  private var focus = [[Int64]](repeating: [Int64](repeating: 0, count: 24), count: 7)
  private var seen = Set<UInt64>()

  package init(range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil) {
    filter = RangeFilter(range: range, calendar: calendar, tags: tags, preset: preset)
  }

  /// The span of instants worth reading.
  package var window: (from: Double, to: Double) { filter.window }

  /// Counts a record's work once, however often its id appears; time outside the range is
  /// left out. Seconds are credited as `DayCredit.hours` credits them, in microseconds, as
  /// the day totals do, so both ways agree.
  package mutating func add(_ record: JournalRecord) {
    // A workout's time is not focus.
    guard filter.matches(record), !record.workout, seen.insert(FNV1a.hash(record.id)).inserted else { return }
    let (from, to) = window
    // A void Pomodoro's time is not focus.
    for (k, phase) in record.phases.enumerated() where phase.kind == .work && !record.isVoid(k) {
      DayCredit.hours(.init(phase), calendar: calendar, from: from, to: to) { day, column, micros in
        focus[row(day)][column] &+= micros
      }
    }
  }

  /// Adds the hours a day table holds for the range (an unfiltered grid: the table knows no
  /// filters).
  package mutating func add(_ table: DayTable) {
    table.forEachHour(in: range.days) { cell in focus[row(cell.day)][Int(cell.column)] &+= cell.focus }
  }

  private func row(_ day: Int64) -> Int { (LocalCalendar.weekday(day) - range.weekStart + 7) % 7 }

  package func build() -> HourGrid {
    HourGrid(
      range: range, timeZone: calendar.zone.identifier, dayStart: calendar.dayStart,
      focus: focus.map { $0.map { Double($0) / 1_000_000 } })
  }
}
