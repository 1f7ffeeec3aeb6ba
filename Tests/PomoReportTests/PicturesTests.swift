import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoReport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A year of sessions with a pattern people can check by eye: weekdays busy, weekends quiet,
/// more focus as each month goes on, nothing in August.
enum Sample {
  static var builder: ReportBuilderTests { ReportBuilderTests() }

  static func year(_ y: Int64 = 2026) -> [JournalRecord] {
    var records: [JournalRecord] = []
    for d in LocalCalendar.parseDate("\(y)-01-01")!...LocalCalendar.parseDate("\(y)-12-31")! {
      let (_, m, dd) = LocalCalendar.date(d)
      let weekday = LocalCalendar.weekday(d)
      guard m != 8, weekday < 6 || dd % 3 == 0 else { continue }
      let minutes = Double(25 * (1 + Int(dd) / 6))
      let start = RFC3339.format(Double(d * 86_400 + 9 * 3600), offset: 0)
      records.append(
        builder.record(
          "y\(d)", start, minutes: [(.work, minutes), (.rest, 5)], status: dd == 13 ? .interrupted : .completed,
          tags: weekday == 1 ? ["thesis"] : []))
    }
    return records
  }

  static func report(
    _ range: ReportRange, today: Int64, records: [JournalRecord], calendar: LocalCalendar? = nil, goal: Double? = nil
  ) -> Report {
    var builder = ReportBuilder(range: range, calendar: calendar ?? LocalCalendar(zone: FixedZone()))
    for r in records { builder.add(r) }
    return builder.build(today: today, goal: goal)
  }

  static func yearReport(goal: Double? = 7200) -> Report {
    report(
      ReportRange.year("2026", today: day("2026-12-31"), weekStart: 1)!, today: day("2026-12-31"), records: year(),
      goal: goal)
  }
}

@Suite("The year heatmap")
struct HeatmapTests {
  let plain = DisplayStyle(unicode: true, color: false)

  @Test("--year ranges: a calendar year, last year, or the 53 weeks ending this week")
  func ranges() throws {
    let today = day("2026-12-01")
    let rolling = try #require(ReportRange.year(nil, today: today, weekStart: 1))
    #expect(rolling.days == day("2025-12-01")...today)
    #expect(WeekGrid(range: rolling.days, weekStart: 1).columns == 53)
    #expect(rolling.title == "12 months")
    let y2026 = try #require(ReportRange.year("2026", today: today, weekStart: 1))
    #expect(y2026.days == day("2026-01-01")...day("2026-12-31"))
    #expect(y2026.title == "Year 2026")
    #expect(y2026.previous == day("2025-01-01")...day("2025-12-31"))
    #expect(ReportRange.year("last", today: today, weekStart: 7)?.days.lowerBound == day("2025-01-01"))
    #expect(ReportRange.year("26", today: today, weekStart: 1) == nil)
    #expect(ReportRange.year("2026-01", today: today, weekStart: 1) == nil)
    let sunday = WeekGrid(range: y2026.days, weekStart: 7)
    #expect(sunday.rowNames == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
    #expect(sunday.first == day("2025-12-28"))
  }

  @Test("the heatmap at 80 columns, whole")
  func text80() {
    let text = HeatmapText.render(Sample.yearReport(), width: 80, style: plain)
    #expect(text == Self.expected80)
    for line in text.split(separator: "\n") { #expect(line.count < 80, "\(line)") }
  }

  @Test("the heatmap at 40 columns: the most recent weeks, and it says so, whole")
  func text40() {
    let text = HeatmapText.render(Sample.yearReport(), width: 40, style: plain)
    #expect(text == Self.expected40)
    for line in text.split(separator: "\n") { #expect(line.count < 40, "\(line)") }
  }

  @Test("without UTF-8, the shades are ' .:*#'; in colour, goal days are underlined")
  func glyphs() {
    let ascii = HeatmapText.render(Sample.yearReport(), width: 80, style: DisplayStyle(unicode: false, color: false))
    let onlyASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(onlyASCII)
    #expect(ascii.contains("Key: . under 0:45  : 0:45+  * 1:30+  # 2:15+  blank: none"))
    let grid = ascii.split(separator: "\n", omittingEmptySubsequences: false)[3...9].joined()
    #expect(Set(grid.dropFirst(4)).isSubset(of: Set(" .:*#MonTueWdhuFriSatS")))
    let colour = HeatmapText.render(Sample.yearReport(), width: 80, style: DisplayStyle(unicode: true, color: true))
    #expect(colour.contains("\u{1B}[4m\u{1B}[38;5;203m█\u{1B}[0m"))
    #expect(colour.contains("Goal 2:00 a day: met on 64 days (underlined)"))
    let widths = ANSI.strip(colour).split(separator: "\n").map { TextLayout.width(String($0)) }
    #expect(widths.allSatisfy { $0 < 80 })
  }

  @Test("shades: round steps that reach the busy days, and their levels")
  func shades() {
    #expect(Shades(maximum: 5 * 3600).step == 5400)
    #expect(Shades(maximum: 0).step == 900)
    #expect(Shades(values: [0, 600, 3600, 3600, 40 * 3600]).step == 36_000)
    let s = Shades(step: 3600)
    #expect([0, 1, 3599, 3600, 7200, 10_799, 10_800, 99_999].map { s.level($0) } == [0, 1, 1, 2, 3, 3, 4, 4])
  }

  @Test("per-month focus, the best week and the longest streak")
  func summaries() throws {
    let report = Sample.yearReport()
    let months = report.months
    #expect(months.count == 12)
    #expect(months[7].focus == 0)
    let best = try #require(report.bestWeek)
    #expect(LocalCalendar.weekday(best.first) == 1)
    let longest = try #require(report.longestStreak)
    #expect(longest.days >= 5)
    #expect(report.totals.sessions == Sample.year().count)
  }

  @Test("JSON and CSV give the per-day data of the year")
  func data() throws {
    let report = Sample.yearReport()
    #expect(ReportCSV.render(report).split(separator: "\r\n").count == 366)
    let parsed = try JSONSerialization.jsonObject(with: Data(ReportJSON.render(report).utf8))
    let object = try #require(parsed as? [String: Any])
    #expect((object["days"] as? [Any])?.count == 365)
    #expect(object["daily_goal_seconds"] as? Int == 7200)
    #expect(object["goal_days"] as? Int == 64)
    #expect((object["longest_streak"] as? [String: Any])?["days"] as? Int == report.longestStreak?.days)
  }

  static let expected80 = """
    Year 2026: Thu 2026-01-01 to Thu 2026-12-31 (UTC)

        Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov  Dec
    Mon  ░▒▓▓░▒▒▓░▒▒▓█▒▒▓▓░▒▓▓░▒▒▓▓▒▒▓▓     ▒▒▓▓░▒▓▓░▒▒▓█▒▒▓▓
    Tue  ▒▒▓▓░▒▒▓░▒▒▓█▒▒▓▓░▒▓▓░▒▒▓█▒▒▓▓    ░▒▒▓▓▒▒▓▓░▒▒▓░▒▒▓▓
    Wed  ▒▒▓▓░▒▓▓░▒▓▓░▒▒▓▓▒▒▓▓░▒▒▓░▒▒▓▓    ░▒▒▓█▒▒▓▓░▒▓▓░▒▒▓█
    Thu ░▒▒▓▓░▒▓▓░▒▓▓░▒▒▓█▒▒▓▓░▒▓▓░▒▒▓█    ░▒▒▓░▒▒▓▓░▒▓▓░▒▒▓█
    Fri ░▒▒▓█▒▒▓▓▒▒▓▓░▒▒▓░▒▒▓▓░▒▓▓░▒▒▓█    ░▒▓▓░▒▒▓█▒▒▓▓░▒▓▓
    Sat ░  ▓   ▓   ▓   ▓  ▒  █▒  ▓  ▓       ▒  ░  ▓   ▓  ▒
    Sun   ▓   ▒   ▒   ▒  ░  ▓   ▓  ▒       ▒  ▓  ▓   ▒  ▒  ▓

    Key: ░ under 0:45  ▒ 0:45+  ▓ 1:30+  █ 2:15+  blank: none

    FOCUS BY MONTH
    2026-01 34:10   2026-02 27:55   2026-03 32:55   2026-04 32:05   2026-05 34:10
    2026-06 32:30   2026-07 34:35   2026-08 0:00    2026-09 32:30   2026-10 34:10
    2026-11 30:25   2026-12 35:00

    Total: focus 360:25, 269 sessions (261 completed, 8 interrupted)
    Pomodoros: 269 done
    Best week: from Mon 2026-05-25 (12:55)
    Longest streak: 7 days, Sun 2026-12-06 to Sat 2026-12-12
    Current streak: 5 days with a completed session
    Goal 2:00 a day: met on 64 days

    """
  static let expected40 = """
    Year 2026: Thu 2026-01-01 to Thu
      2026-12-31 (UTC)

            Jun Jul Aug  Sep Oct Nov  Dec
    Mon ░▒▓▓░▒▒▓▓▒▒▓▓     ▒▒▓▓░▒▓▓░▒▒▓█▒▒▓▓
    Tue ░▒▓▓░▒▒▓█▒▒▓▓    ░▒▒▓▓▒▒▓▓░▒▒▓░▒▒▓▓
    Wed ▒▒▓▓░▒▒▓░▒▒▓▓    ░▒▒▓█▒▒▓▓░▒▓▓░▒▒▓█
    Thu ▒▒▓▓░▒▓▓░▒▒▓█    ░▒▒▓░▒▒▓▓░▒▓▓░▒▒▓█
    Fri ▒▒▓▓░▒▓▓░▒▒▓█    ░▒▓▓░▒▒▓█▒▒▓▓░▒▓▓
    Sat ▒  █▒  ▓  ▓       ▒  ░  ▓   ▓  ▒
    Sun   ▓   ▓  ▒       ▒  ▓  ▓   ▒  ▒  ▓
    Showing the last 35 of 53 weeks: 58
      columns show them all.

    Key: ░ under 0:45  ▒ 0:45+  ▓ 1:30+
    █ 2:15+  blank: none

    FOCUS BY MONTH
    2026-01 34:10   2026-02 27:55
    2026-03 32:55   2026-04 32:05
    2026-05 34:10   2026-06 32:30
    2026-07 34:35   2026-08 0:00
    2026-09 32:30   2026-10 34:10
    2026-11 30:25   2026-12 35:00

    Total: focus 360:25, 269 sessions (261
      completed, 8 interrupted)
    Pomodoros: 269 done
    Best week: from Mon 2026-05-25 (12:55)
    Longest streak: 7 days, Sun 2026-12-06
      to Sat 2026-12-12
    Current streak: 5 days with a completed
      session
    Goal 2:00 a day: met on 64 days

    """
}

@Suite("The hours grid")
struct HourGridTests {
  let builder = ReportBuilderTests()

  func grid(_ records: [JournalRecord], calendar: LocalCalendar = LocalCalendar(zone: FixedZone())) -> HourGrid {
    var b = HourGridBuilder(range: ReportRange.week("2026-W48", today: 0, weekStart: 1)!, calendar: calendar)
    for r in records { b.add(r) }
    return b.build()
  }

  var records: [JournalRecord] {
    [
      builder.record("a", "2026-11-23T09:00:00Z", minutes: [(.work, 25), (.rest, 5), (.work, 25)]),
      builder.record("b", "2026-11-24T09:40:00Z", minutes: [(.work, 50)]),
      builder.record("c", "2026-11-25T22:30:00Z", minutes: [(.work, 60)]),
      builder.record("d", "2026-11-29T14:00:00Z", minutes: [(.work, 120)]),
      builder.record("e", "2026-11-22T23:00:00Z", minutes: [(.work, 120)]),  // half before the range
    ]
  }

  @Test("a phase is shared among the hours it spans; time outside the range is left out")
  func cells() {
    let g = grid(records)
    #expect(g.seconds[0][9] == 3000)  // Monday 09:00-09:55 minus the 5-minute break
    #expect(g.seconds[0][0] == 3600)  // Monday 00:00-01:00, the half of "e" in the range
    #expect(g.seconds[1][9] == 1200 && g.seconds[1][10] == 1800)
    #expect(g.seconds[2][22] == 1800 && g.seconds[2][23] == 1800)
    #expect(g.seconds[6][14] == 3600 && g.seconds[6][15] == 3600)
    let total: Int64 = g.seconds.flatMap { $0 }.reduce(0, +)
    let minutes: Int64 = 50 + 50 + 60 + 120 + 60
    #expect(total == minutes * 60)
  }

  @Test("the grid at 80 columns, whole")
  func text80() {
    let text = HourGridText.render(grid(records), width: 80, style: DisplayStyle(unicode: true, color: false))
    #expect(
      text == """
        Focus by hour, Week 48 of 2026: Mon 2026-11-23 to Sun 2026-11-29 (UTC)

            00    03    06    09    12    15    18    21
        Mon ██                ██
        Tue                   ▒▒▓▓
        Wed                                             ▓▓▓▓
        Thu
        Fri
        Sat
        Sun                             ████

        Key: ░ under 0:15  ▒ 0:15+  ▓ 0:30+  █ 0:45+  blank: none

        Total focus: 5:40
        Most focus: Mon 00:00 to 00:59 (1:00)

        """)
  }

  @Test("at 40 columns one column an hour; with day_start, columns start at that hour")
  func narrowAndDayStart() {
    let text = HourGridText.render(
      grid(records, calendar: LocalCalendar(zone: FixedZone(), dayStart: 4 * 3600)), width: 40,
      style: DisplayStyle(unicode: false, color: false))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = lines.firstIndex { $0.hasPrefix("    04") } ?? 0
    #expect(lines[header] == "    04    10    16    22")
    #expect(lines[header + 7].hasPrefix("Sun"))
    for line in lines { #expect(line.count < 40, "\(line)") }
    let g = grid(records, calendar: LocalCalendar(zone: FixedZone(), dayStart: 4 * 3600))
    #expect(g.hour(ofColumn: 0) == 4 && g.hour(ofColumn: 23) == 3)
    // "e", 23:00 Sunday to 01:00 Monday: with the day starting at 04:00 all of it is the Sunday
    // before the range, so it is left out; Monday 09:00 is column 5.
    #expect(g.seconds[0][20] == 0 && g.seconds[6][19] == 0)
    #expect(g.seconds[0][5] == 3000)
  }

  @Test("JSON and CSV")
  func data() throws {
    let g = grid(records)
    #expect(HourGridData.csv(g).split(separator: "\r\n").count == 1 + 7 * 24)
    #expect(HourGridData.csv(g).contains("\r\nMon,9,3000\r\n"))
    let parsed = try JSONSerialization.jsonObject(with: Data(HourGridData.json(g).utf8))
    let object = try #require(parsed as? [String: Any])
    #expect(object["day_start"] as? String == "00:00")
    #expect((object["focus_seconds"] as? [[Int]])?[0][9] == 3000)
  }
}

@Suite("Goals and day_start")
struct GoalTests {
  let builder = ReportBuilderTests()

  @Test("day_start: a day runs from 04:00 to 04:00 on the wall clock, 23 and 25 hours on DST days")
  func dayStartDST() {
    for zone in [RuleZone.berlin, RuleZone.newYork] {
      let calendar = LocalCalendar(zone: zone, dayStart: 4 * 3600)
      let (spring, fall) = zone.identifier == "Europe/Berlin" ? ("2026-03-29", "2026-10-25") : ("2026-03-08", "2026-11-01")
      for d in day(spring) - 2...day(fall) + 2 where d <= day(spring) + 2 || d >= day(fall) - 2 {
        let start = calendar.start(of: d)
        #expect(RFC3339.format(start, offset: zone.offset(at: start)).dropFirst(10).hasPrefix("T04:00:00"))
        #expect(calendar.day(of: start) == d && calendar.day(of: start - 1) == d - 1)
      }
      // The day before the change holds the change: 23 hours in spring, 25 in autumn.
      #expect(calendar.start(of: day(spring)) - calendar.start(of: day(spring) - 1) == 23 * 3600)
      #expect(calendar.start(of: day(spring) + 1) - calendar.start(of: day(spring)) == 24 * 3600)
      #expect(calendar.start(of: day(fall)) - calendar.start(of: day(fall) - 1) == 25 * 3600)
      #expect(calendar.identifier == zone.identifier + " +14400")
    }
    #expect(LocalCalendar(zone: RuleZone.berlin).identifier == "Europe/Berlin")
  }

  @Test("day_start: a night's work counts for the evening it began, across the spring change")
  func nightOwl() {
    let calendar = LocalCalendar(zone: RuleZone.berlin, dayStart: 4 * 3600)
    var b = ReportBuilder(range: ReportRange.week("2026-03-29", today: 0, weekStart: 1)!, calendar: calendar)
    // 01:30 CET to 03:30 CEST on Sunday 29 March (the clocks jump at 02:00): still Saturday's night.
    b.add(builder.record("a", "2026-03-29T00:30:00Z", minutes: [(.work, 60)]))
    // 03:50 to 04:20 CEST: 10 minutes Saturday's, 20 Sunday's.
    b.add(builder.record("b", "2026-03-29T01:50:00Z", minutes: [(.work, 30)]))
    // 23:00 Sunday to 00:30 Monday: all Sunday's.
    b.add(builder.record("c", "2026-03-29T21:00:00Z", minutes: [(.work, 90)]))
    let report = b.build(today: day("2026-03-29"), goal: 3600)
    let focus = report.focusSeconds
    #expect(focus[5] == 3600 + 600)
    #expect(focus[6] == 1200 + 5400)
    #expect(report.days[5].sessions == 2 && report.days[6].sessions == 1)
    #expect(report.goalMet == [false, false, false, false, false, true, true])
    #expect(report.streakDays == 2)
    // Without day_start the same sessions are Sunday's.
    var midnight = ReportBuilder(
      range: ReportRange.week("2026-03-29", today: 0, weekStart: 1)!, calendar: LocalCalendar(zone: RuleZone.berlin))
    midnight.add(builder.record("a", "2026-03-29T00:30:00Z", minutes: [(.work, 60)]))
    #expect(midnight.build(today: 0).focusSeconds[6] == 3600)
  }

  @Test("day_start: the autumn night with 25 hours keeps the repeated hour on one day")
  func nightOwlFall() {
    let calendar = LocalCalendar(zone: RuleZone.newYork, dayStart: 4 * 3600)
    var b = ReportBuilder(range: ReportRange.week("2026-11-01", today: 0, weekStart: 1)!, calendar: calendar)
    // 01:30 EDT, then 01:00-02:30 EST again: three hours, all Saturday 31 October's night.
    b.add(builder.record("a", "2026-11-01T05:30:00Z", minutes: [(.work, 180)]))
    let report = b.build(today: 0)
    #expect(report.focusSeconds[5] == 3 * 3600)
    #expect(report.focusSeconds[6] == 0)
    var hours = HourGridBuilder(range: ReportRange.week("2026-11-01", today: 0, weekStart: 1)!, calendar: calendar)
    hours.add(builder.record("a", "2026-11-01T05:30:00Z", minutes: [(.work, 180)]))
    let grid = hours.build()
    // Saturday's row from 04:00: 01:30-02:00 EDT and 01:00-02:00 EST both in the 01 column (21).
    #expect(grid.seconds[5][21] == 5400 && grid.seconds[5][22] == 3600 && grid.seconds[5][23] == 1800)
  }

  @Test("the week report marks the days that met the goal and counts them")
  func weekText() {
    var report = ReportBuilderTests.sample()
    report.goal = 3600
    let text = ReportText.render(report, width: 80, style: DisplayStyle(unicode: true, color: false))
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[3] == "Mon 2026-11-23  ███████████████████████████████████████████████  1:15  3/0  ✓")
    #expect(lines[4] == "Tue 2026-11-24  ██████████████████████████████████████▉          1:02  1/1  ✓")
    #expect(lines[5] == "Wed 2026-11-25                                                   0:00  0/0")
    #expect(text.contains("\nStreak: 0 days with a completed session\nGoal 1:00 a day: met on 2 of 7 days (✓)\n"))
    let ascii = ReportText.render(report, width: 80, style: DisplayStyle(unicode: false, color: false))
    #expect(ascii.contains("1:15  3/0  *\n"))
    let json = ReportJSON.render(report)
    #expect(json.contains(#""workout_sessions":0,"goal_met":true}"#))
    #expect(json.contains(#""daily_goal_seconds":3600,"goal_days":2"#))
  }

  @Test("config: daily_goal is a duration, day_start a time of day; bad values name the key")
  func config() throws {
    let config = try Config.parse(Array(#"{"daily_goal": "4h", "day_start": "04:30"}"#.utf8), file: "c.json")
    #expect(config.dailyGoal == 14_400)
    #expect(config.dayStart == 4 * 3600 + 1800)
    #expect(Config.clockTime("24:00") == nil && Config.clockTime("4:00") == nil && Config.clockTime("00:00") == 0)
    for (text, message) in [
      (#"{"daily_goal": "lots"}"#, #"daily_goal: expected a duration like "25m", "90s", "1h30m" or "1:30", got "lots""#),
      (#"{"day_start": "25:00"}"#, #"day_start: expected a time of day on a quarter hour like "04:00" or "03:30", got "25:00""#),
      (#"{"day_start": "04:10"}"#, #"day_start: expected a time of day on a quarter hour"#),
      (#"{"day_start": 4}"#, "day_start: expected a string"),
    ] {
      let error = Config.refusal(text)?.description
      #expect(error?.contains(message) == true, "\(error ?? "\(text) was taken")")
    }
  }
}

@Suite("SVG and HTML")
struct PictureFormatTests {
  /// Parses `text` as XML (Foundation's XMLDocument, libxml2 underneath) and returns the
  /// elements holding class `day`.
  func parse(_ text: String) throws -> (document: XMLDocument, days: [XMLNode]) {
    let document = try XMLDocument(xmlString: text, options: [])
    let days = try document.nodes(forXPath: "//*[contains(concat(' ', @class, ' '), ' day ')]")
    return (document, days)
  }

  func count(_ document: XMLDocument, _ xpath: String) throws -> Int { try document.nodes(forXPath: xpath).count }

  /// Nothing that would reach outside the file: links, scripts, fonts or images by URL.
  func selfContained(_ text: String, _ document: XMLDocument) throws {
    #expect(try count(document, "//@*[local-name()='href' or local-name()='src']") == 0)
    #expect(try count(document, "//*[local-name()='script' or local-name()='link' or local-name()='image']") == 0)
    #expect(!text.contains("url(") && !text.contains("@import"))
    let withoutNamespace = text.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
    #expect(!withoutNamespace.contains("http"))
  }

  var reports: [(String, Report)] {
    let week = ReportBuilderTests.sample()
    var goalWeek = week
    goalWeek.goal = 3600
    var tricky = week
    tricky.tags = [Report.Group(name: "R&D <\"ch3\"> \u{1B}[31m", sessions: 1, focus: 60)]
    let month = Sample.report(
      ReportRange.month("2026-11", today: 0)!, today: day("2026-11-30"), records: Sample.year(), goal: 7200)
    return [
      ("week", week), ("week with a goal", goalWeek), ("names from files", tricky), ("month", month),
      ("year", Sample.yearReport()),
    ]
  }

  @Test("SVG: well-formed, one cell per day, a title and a description, nothing external")
  func svg() throws {
    for (name, report) in reports {
      let text = ReportSVG.render(report)
      let (document, days) = try parse(text)
      #expect(days.count == report.days.count, "\(name)")
      #expect(document.rootElement()?.name == "svg")
      #expect(try count(document, "/*/*[local-name()='title']") == 1)
      #expect(try count(document, "/*/*[local-name()='desc']") == 1)
      #expect(text.contains("@media (prefers-color-scheme: dark)"))
      try selfContained(text, document)
      // Each cell says its date, in order.
      let dates = try document.nodes(forXPath: "//*[contains(concat(' ', @class, ' '), ' day ')]/@data-date")
        .compactMap(\.stringValue)
      #expect(dates == report.days.map { LocalCalendar.isoDate($0.day) }, "\(name)")
    }
    let year = try parse(ReportSVG.render(Sample.yearReport()))
    #expect(year.days.count == 365)
    #expect(try count(year.document, "//*[contains(@class, 'met')]") == 64 + 1)  // and the legend's swatch
    let legend = try year.document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
    #expect(legend.contains("under 0:45") && legend.contains("2:15+") && legend.contains("goal 2:00 met"))
    #expect(legend.contains("Jan") && legend.contains("Dec") && legend.contains("Mon"))
  }

  @Test("HTML: one well-formed page, the picture and the tables, no script, dark and light")
  func html() throws {
    for (name, report) in reports {
      let text = ReportHTML.render(report)
      #expect(text.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
      let (document, days) = try parse(text)
      #expect(days.count == report.days.count, "\(name)")
      try selfContained(text, document)
      #expect(try count(document, "//*[local-name()='svg']") == 1)
      let headings = try document.nodes(forXPath: "//*[local-name()='h2']").compactMap(\.stringValue)
      #expect(headings.starts(with: ["Totals", "Streak and goal"]), "\(name): \(headings)")
      #expect(text.contains("@media (prefers-color-scheme: dark)"))
      #expect(text.contains("<meta name=\"color-scheme\" content=\"light dark\"/>"))
    }
    let page = ReportHTML.render(reports[1].1)
    let document = try XMLDocument(xmlString: page, options: [])
    let cells = try document.nodes(forXPath: "//*[local-name()='td' or local-name()='th']").compactMap(\.stringValue)
    for expected in ["Focus", "2:17", "Pomodoros done", "Workouts", "1 (0:04)", "Daily goal", "1:00", "Days met", "2 of 7", "work", "52-17", "thesis", "2:07"] {
      #expect(cells.contains(expected), "\(expected)")
    }
    // Names from files are escaped and made inert.
    let tricky = ReportHTML.render(reports[2].1)
    #expect(tricky.contains("R&amp;D &lt;&quot;ch3&quot;&gt;"))
    #expect(!tricky.contains("\u{1B}"))
  }
}
