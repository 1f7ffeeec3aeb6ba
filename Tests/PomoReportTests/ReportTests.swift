import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoReport

@Suite("Report ranges")
struct ReportRangeTests {
  static let weeks: [(String?, String, Int, String, String)] = [
    (nil, "2026-12-01", 1, "2026-11-30", "2026-12-06"),
    ("this", "2026-11-29", 1, "2026-11-23", "2026-11-29"),
    ("last", "2026-12-01", 1, "2026-11-23", "2026-11-29"),
    ("2026-W48", "2026-12-01", 1, "2026-11-23", "2026-11-29"),
    ("2026-w01", "2026-12-01", 1, "2025-12-29", "2026-01-04"),  // week 1 starts in the old year
    ("2020-W53", "2026-12-01", 1, "2020-12-28", "2021-01-03"),  // a 53-week year
    ("2026-W53", "2026-12-01", 1, "2026-12-28", "2027-01-03"),
    ("2027-01-01", "2026-12-01", 1, "2026-12-28", "2027-01-03"),  // the turn of the year
    (nil, "2026-12-01", 7, "2026-11-29", "2026-12-05"),  // Sunday start
    ("last", "2026-11-29", 7, "2026-11-22", "2026-11-28"),
    ("2026-W48", "2026-12-01", 7, "2026-11-22", "2026-11-28"),
  ]

  @Test("weeks: ISO by default, week 53, the turn of the year, Sunday starts", arguments: weeks)
  func week(value: String?, today: String, start: Int, from: String, to: String) throws {
    let range = try #require(ReportRange.week(value, today: day(today), weekStart: start))
    #expect(LocalCalendar.isoDate(range.days.lowerBound) == from)
    #expect(LocalCalendar.isoDate(range.days.upperBound) == to)
  }

  @Test(
    "bad weeks are refused", arguments: ["2026-W54", "2025-W53", "2026-W00", "yesterday", "2026-13-01", "2026-02-30"])
  func badWeek(value: String) {
    #expect(ReportRange.week(value, today: day("2026-12-01"), weekStart: 1) == nil)
  }

  @Test("the year 0 has no dates: its days, weeks and months are refused, and the first of year 1 is not")
  func yearZero() throws {
    #expect(LocalCalendar.parseDate("0000-01-01") == nil)
    #expect(ReportRange.week("0000-01-01", today: day("2026-12-01"), weekStart: 1) == nil)
    #expect(ReportRange.week("0000-W01", today: day("2026-12-01"), weekStart: 1) == nil)
    #expect(ReportRange.month("0000-01", today: day("2026-12-01")) == nil)
    let first = try #require(ReportRange.week("0001-01-01", today: day("2026-12-01"), weekStart: 1))
    #expect(LocalCalendar.isoDate(first.days.lowerBound) == "0001-01-01")
  }

  @Test("ISO week numbers")
  func isoWeeks() {
    #expect(LocalCalendar.isoWeek(day("2021-01-03")) == (2020, 53))
    #expect(LocalCalendar.isoWeek(day("2026-12-31")) == (2026, 53))
    #expect(LocalCalendar.isoWeek(day("2027-01-04")) == (2027, 1))
    #expect(LocalCalendar.isoWeeks(in: 2026) == 53)
    #expect(LocalCalendar.isoWeeks(in: 2025) == 52)
    #expect(LocalCalendar.weekday(day("2026-12-01")) == 2)
  }

  @Test("months, and the period before each range")
  func months() throws {
    let november = try #require(ReportRange.month("2026-11", today: day("2026-12-01")))
    #expect(november.days == day("2026-11-01")...day("2026-11-30"))
    #expect(november.previous == day("2026-10-01")...day("2026-10-31"))
    let january = try #require(ReportRange.month("last", today: day("2027-02-10")))
    #expect(january.previous == day("2026-12-01")...day("2026-12-31"))
    #expect(ReportRange.month("2026-13", today: 0) == nil)
    let week = try #require(ReportRange.week(nil, today: day("2026-12-01"), weekStart: 1))
    #expect(week.previous == day("2026-11-23")...day("2026-11-29"))
  }

  @Test(
    "DST weeks: 167 and 169 hours, and every day starts at local midnight",
    arguments: [
      (RuleZone.berlin, "2026-03-29", "2026-10-25"), (RuleZone.newYork, "2026-03-08", "2026-11-01"),
    ])
  func dst(zone: RuleZone, springDay: String, fallDay: String) throws {
    let calendar = LocalCalendar(zone: zone)
    for (dayText, hours) in [(springDay, 167.0), (fallDay, 169.0)] {
      let week = try #require(ReportRange.week(dayText, today: 0, weekStart: 1))
      let length = calendar.start(of: week.days.upperBound + 1) - calendar.start(of: week.days.lowerBound)
      #expect(length / 3600 == hours)
      for d in week.days {
        let start = calendar.start(of: d)
        #expect(calendar.day(of: start) == d)
        #expect(calendar.day(of: start - 1) == d - 1)
        #expect(RFC3339.format(start, offset: zone.offset(at: start)).dropFirst(10).hasPrefix("T00:00:00"))
      }
      let short = calendar.start(of: day(dayText) + 1) - calendar.start(of: day(dayText))
      #expect(short == (hours == 167 ? 23 : 25) * 3600)
    }
  }
}

@Suite("Report totals")
struct ReportBuilderTests {
  let zone = FixedZone(identifier: "UTC", seconds: 0)

  func record(
    _ id: String, _ start: String, minutes: [(PhaseKind, Double)], status: JournalRecord.Status = .completed,
    preset: String = "work", tags: [String] = []
  ) -> JournalRecord {
    phasedSession(id, start, minutes: minutes, status: status, preset: preset, tags: tags)
  }

  func week(
    _ calendar: LocalCalendar? = nil, today: String = "2026-11-29", records: [JournalRecord], tags: [String] = []
  ) -> Report {
    let calendar = calendar ?? LocalCalendar(zone: zone)
    var builder = ReportBuilder(
      range: ReportRange.week("2026-W48", today: 0, weekStart: 1)!, calendar: calendar, tags: tags)
    for r in records { builder.add(r) }
    return builder.build(today: day(today))
  }

  @Test("a phase across midnight is split in proportion, and no second is lost")
  func midnight() {
    let report = week(records: [record("a", "2026-11-24T23:50:00Z", minutes: [(.work, 25)])])
    let focus = Report.roundedSeconds(report.days.map(\.focus))
    #expect(focus[1] == 600)
    #expect(focus[2] == 900)
    #expect(focus.reduce(0, +) == 1500)
    #expect(report.days[1].sessions == 1 && report.days[2].sessions == 0)  // counted on the day it started
  }

  @Test("odd splits still add up to the whole, across many midnights")
  func noSecondLost() {
    var records: [JournalRecord] = []
    for i in 0..<6 {
      records.append(record("r\(i)", "2026-11-2\(3 + i)T23:59:59.6Z", minutes: [(.work, 0.01 + Double(i) * 0.013)]))
    }
    let report = week(records: records)
    let total = records.reduce(0) { $0 + $1.focusSeconds }
    #expect(Report.roundedSeconds(report.days.map(\.focus)).reduce(0, +) == Int64(total.rounded()))
  }

  @Test("a phase across a DST change goes to the right local days")
  func dstSplit() {
    let calendar = LocalCalendar(zone: RuleZone.berlin)
    var builder = ReportBuilder(range: ReportRange.week("2026-03-29", today: 0, weekStart: 1)!, calendar: calendar)
    // 23:30 CET on Saturday 28 March to 00:30 CET Sunday: 30 min each side of local midnight.
    builder.add(record("a", "2026-03-28T22:30:00Z", minutes: [(.work, 60)]))
    // 01:30 to 03:30 CEST on Sunday: the clocks jumped, all of it is Sunday.
    builder.add(record("b", "2026-03-29T00:30:00Z", minutes: [(.work, 60)]))
    let report = builder.build(today: day("2026-03-29"))
    let focus = Report.roundedSeconds(report.days.map(\.focus))
    #expect(focus[5] == 1800)
    #expect(focus[6] == 1800 + 3600)
  }

  @Test("interrupted sessions: their time counts, they count as interrupted")
  func interrupted() {
    let report = week(records: [
      record("a", "2026-11-23T09:00:00Z", minutes: [(.work, 25), (.rest, 5)]),
      record("b", "2026-11-23T10:00:00Z", minutes: [(.work, 12)], status: .interrupted),
    ])
    #expect(report.days[0].completed == 1)
    #expect(report.days[0].interrupted == 1)
    #expect(report.totals.focus == 37 * 60)
    #expect(report.totals.rest == 5 * 60)
  }

  @Test("the same id twice counts once")
  func duplicates() {
    let a = record("a", "2026-11-23T09:00:00Z", minutes: [(.work, 25)])
    let report = week(records: [a, a, a])
    #expect(report.totals.sessions == 1)
    #expect(report.totals.focus == 1500)
  }

  @Test("streaks, the comparison and the best day")
  func streak() {
    let records = [
      record("p", "2026-11-17T09:00:00Z", minutes: [(.work, 50)]),  // last week
      record("a", "2026-11-27T09:00:00Z", minutes: [(.work, 30)]),
      record("b", "2026-11-28T09:00:00Z", minutes: [(.work, 25)]),
      record("c", "2026-11-29T09:00:00Z", minutes: [(.work, 5)], status: .interrupted),
      record("d", "2026-11-26T09:00:00Z", minutes: [(.work, 5)], status: .interrupted),
    ]
    let report = week(today: "2026-11-29", records: records)
    // Today has only an interrupted session: the streak runs through yesterday.
    #expect(report.streakDays == 2)
    #expect(report.previousFocus == 3000)
    #expect(report.focusChangePercent == 30)
    #expect(report.bestDay?.day == day("2026-11-27"))
    #expect(Streak.length(today: 12, completedOn: Set<Int64>([10, 11, 12]).contains) == 3)
    #expect(Streak.length(today: 12, completedOn: Set<Int64>([10, 11]).contains) == 2)
    #expect(Streak.length(today: 12, completedOn: Set<Int64>([10]).contains) == 0)
  }

  @Test("tag and preset filters, and the groups")
  func groups() {
    let records = [
      record("a", "2026-11-23T09:00:00Z", minutes: [(.work, 25)], preset: "work", tags: ["thesis"]),
      record("b", "2026-11-24T09:00:00Z", minutes: [(.work, 50)], preset: "52-17", tags: ["thesis", "ch3"]),
      record("c", "2026-11-25T09:00:00Z", minutes: [(.work, 20)], preset: "hiit"),
    ]
    let all = week(records: records)
    // The hiit is a workout: never in the table of focus by preset.
    #expect(all.presets.map(\.name) == ["52-17", "work"])
    #expect(all.workouts.map(\.name) == ["hiit"])
    #expect(all.tags.map { "\($0.name):\($0.sessions)" } == ["thesis:2", "ch3:1"])
    let thesis = week(records: records, tags: ["thesis"])
    #expect(thesis.totals.sessions == 2)
    #expect(thesis.totals.focus == 75 * 60)
  }

  static func sample() -> Report {
    let builderTests = ReportBuilderTests()
    return builderTests.week(
      today: "2026-11-29",
      records: [
        builderTests.record("p", "2026-11-18T09:00:00Z", minutes: [(.work, 100)]),
        builderTests.record(
          "a", "2026-11-23T09:00:00Z", minutes: [(.work, 25), (.rest, 5), (.work, 25), (.rest, 5), (.work, 25)],
          tags: ["thesis"]),
        builderTests.record(
          "b", "2026-11-24T14:00:00Z", minutes: [(.work, 52), (.rest, 17)], preset: "52-17", tags: ["thesis"]),
        builderTests.record("c", "2026-11-24T16:00:00Z", minutes: [(.work, 10)], status: .interrupted),
        builderTests.record("d", "2026-11-27T09:00:00Z", minutes: [(.work, 4), (.rest, 2)], preset: "hiit"),
      ])
  }

  @Test("the text report at 80 columns, whole")
  func text80() {
    let text = ReportText.render(Self.sample(), width: 80, style: DisplayStyle(unicode: true, color: false))
    #expect(
      text == """
        Week 48 of 2026: Mon 2026-11-23 to Sun 2026-11-29 (UTC)

        DAY             FOCUS                                            H:MM  DONE/CUT
        Mon 2026-11-23  ███████████████████████████████████████████████  1:15  3/0
        Tue 2026-11-24  ██████████████████████████████████████▉          1:02  1/1
        Wed 2026-11-25                                                   0:00  0/0
        Thu 2026-11-26                                                   0:00  0/0
        Fri 2026-11-27                                                   0:00  0/0
        Sat 2026-11-28                                                   0:00  0/0
        Sun 2026-11-29                                                   0:00  0/0

        Total: focus 2:17, rest 0:27, 3 sessions (2 completed, 1 interrupted)
        Pomodoros: 4 done, 1 cut short
        Workouts: 0:04 of work, 1 workout, not counted as focus
        +37% focus vs last week (1:40)
        Best day: Mon 2026-11-23 (1:15)
        Streak: 0 days with a completed session

        PRESET  SESSIONS   FOCUS
        work           2    1:25
        52-17          1    0:52

        TAG     SESSIONS   FOCUS
        thesis         2    2:07

        WORKOUT  SESSIONS    WORK
        hiit            1    0:04

        """)
  }

  @Test("the text report at 40 columns fits")
  func text40() {
    let text = ReportText.render(Self.sample(), width: 40, style: DisplayStyle(unicode: true, color: false))
    for line in text.split(separator: "\n") { #expect(line.count < 40, "\(line)") }
    #expect(text.contains("Mon 2026-11-23  ████"))
  }

  @Test("JSON: the documented shape, every day present, whole seconds")
  func json() throws {
    let text = ReportJSON.render(Self.sample())
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["from"] as? String == "2026-11-23")
    #expect(object["to"] as? String == "2026-11-29")
    #expect(object["time_zone"] as? String == "UTC")
    let days = try #require(object["days"] as? [[String: Any]])
    #expect(days.count == 7)
    #expect(days[1]["focus_seconds"] as? Int == 3720)
    #expect(days[1]["interrupted"] as? Int == 1)
    let totals = try #require(object["totals"] as? [String: Any])
    // The hiit's 4 minutes are workout time, not focus, and it is no focus session.
    #expect(totals["focus_seconds"] as? Int == 8220)
    #expect(totals["sessions"] as? Int == 3)
    #expect(totals["workout_seconds"] as? Int == 240 && totals["workout_sessions"] as? Int == 1)
    #expect((object["presets"] as? [[String: Any]])?.first?["name"] as? String == "work")
    #expect((object["tags"] as? [[String: Any]])?.first?["focus_seconds"] as? Int == 7620)
    #expect(object["streak_days"] as? Int == 0)
    #expect(
      text.hasPrefix(
        #"{"from":"2026-11-23","to":"2026-11-29","time_zone":"UTC","days":[{"date":"2026-11-23","focus_seconds":4500,"rest_seconds":600,"sessions":1,"completed":1,"interrupted":0,"pomodoros":3,"cut_short":0,"workout_seconds":0,"workout_sessions":0},"#
      ))
  }

  @Test("CSV, whole")
  func csv() {
    #expect(
      ReportCSV.render(Self.sample()) == [
        "date,focus_seconds,rest_seconds,sessions,completed,interrupted,pomodoros,cut_short,workout_seconds,workout_sessions",
        "2026-11-23,4500,600,1,1,0,3,0,0,0", "2026-11-24,3720,1020,2,1,1,1,1,0,0", "2026-11-25,0,0,0,0,0,0,0,0,0",
        "2026-11-26,0,0,0,0,0,0,0,0,0",
        // The hiit is a workout: its work is apart from focus, its rest no break of focus.
        "2026-11-27,0,0,0,0,0,0,0,240,1", "2026-11-28,0,0,0,0,0,0,0,0,0", "2026-11-29,0,0,0,0,0,0,0,0,0",
      ].joined(separator: "\r\n") + "\r\n")
  }
}
