import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoReport

/// Reports count by the one rule of what a record counts: done Pomodoros, cut short and
/// workouts apart, from the records and the day table alike.
@Suite("What a record counts, in reports")
struct RecordCountsReportTests {
  @Test("reports count done Pomodoros, cut short and workouts apart, from the records and the day table alike")
  func reportsCountTheRule() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    let today = calendar.day(of: RecordCountSamples.t0) + 2
    var builder = ReportBuilder(range: range, calendar: calendar)
    for record in try RecordCountSamples.history() { builder.add(record) }
    let report = builder.build(today: today)

    let days = report.days.filter { $0.sessions + $0.workoutSessions > 0 }
    #expect(days.map(\.pomodoros) == [4, 1, 0])
    #expect(days.map(\.cutShort) == [0, 1, 0])
    #expect(days.map(\.completed) == [1, 1, 0] && days.map(\.interrupted) == [0, 1, 0])
    #expect(days.map(\.sessions) == [1, 2, 0] && days.map(\.workoutSessions) == [0, 0, 1])
    #expect(days.map(\.focus) == [6000, 1502, 0] && days.map(\.workout) == [0, 0, 80])
    // The workout is not focus, and holds no Pomodoro: the streak ends on the day before it.
    #expect(report.streakDays == 2)
    #expect(report.workouts == [Report.Group(name: "hiit", sessions: 1, focus: 80)])
    #expect(report.presets.map(\.name) == ["work", "quick timers"])

    // The day table says the same as the records.
    var changes = DayTable.Changes()
    for record in try RecordCountSamples.history() { changes.add(record, calendar: calendar) }
    var table = DayTable()
    table.apply([changes])
    var fromTable = ReportBuilder(range: range, calendar: calendar)
    fromTable.add(table)
    let cached = fromTable.build(today: today, streak: report.streakDays)
    #expect(cached.days == report.days && cached.workouts == report.workouts && cached.presets == report.presets)

    let text = ReportText.render(report, width: 160, style: .plain)
    #expect(text.contains("DONE/CUT"))
    #expect(
      text.contains(
        "Total: focus 2:05, rest 0:15, 3 sessions (2 completed, 1 interrupted)\nPomodoros: 5 done, 1 cut short\n"))
    #expect(text.contains("Workouts: 0:01 of work, 1 workout, not counted as focus"))
    #expect(text.contains("Streak: 2 days with a completed session"))
    #expect(text.contains("WORKOUT  SESSIONS    WORK"))
    let json = ReportJSON.render(report)
    #expect(json.contains(#""pomodoros":4,"cut_short":0,"workout_seconds":0,"workout_sessions":0"#))
    #expect(json.contains(#""workouts":[{"name":"hiit","sessions":1,"work_seconds":80}]"#))
    let csv = ReportCSV.render(report)
    #expect(
      csv.contains("2026-12-02,1502,0,2,1,1,1,1,0,0\r\n") && csv.contains("2026-12-03,0,0,0,0,0,0,0,80,1\r\n"), "\(csv)"
    )
    let page = ReportHTML.render(report)
    for row in [
      "Pomodoros done</th><td class=\"n\">5", "Cut short</th><td class=\"n\">1",
      "Workouts</th><td class=\"n\">1 (0:01)",
    ] {
      #expect(page.contains(row), "\(row)")
    }
    let year = try #require(ReportRange.year("2026", today: today, weekStart: 1))
    var yearBuilder = ReportBuilder(range: year, calendar: calendar)
    for record in try RecordCountSamples.history() { yearBuilder.add(record) }
    let heatmap = HeatmapText.render(yearBuilder.build(today: today), width: 120, style: .plain)
    #expect(heatmap.contains("Pomodoros: 5 done, 1 cut short"), "\(heatmap)")
    #expect(heatmap.contains("Workouts: 0:01 of work, 1 workout, not counted as focus"), "\(heatmap)")
  }

  @Test("a full bar is the most focus; a day that reads 0:00 has none")
  func barsFollowTheMostFocus() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    var builder = ReportBuilder(range: range, calendar: calendar)
    // Only a focus skipped after 2 s: its day reads 0:00, so no bar, though it is the most.
    builder.add(try RecordCountSamples.record(RecordCountSamples.line(id: "s", phases: [("work", 1500, 2, false)])))
    let text = ReportText.render(builder.build(today: 0), width: 80, style: .plain)
    let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("Tue 2026-12-01") })
    #expect(!row.contains("█") && row.hasSuffix("0:00  0/1"), "\(row)")
    #expect(text.contains("Streak: 0 days"))
  }
}
