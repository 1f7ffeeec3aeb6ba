import Foundation
import PomoJournalTestSupport
@testable import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// A state file with hostile numbers is read into a status that prints and a record that
/// reads back, or refused with the field named.
@Suite("A bad state file never crashes status")
struct StateFileStatusTests {
  @Test("a state file with hostile numbers is read into a record that reads back, or refused with the field named")
  func stateFile() throws {
    let intactState =
      #"{"v":1,"pid":PID,"updated":"2026-12-01T08:10:00Z","phase_index":IDX,"phase_count":CNT,"phase":{"name":"focus","kind":"work","round":RND,"planned_seconds":SEC,"length_seconds":SEC,"offset_seconds":0,"start":"2026-12-01T08:00:00Z","deadline":"2026-12-01T08:25:00Z","paused_at":null,"paused_seconds":0},"total_seconds":SEC,"plan":[{"name":"focus","kind":"work","seconds":SEC,"round":RND}],"session":SESSION}"#
    var rng = SplitMix64(state: 10)
    // Each hole is hostile one time in three, so every way through is taken: all five
    // ordinary (read), or one or more hostile (each refused, or read within limits).
    let ordinary = ["1", "2", "1500"]
    // What each hole's refusal says: the field it names.
    let named = [
      "a pid out of range", "a phase number out of range", "a round out of range", "a number of seconds out of range",
    ]
    var read = 0
    var refused: [String: Int] = [:]
    for _ in 0..<2000 {
      var text = intactState.replacingOccurrences(of: "SESSION", with: MutatedRecords.intact)
      for hole in ["PID", "IDX", "CNT", "RND", "SEC"] {
        let hostile = Int.random(in: 0..<3, using: &rng) == 0
        text = text.replacingOccurrences(
          of: hole, with: (hostile ? MutatedRecords.hostileNumbers : ordinary).randomElement(using: &rng)!)
      }
      let state: SessionState
      do {
        state = try SessionState(bytes: Array(text.utf8))
      } catch {
        #expect(named.contains { error.message == "not a pomo state file (\($0))" }, "\(error.message)")
        refused[error.message, default: 0] += 1
        continue
      }
      read += 1
      #expect(state.pid > 0 && state.phaseIndex >= 0 && state.phaseCount >= 1)
      #expect(state.phasePlannedSeconds.isFinite && state.totalSeconds.isFinite)
      #expect(StatusText.line(state, now: 1_796_112_000).hasPrefix("WORK focus "))
      let status = StatusText.json(state, now: 1_796_112_000, offset: { _ in 0 }).text
      #expect((try? JSONParser.parse(Array(status.utf8))) != nil, "\(status)")
      // What recovery would record reads back as the same session.
      let record = state.interruptedRecord(lastKnown: 1_796_112_000)
      let back = try JournalRecord(line: Array(record.json(offset: { _ in 0 }).text.utf8))
      #expect(back.id == record.id && back.phases.count == record.phases.count && back.status == .interrupted)
    }
    // Both ways are taken, and every field's refusal among them.
    #expect(read >= 100, "read \(read), refused \(refused)")
    #expect(Set(refused.keys) == Set(named.map { "not a pomo state file (\($0))" }), "\(refused)")
  }
}
