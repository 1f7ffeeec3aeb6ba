import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// The phase field `"marks"`, the status `"void"` with `"void_reason"`, as the journal writes
/// and reads them, as corrections set them, as the state file keeps them, and as reports and
/// the day totals count them.
@Suite("Interruption marks and void sessions in the journal")
struct InterruptionRecordTests {
  @Test("marks and a void reason are written and read back whole")
  func roundTrip() throws {
    var record = InterruptionSamples.record("r1", status: .void, marks: [[.internal, .external], [.internal]], focus: [1500, 600])
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
    var record = InterruptionSamples.record("r1", status: .interrupted, focus: [1500, 900])
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

}
