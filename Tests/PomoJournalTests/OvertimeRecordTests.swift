import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Overtime, the time a confirm phase waited past its end, in the journal.
@Suite("Overtime in the journal")
struct OvertimeRecordTests {
  let clock = FakeClock()

  @Test("the journal writes overtime_seconds and reads it back; reports count it as focus")
  func journal() throws {
    var e = clock.waitingEngine(over: .seconds(42))
    _ = e.apply(.next)
    _ = e.apply(.stop)
    let info = SessionInfo(id: "x", tags: [], note: nil, host: "h", source: nil, planCount: 3)
    let record = JournalRecord(engine: e, info: info)
    let line = record.json(offset: { _ in 0 }).text
    #expect(line.contains(#""overtime_seconds":42,"#) || line.contains(#""overtime_seconds":42}"#))
    let back = try JournalRecord(line: Array(line.utf8))
    #expect(back.phases[0].overtimeSeconds == 42)
    #expect(back.phases[0].elapsedSeconds == 52)
    #expect(back.focusSeconds == 52)
    #expect(back.phases[1].overtimeSeconds == 0)
  }

  @Test(
    "the scanner range-checks overtime_seconds like the other *_seconds",
    arguments: ["-1", "1e10", "\"5\"", "true"])
  func overtimeRange(value: String) {
    let line = """
      {"v":1,"id":"a","preset":"p","status":"completed","start":"2026-01-01T10:00:00Z","end":"2026-01-01T10:01:00Z",\
      "host":"h","rounds":1,"paused_seconds":0,"phases":[{"name":"f","kind":"work","round":1,\
      "start":"2026-01-01T10:00:00Z","end":"2026-01-01T10:01:00Z","planned_seconds":30,"elapsed_seconds":60,\
      "completed":true,"overtime_seconds":\(value)}]}
      """
    #expect(throws: JournalRecord.Problem.self) { try JournalRecord(line: Array(line.utf8)) }
  }
}
