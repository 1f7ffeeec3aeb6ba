import Testing

@testable import PomoCore
@testable import PomoReport

/// A report of one day is headed "Tue 2026-12-01", never "Tue 2026-12-01: Tue 2026-12-01".
@Suite("A report's heading says its days once")
struct ReportHeadingTests {
  static let day = LocalCalendar.parseDate("2026-12-01")!

  static let cases: [(ReportRange, String)] = [
    (ReportRange(kind: .day, days: day...day), "Tue 2026-12-01"),
    (ReportRange(kind: .day, days: (day - 1)...(day - 1)), "Mon 2026-11-30"),
    (ReportRange(kind: .custom, days: day...day), "Tue 2026-12-01"),
    (ReportRange(kind: .custom, days: (day - 1)...day), "2 days: Mon 2026-11-30 to Tue 2026-12-01"),
    (ReportRange.week(nil, today: day, weekStart: 1)!, "Week 49 of 2026: Mon 2026-11-30 to Sun 2026-12-06"),
    (ReportRange.month("2026-12", today: day)!, "December 2026: Tue 2026-12-01 to Thu 2026-12-31"),
  ]

  @Test("a one-day range, however chosen, is headed by its day once", arguments: cases)
  func heading(range: ReportRange, expected: String) {
    #expect(range.heading == expected)
  }

  @Test("the text, hours and picture of one day name the day once")
  func rendered() {
    let calendar = LocalCalendar(zone: FixedZone())
    for range in [ReportRange(kind: .day, days: Self.day...Self.day), ReportRange(kind: .custom, days: Self.day...Self.day)]
    {
      let report = ReportBuilder(range: range, calendar: calendar).build(today: Self.day)
      #expect(ReportText.render(report, width: 80, style: .plain).hasPrefix("Tue 2026-12-01 (UTC)\n"))
      #expect(ReportSVG.description(report, picture: "A bar chart").hasPrefix("A bar chart of focus on Tue 2026-12-01 (UTC):"))
      let grid = HourGridBuilder(range: range, calendar: calendar, tags: [], preset: nil).build()
      #expect(HourGridText.render(grid, width: 80, style: .plain).hasPrefix("Focus by hour, Tue 2026-12-01 (UTC)\n"))
    }
  }
}
