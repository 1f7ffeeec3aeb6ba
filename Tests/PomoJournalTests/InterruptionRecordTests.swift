import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform
@testable import PomoReport
@testable import PomoSession

/// The phase field `"marks"`, the status `"void"` with `"void_reason"`, as the journal writes
/// and reads them, as corrections set them, as the state file keeps them, and as reports and
/// the day totals count them.
@Suite("Interruption marks and void sessions in the journal")
struct InterruptionRecordTests {
  static let t0 = RFC3339.parse("2026-12-01T09:00:00Z")!

  static func record(
    _ id: String, status: JournalRecord.Status = .completed, at start: Double = t0, marks: [[PhaseMark.Kind]] = [],
    focus: [Double] = [1500]
  ) -> JournalRecord {
    var phases: [JournalPhase] = []
    var t = start
    for (k, seconds) in focus.enumerated() {
      var phase = JournalPhase(
        name: "focus", kind: .work, round: k + 1, start: t, end: t + seconds, plannedSeconds: 1500,
        elapsedSeconds: seconds, completed: !(status == .void && k == focus.count - 1))
      if k < marks.count {
        phase.marks = marks[k].enumerated().map { PhaseMark(kind: $1, at: t + Double($0 + 1) * 60, note: "n\($0)") }
      }
      phases.append(phase)
      t += seconds
      if k < focus.count - 1 {
        phases.append(
          JournalPhase(
            name: "break", kind: .rest, round: k + 1, start: t, end: t + 300, plannedSeconds: 300,
            elapsedSeconds: 300, completed: true))
        t += 300
      }
    }
    return JournalRecord(
      id: id, preset: "work", status: status, start: start, end: t, host: "h", rounds: focus.count, phases: phases)
  }

  @Test("marks and a void reason are written and read back whole")
  func roundTrip() throws {
    var record = Self.record("r1", status: .void, marks: [[.internal, .external], [.internal]], focus: [1500, 600])
    record.voidReason = "the phone, for good"
    record.phases[0].marks[1].note = nil
    let line = record.json(offset: { _ in 3600 }).text
    #expect(line.contains(#""status":"void","void_reason":"the phone, for good""#))
    #expect(line.contains(#""marks":[{"at":"2026-12-01T10:01:00+01:00","kind":"internal","note":"n0"},"#))
    let read = try JournalRecord(line: Array(line.utf8))
    #expect(read == record)
    // Reports read no notes of sessions, but the log shows those of marks.
    let lean = try JournalRecord(line: Array(line.utf8), detail: false)
    #expect(lean.phases[0].marks == record.phases[0].marks)
    #expect(lean.status == .void && lean.voidReason == "the phone, for good")
  }

  @Test("a line written before marks and void reads as before")
  func olderLines() throws {
    let line = #"{"v":2,"id":"o","preset":"work","status":"interrupted","interruption":"quit","start":"2026-12-01T09:00:00+00:00","end":"2026-12-01T09:10:00+00:00","tags":[],"note":null,"host":"h","rounds":1,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"2026-12-01T09:00:00+00:00","end":"2026-12-01T09:10:00+00:00","planned_seconds":1500,"elapsed_seconds":600,"completed":false}]}"#
    let record = try JournalRecord(line: Array(line.utf8))
    #expect(record.status == .interrupted && record.voidReason == nil && record.lastVoid == nil)
    #expect(record.phases[0].marks.isEmpty)
    #expect(record.focusSeconds == 600 && record.voidSeconds == 0)
    #expect(record.json(offset: { _ in 0 }).text == line)
  }

  static let damaged: [(String, String)] = [
    (#"[{"at":"2026-12-01T09:01:00Z","kind":"urgent"}]"#, #""phases[0].marks[0].kind" must be internal or external"#),
    (#"[{"kind":"internal"}]"#, "phases[0].marks[0] is incomplete"),
    (#"[{"at":"yesterday","kind":"internal"}]"#, "invalid RFC 3339 time"),
    (#"["internal"]"#, "phases[0].marks[0] is not an object"),
    (#"{"kind":"internal"}"#, "expected '['"),
  ]

  @Test("a damaged mark makes a damaged line, named", arguments: damaged)
  func damagedMarks(marks: String, message: String) {
    let line =
      #"{"id":"d","start":"2026-12-01T09:00:00Z","phases":[{"kind":"work","start":"2026-12-01T09:00:00Z","end":"2026-12-01T09:25:00Z","elapsed_seconds":1500,"marks":"#
      + marks + "}]}"
    #expect(throws: JournalRecord.Problem.self) { try JournalRecord(line: Array(line.utf8)) }
    do {
      _ = try JournalRecord(line: Array(line.utf8))
    } catch {
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  @Test("a correction can make a session void, and back; older statuses are unchanged")
  func corrections() throws {
    let amend =
      #"{"v":2,"kind":"amend","id":"c1","target":"r1","at":"2026-12-02T10:00:00Z","host":"h","set":{"status":"void"}}"#
    guard case .correction(let correction) = try JournalEntry(line: Array(amend.utf8)[...]) else {
      Issue.record("not a correction")
      return
    }
    #expect(correction.changes.status == .void)
    var record = Self.record("r1", status: .interrupted, focus: [1500, 900])
    record.interruption = .quit
    let void = try #require(Fold.apply(record, [correction]))
    #expect(void.status == .void && void.interruption == nil)
    #expect(void.lastVoid == 2 && void.focusSeconds == 1500 && void.voidSeconds == 900)
    var back = void
    back.voidReason = "x"
    back = Fold.applying(Correction.Changes(status: .completed), to: back)
    #expect(back.status == .completed && back.voidReason == nil)
    let bad = amend.replacingOccurrences(of: #""void""#, with: #""voided""#)
    #expect(throws: JournalRecord.Problem.self) { try JournalEntry(line: Array(bad.utf8)[...]) }
  }

  @Test("the state file keeps the current phase's marks, and a crash records them")
  func stateFile() throws {
    let clock = FakeClock()
    let preset = Preset(name: "t", round: [phase("focus", .work, 60), phase("break", .rest, 5)])
    var engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    _ = engine.start()
    clock.advance(.seconds(10))
    _ = engine.apply(.mark(.external, "a knock"))
    clock.advance(.seconds(10))
    _ = engine.apply(.mark(.internal, nil))
    let info = SessionInfo(id: "s", host: "h", planCount: 2)
    let state = try #require(SessionState(engine: engine, info: info, pid: 42))
    #expect(state.phaseMarks.count == 2)
    let text = state.json(offset: { _ in 0 }).text
    let read = try SessionState(bytes: Array(text.utf8))
    #expect(read.phaseMarks == engine.marks)
    #expect(read.snapshot(at: read.updated).marks == "' -")
    let crashed = read.interruptedRecord(lastKnown: read.updated)
    #expect(crashed.phases.last?.marks == engine.marks)
    #expect(crashed.status == .interrupted)
  }

  @Test("a report counts marks per day, internal against external, and void time apart from focus")
  func report() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let records = [
      Self.record("a", marks: [[.internal, .internal, .external]]),
      Self.record("b", status: .void, at: Self.t0 + 86_400, marks: [[.external], [.internal]], focus: [1500, 420]),
      Self.record("c", status: .interrupted, at: Self.t0 + 2 * 86_400, focus: [600]),
    ]
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    var builder = ReportBuilder(range: range, calendar: calendar)
    for record in records { builder.add(record) }
    let report = builder.build(today: calendar.day(of: Self.t0))
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
    #expect(fromTable.build(today: calendar.day(of: Self.t0)).days == report.days)

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
    #expect(json.contains(#""date":"2026-12-02","focus_seconds":1500,"rest_seconds":300,"sessions":1,"completed":0,"interrupted":0,"pomodoros":1,"cut_short":0,"workout_seconds":0,"workout_sessions":0,"void":1,"void_pomodoros":1,"void_seconds":420,"internal_marks":1,"external_marks":1}"#))
    let csv = ReportCSV.render(report)
    #expect(csv.hasPrefix("date,focus_seconds,rest_seconds,sessions,completed,interrupted,pomodoros,cut_short,workout_seconds,workout_sessions,void,void_seconds,internal_marks,external_marks\r\n"))
    #expect(csv.contains("2026-12-02,1500,300,1,0,0,1,0,0,0,1,420,1,1\r\n"))
  }

  @Test("a report with no marks and no void session has the shape it always had")
  func quietReport() throws {
    let calendar = LocalCalendar(zone: FixedZone())
    let range = try #require(ReportRange.week("2026-W49", today: 0, weekStart: 1))
    var builder = ReportBuilder(range: range, calendar: calendar)
    builder.add(Self.record("a"))
    let report = builder.build(today: 0)
    #expect(!ReportText.render(report, width: 100, style: .plain).contains("MARKS"))
    #expect(!ReportJSON.render(report).contains("void"))
    #expect(
      ReportCSV.render(report).hasPrefix(
        "date,focus_seconds,rest_seconds,sessions,completed,interrupted,pomodoros,cut_short,workout_seconds,workout_sessions\r\n"))
  }
}
