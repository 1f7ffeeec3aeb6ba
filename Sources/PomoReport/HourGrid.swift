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
