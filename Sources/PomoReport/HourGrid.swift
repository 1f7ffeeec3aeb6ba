import PomoCore
import PomoJournal

/// Focus by weekday and hour of the day over a range: `pomo report --hours`.
///
/// Rows are weekdays in the order of the week start; columns are the 24 hours of the local
/// wall clock, from the hour the day starts (`day_start`). A night owl's 01:00 on Saturday
/// morning is Friday's, as in every report.
package struct HourGrid: Equatable, Sendable {
  package var range: ReportRange
  package var timeZone: String
  /// Seconds after midnight the day starts; column 0 is the hour holding it.
  package var dayStart: Int
  /// focus[row][column], in seconds.
  package var focus: [[Double]]

  /// The hour of the day (0 to 23) a column shows.
  package func hour(ofColumn column: Int) -> Int { (dayStart / 3600 + column) % 24 }

  package var rowNames: [String] {
    (0..<7).map { LocalCalendar.weekdayNames[(range.weekStart - 1 + $0) % 7] }
  }

  /// Each cell in whole seconds: the rows' rounding keeps each row's total.
  package var seconds: [[Int64]] { focus.map(Report.roundedSeconds) }

  /// The cell with the most focus: (row, column, seconds), the earliest of equals.
  package var busiest: (row: Int, column: Int, seconds: Int64)? {
    var best: (row: Int, column: Int, seconds: Int64)?
    for (r, row) in seconds.enumerated() {
      for (c, s) in row.enumerated() where s > (best?.seconds ?? 0) { best = (r, c, s) }
    }
    return best
  }
}

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

/// The hours grid as people read it.
package enum HourGridText {
  package static func render(_ grid: HourGrid, width: Int, style: DisplayStyle) -> String {
    let width = max(20, width)
    let range = grid.range
    let seconds = grid.seconds
    let shades = Shades(values: seconds.flatMap { $0 }, least: 300)
    var out: [String] = []
    let title = "Focus by hour, \(range.heading) (\(grid.timeZone))"
    out.append(ANSI.paint(HeatmapText.wrapped(title, width), ANSI.bold, when: style.color))
    out.append("")
    // Two columns an hour when they fit, else one.
    let cell = width - 1 >= 4 + 48 ? 2 : 1
    let every = cell == 2 ? 3 : 6
    var header = "    "
    for column in stride(from: 0, to: 24, by: every) {
      header += TextLayout.padRight(RFC3339.pad(Int64(grid.hour(ofColumn: column)), 2), cell * every)
    }
    out.append(HeatmapText.trailingTrimmed(header))
    for (r, name) in grid.rowNames.enumerated() {
      let cells = seconds[r].map { Shades.cell(shades.level($0), width: cell, style: style) }
      let line = name + " " + cells.joined()
      out.append(style.color ? line : HeatmapText.trailingTrimmed(line))
    }
    out.append("")
    out.append(HeatmapText.flow(HeatmapText.legendParts(shades, style: style), width))
    out.append("")
    let total = seconds.flatMap { $0 }.reduce(0, +)
    out.append("Total focus: \(TimeText.hoursMinutes(seconds: total))")
    if let busiest = grid.busiest {
      let hour = RFC3339.pad(Int64(grid.hour(ofColumn: busiest.column)), 2)
      out.append(
        HeatmapText.wrapped(
          "Most focus: \(grid.rowNames[busiest.row]) \(hour):00 to \(hour):59 "
            + "(\(TimeText.hoursMinutes(seconds: busiest.seconds)))", width))
    }
    return out.joined(separator: "\n") + "\n"
  }
}

/// `--hours --format json` and `csv`: the grid's cells.
package enum HourGridData {
  package static func json(_ grid: HourGrid) -> String {
    let seconds = grid.seconds
    let value = JSONOutput.object([
      ("from", .string(LocalCalendar.isoDate(grid.range.days.lowerBound))),
      ("to", .string(LocalCalendar.isoDate(grid.range.days.upperBound))),
      ("time_zone", .string(grid.timeZone)),
      ("day_start", .string(clock(grid.dayStart))),
      ("weekdays", .array(grid.rowNames.map(JSONOutput.string))),
      ("hours", .array((0..<24).map { .int(Int64(grid.hour(ofColumn: $0))) })),
      ("focus_seconds", .array(seconds.map { .array($0.map(JSONOutput.int)) })),
    ])
    return value.text + "\n"
  }

  package static func csv(_ grid: HourGrid) -> String {
    var lines = ["weekday,hour,focus_seconds"]
    for (r, row) in grid.seconds.enumerated() {
      for (c, s) in row.enumerated() { lines.append("\(grid.rowNames[r]),\(grid.hour(ofColumn: c)),\(s)") }
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// "04:00".
  package static func clock(_ seconds: Int) -> String {
    "\(RFC3339.pad(Int64(seconds / 3600), 2)):\(RFC3339.pad(Int64(seconds / 60 % 60), 2))"
  }
}
