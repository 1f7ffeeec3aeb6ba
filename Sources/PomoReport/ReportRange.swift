import PomoJournal
import PomoCore
import PomoPlatform

/// The days a report covers, and the period before it of the same length to compare with.
package struct ReportRange: Equatable, Sendable {
  package enum Kind: Equatable, Sendable {
    case week
    case month
    case day
    case custom
    /// `--year`: a calendar year, or the weeks of the last 12 months ending this week.
    case year
  }

  package var kind: Kind
  package var days: ClosedRange<Int64>
  package var weekStart: Int

  package init(kind: Kind, days: ClosedRange<Int64>, weekStart: Int = 1) {
    self.kind = kind
    self.days = days
    self.weekStart = weekStart
  }

  package var count: Int64 { days.upperBound - days.lowerBound + 1 }

  /// The period just before, of the same kind: last week, last month, yesterday, or the same
  /// number of days.
  package var previous: ClosedRange<Int64> {
    if kind == .year, title.hasPrefix("Year ") {
      let (y, _, _) = LocalCalendar.date(days.lowerBound)
      return RFC3339.days(fromCivil: y - 1, 1, 1)...(days.lowerBound - 1)
    }
    if kind == .month {
      let (y, m, _) = LocalCalendar.date(days.lowerBound)
      return m == 1 ? LocalCalendar.monthRange(year: y - 1, month: 12) : LocalCalendar.monthRange(year: y, month: m - 1)
    }
    return (days.lowerBound - count)...(days.lowerBound - 1)
  }

  /// "last week", "last month", "yesterday", "the previous 28 days".
  package var previousName: String {
    switch kind {
    case .week: "last week"
    case .month: "last month"
    case .day: "the day before"
    case .custom: count == 1 ? "the day before" : "the previous \(count) days"
    case .year: "the year before"
    }
  }

  /// The days it covers: "Mon 2026-11-30 to Sun 2026-12-06", or "Tue 2026-12-01" for one day.
  package var span: String {
    count == 1
      ? LocalCalendar.label(days.lowerBound)
      : "\(LocalCalendar.label(days.lowerBound)) to \(LocalCalendar.label(days.upperBound))"
  }

  /// The title and the days it covers, each said once: "Week 49 of 2026: Mon 2026-11-30 to
  /// Sun 2026-12-06", but "Tue 2026-12-01" for a day, however the day was chosen.
  package var heading: String { title == span ? span : "\(title): \(span)" }

  /// "Week 48 of 2026", "November 2026", "Tue 2026-12-01", "28 days".
  package var title: String {
    switch kind {
    case .week:
      if weekStart == 1 {
        let (year, week) = LocalCalendar.isoWeek(days.lowerBound)
        return "Week \(week) of \(year)"
      }
      return "Week of \(LocalCalendar.label(days.lowerBound))"
    case .month:
      let (y, m, _) = LocalCalendar.date(days.lowerBound)
      return "\(LocalCalendar.monthNames[Int(m) - 1]) \(y)"
    case .day:
      return LocalCalendar.label(days.lowerBound)
    case .custom:
      // A range of one day (--from D --to D) is that day.
      return count == 1 ? LocalCalendar.label(days.lowerBound) : TextLayout.count(count, "day")
    case .year:
      let (y, m, d) = LocalCalendar.date(days.lowerBound)
      return m == 1 && d == 1 && count >= 365 ? "Year \(y)" : "12 months"
    }
  }

  /// Resolves `--year [YYYY]`: a calendar year, or by default the weeks of the 12 months ending
  /// with this week (53 columns of the heatmap), up to today.
  package static func year(_ value: String?, today: Int64, weekStart: Int) -> ReportRange? {
    guard let value, value.lowercased() != "this" else {
      let first = LocalCalendar.weekStart(containing: today, weekStart: weekStart) - 52 * 7
      return ReportRange(kind: .year, days: first...today, weekStart: weekStart)
    }
    let (ty, _, _) = LocalCalendar.date(today)
    let year: Int64
    if value.lowercased() == "last" {
      year = ty - 1
    } else {
      guard value.utf8.count == 4, value.allSatisfy(\.isASCIIDigit), let y = Int64(value), y >= 1 else { return nil }
      year = y
    }
    let first = RFC3339.days(fromCivil: year, 1, 1)
    let last = RFC3339.days(fromCivil: year + 1, 1, 1) - 1
    return ReportRange(kind: .year, days: first...last, weekStart: weekStart)
  }

  /// Resolves `--week VALUE`: "this", "last", "2026-W48" or a date inside the week.
  package static func week(_ value: String?, today: Int64, weekStart: Int) -> ReportRange? {
    let calendar = { (day: Int64) in LocalCalendar.weekStart(containing: day, weekStart: weekStart) }
    var first: Int64
    switch value?.lowercased() {
    case nil, "this": first = calendar(today)
    case "last": first = calendar(today) - 7
    case let text?:
      if let day = LocalCalendar.parseDate(text) {
        first = calendar(day)
      } else {
        let parts = text.uppercased().split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[0].allSatisfy(\.isASCIIDigit),
          parts[1].dropFirst().allSatisfy(\.isASCIIDigit), let year = Int64(parts[0]), year >= 1, parts[1].hasPrefix("W"),
          let week = Int64(parts[1].dropFirst()), parts[1].count == 3, week >= 1,
          week <= LocalCalendar.isoWeeks(in: year)
        else { return nil }
        // ISO weeks start on Monday; a Sunday-first week starts the day before.
        first = LocalCalendar.isoWeek1Monday(year) + (week - 1) * 7 - (weekStart == 7 ? 1 : 0)
      }
    }
    return ReportRange(kind: .week, days: first...(first + 6), weekStart: weekStart)
  }

  /// Resolves `--month VALUE`: "this", "last" or "2026-11".
  package static func month(_ value: String?, today: Int64) -> ReportRange? {
    let (ty, tm, _) = LocalCalendar.date(today)
    var (y, m) = (ty, tm)
    switch value?.lowercased() {
    case nil, "this": break
    case "last": (y, m) = tm == 1 ? (ty - 1, 12) : (ty, tm - 1)
    case let text?:
      let parts = text.split(separator: "-")
      guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
        parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), let py = Int64(parts[0]),
        let pm = Int64(parts[1]),
        py >= 1, (1...12).contains(pm)
      else { return nil }
      (y, m) = (py, pm)
    }
    return ReportRange(kind: .month, days: LocalCalendar.monthRange(year: y, month: m))
  }
}
