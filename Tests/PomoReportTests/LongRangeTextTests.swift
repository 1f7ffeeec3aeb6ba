import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoReport

@Suite("Long-range text reports")
struct LongRangeTextTests {
  static func report(from: String, to: String, sessions: [(String, Double)]) -> Report {
    let calendar = LocalCalendar(zone: FixedZone())
    let first = LocalCalendar.parseDate(from)!
    let last = LocalCalendar.parseDate(to)!
    var builder = ReportBuilder(range: ReportRange(kind: .custom, days: first...last), calendar: calendar)
    for (k, (date, minutes)) in sessions.enumerated() {
      let start = calendar.start(of: LocalCalendar.parseDate(date)!) + 9 * 3600
      builder.add(focusSession("x\(k)", start: start, minutes: minutes))
    }
    return builder.build(today: last, streak: 0)
  }

  @Test("over 31 days a bar per week, whole; over 26 weeks a bar per month; over five years one per year")
  func grains() {
    let weeks = Self.report(
      from: "2026-10-01", to: "2026-11-15",
      sessions: [("2026-10-01", 50), ("2026-10-02", 25), ("2026-10-14", 100), ("2026-11-15", 25)])
    #expect(
      ReportText.render(weeks, width: 60, style: .plain) == """
        46 days: Thu 2026-10-01 to Sun 2026-11-15 (UTC)

        WEEK OF     FOCUS                            H:MM  DONE/CUT
        2026-09-28  #######################          1:15  2/0
        2026-10-05                                   0:00  0/0
        2026-10-12  ###############################  1:40  1/0
        2026-10-19                                   0:00  0/0
        2026-10-26                                   0:00  0/0
        2026-11-02                                   0:00  0/0
        2026-11-09  ########                         0:25  1/0

        Total: focus 3:20, rest 0:00, 4 sessions (4 completed, 0
          interrupted)
        Pomodoros: 4 done
        No focus in the previous 46 days to compare with
        Best day: Wed 2026-10-14 (1:40)
        Streak: 0 days with a completed session

        PRESET  SESSIONS   FOCUS
        work           4    3:20

        """)
    let months = ReportText.render(
      Self.report(from: "2025-01-01", to: "2026-11-30", sessions: [("2025-03-02", 60), ("2026-11-30", 30)]),
      width: 80, style: .plain
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(months[2].hasPrefix("MONTH "))
    #expect(months.filter { $0.hasSuffix("/0") }.count == 23)
    #expect(months[5].hasPrefix("March 2025") && months[5].contains("1:00  1/0"), "\(months)")
    let years = ReportText.render(
      Self.report(from: "2016-01-01", to: "2026-11-30", sessions: [("2016-06-01", 60)]), width: 40, style: .plain
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The title wraps at 40 columns, so the table starts a line later.
    #expect(years[3].hasPrefix("YEAR "), "\(years)")
    #expect(years[4].hasPrefix("2016 ") && years[4].hasSuffix("1:00  1/0"), "\(years)")
    #expect(years[14].hasPrefix("2026 "), "\(years)")
  }
}
