import PomoCore

/// The weeks of a range as columns of seven days, the way calendar heatmaps lay them out: pure
/// geometry shared by the terminal and SVG pictures.
package struct WeekGrid: Equatable, Sendable {
  /// The first day of the first column (a week start, possibly before the range).
  package var first: Int64
  package var columns: Int
  package var range: ClosedRange<Int64>
  package var weekStart: Int

  package init(range: ClosedRange<Int64>, weekStart: Int) {
    self.range = range
    self.weekStart = weekStart
    first = LocalCalendar.weekStart(containing: range.lowerBound, weekStart: weekStart)
    let last = LocalCalendar.weekStart(containing: range.upperBound, weekStart: weekStart)
    columns = Int((last - first) / 7) + 1
  }

  /// The day in a column and row, nil when it falls outside the range.
  package func day(column: Int, row: Int) -> Int64? {
    let d = first + Int64(column * 7 + row)
    return range.contains(d) ? d : nil
  }

  /// The weekday names of the rows: Mon to Sun, or Sun to Sat.
  package var rowNames: [String] {
    (0..<7).map { LocalCalendar.weekdayNames[(weekStart - 1 + $0) % 7] }
  }

  /// The columns where a month begins (the week holding its 1st, inside the range), with the
  /// month's number.
  package var monthStarts: [(column: Int, month: Int64)] {
    var result: [(column: Int, month: Int64)] = []
    for c in 0..<columns {
      for r in 0..<7 {
        guard let d = day(column: c, row: r) else { continue }
        let (_, m, dd) = LocalCalendar.date(d)
        if (result.isEmpty || dd == 1) && result.last?.month != m { result.append((c, m)) }
      }
    }
    return result
  }
}
