import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// The phase field `away`: written, read back, and counted out of focus unless kept.
@Suite("Time away in the journal")
struct AwayRecordTests {
  @Test("the spans are written as documented and read back the same")
  func roundTrip() throws {
    let record = MorningSession.away(paused: true, kept: true)
    let line = record.json(offset: { _ in 0 }).text
    #expect(
      line.contains(
        #""away":[{"start":"2025-12-01T08:10:00+00:00","end":"2025-12-01T08:15:00+00:00","cause":"lock","paused":true,"kept":true}]"#
      ))
    #expect(try JournalRecord(line: Array(line.utf8)) == record)
    let undecided = MorningSession.away().json(offset: { _ in 0 }).text
    #expect(undecided.contains(#""cause":"lock"}]"#))
  }

  @Test(
    "focus leaves time away out unless kept",
    arguments: [
      (false, nil, 1200.0), (false, false, 1200.0), (false, true, 1500.0), (true, nil, 1500.0), (true, false, 1500.0),
      (true, true, 1800.0),
    ] as [(Bool, Bool?, Double)])
  func credit(paused: Bool, kept: Bool?, focus: Double) {
    #expect(MorningSession.away(paused: paused, kept: kept).focusSeconds == focus)
  }

  @Test("a span that is not whole is a damaged line naming it")
  func damaged() {
    let line = MorningSession.away().json(offset: { _ in 0 }).text.replacingOccurrences(of: #","cause":"lock""#, with: "")
    #expect(throws: JournalRecord.Problem(message: "phases[0].away[0] is incomplete")) {
      try JournalRecord(line: Array(line.utf8))
    }
  }

  @Test("old records with slept_seconds read as before: their sleep stays in focus")
  func oldSleep() throws {
    let line =
      #"{"v":1,"id":"old","preset":"work","status":"completed","start":"2025-12-01T08:00:00Z","end":"2025-12-01T08:25:00Z","tags":[],"note":null,"host":"h","rounds":1,"paused_seconds":0,"slept_seconds":600,"phases":[{"name":"focus","kind":"work","round":1,"start":"2025-12-01T08:00:00Z","end":"2025-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true,"slept_seconds":600}]}"#
    let record = try JournalRecord(line: Array(line.utf8))
    #expect(record.focusSeconds == 1500)
    #expect(record.phases[0].sleptSeconds == 600)
  }
}
