import PomoCore
import PomoJournal

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
