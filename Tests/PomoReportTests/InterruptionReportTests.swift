import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoReport

/// Reports count interruption marks per day, internal against external, and void time apart
/// from focus; a report with neither has the shape it always had.
@Suite("Interruption marks and void sessions in reports")
struct InterruptionReportTests {
  @Test("a report counts marks per day, internal against external, and void time apart from focus")
  func report() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let records = [
      InterruptionSamples.record("a", marks: [[.internal, .internal, .external]]),
      InterruptionSamples.record(
        "b", status: .void, at: InterruptionSamples.t0 + 86_400, marks: [[.external], [.internal]], focus: [1500, 420]),
      InterruptionSamples.record("c", status: .interrupted, at: InterruptionSamples.t0 + 2 * 86_400, focus: [600]),
    ]
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    var builder = ReportBuilder(range: range, calendar: calendar)
    for record in records { builder.add(record) }
    let report = builder.build(today: calendar.day(of: InterruptionSamples.t0))
    let days = report.days
    #expect(days[1].internalMarks == 2 && days[1].externalMarks == 1)
    #expect(days[2].internalMarks == 1 && days[2].externalMarks == 1)
    #expect(days[2].void == 1 && days[2].completed == 0 && days[2].interrupted == 0 && days[2].sessions == 1)
    // The Pomodoro done before the void one still counts as focus.
    #expect(days[2].focus == 1500 && days[2].voidFocus == 420)
    #expect(days[3].interrupted == 1 && days[3].void == 0)
    let totals = report.totals
    #expect(totals.focus == 1500 + 1500 + 600 && totals.voidFocus == 420)
    #expect(totals.internalMarks == 3 && totals.externalMarks == 2)

    // The day table says the same as the records.
    var changes = DayTable.Changes()
    for record in records { changes.add(record, calendar: calendar) }
    var table = DayTable()
    table.apply([changes])
    var fromTable = ReportBuilder(range: range, calendar: calendar)
    fromTable.add(table)
    #expect(fromTable.build(today: calendar.day(of: InterruptionSamples.t0)).days == report.days)

    let text = ReportText.render(report, width: 100, style: .plain)
    #expect(text.contains("MARKS"))
    #expect(text.contains("2' 1-"))
    #expect(text.contains("3 sessions (1 completed, 1 interrupted, 1 void)"))
    #expect(text.contains("Void: 1 Pomodoro, 0:07, not counted as focus"))
    #expect(text.contains("Interruptions: 3 internal ('), 2 external (-)"))
    // At 40 columns the table has no room for the marks: the totals still say them.
    let narrow = ReportText.render(report, width: 40, style: .plain)
    #expect(!narrow.contains("MARKS") && narrow.contains("Interruptions: 3 internal"), "\(narrow)")
    #expect(narrow.split(separator: "\n").allSatisfy { TextLayout.width(String($0)) < 40 }, "\(narrow)")
    let json = ReportJSON.render(report)
    #expect(
      json.contains(
        #""date":"2026-12-02","focus_seconds":1500,"rest_seconds":300,"sessions":1,"completed":0,"interrupted":0,"pomodoros":1,"cut_short":0,"workout_seconds":0,"workout_sessions":0,"void":1,"void_pomodoros":1,"void_seconds":420,"internal_marks":1,"external_marks":1}"#
      ))
    let csv = ReportCSV.render(report)
    #expect(
      csv.hasPrefix(
        "date,focus_seconds,rest_seconds,sessions,completed,interrupted,pomodoros,cut_short,workout_seconds,workout_sessions,void,void_seconds,internal_marks,external_marks\r\n"
      ))
    #expect(csv.contains("2026-12-02,1500,300,1,0,0,1,0,0,0,1,420,1,1\r\n"))
  }

  @Test("a report with no marks and no void session has the shape it always had")
  func quietReport() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    var builder = ReportBuilder(range: range, calendar: calendar)
    builder.add(InterruptionSamples.record("a"))
    let report = builder.build(today: 0)
    #expect(!ReportText.render(report, width: 100, style: .plain).contains("MARKS"))
    #expect(!ReportJSON.render(report).contains("void"))
    #expect(
      ReportCSV.render(report).hasPrefix(
        "date,focus_seconds,rest_seconds,sessions,completed,interrupted,pomodoros,cut_short,workout_seconds,workout_sessions\r\n"
      ))
  }
}
