import Foundation
@testable import PomoSession
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// What the state file (and the control socket's feed, which sends the same) says of counting:
/// an AMRAP's rounds, the open question for reps, and a session that waits only for the last
/// answer, so `attach`, `status` and recovery see what the live display sees.
@Suite("Session state: rounds counted and reps asked")
struct SessionStateCountsTests {
  let bench = SessionBench(counting(), id: "s1")

  /// 60 s of AMRAP, then 10 s of push-ups that ask for their reps and end the session.
  static func counting() -> Preset {
    var amrap = phase("amrap", .work, 60)
    amrap.count = .rounds
    var pushups = phase("pushups", .work, 10)
    pushups.count = .reps
    return Preset(name: "count", round: [amrap, pushups])
  }

  func roundTrip(_ e: SessionEngine) throws -> SessionState {
    let state = try #require(SessionState(engine: e, info: bench.info, pid: 42))
    return try SessionState(bytes: Array(state.json(offset: { _ in 0 }).text.utf8))
  }

  @Test("an AMRAP's rounds go through the file to the status line and the follower's snapshot")
  func rounds() throws {
    var e = bench.engine()
    _ = e.start()
    bench.clock.advance(.seconds(30))
    _ = e.apply(.rep)
    _ = e.apply(.rep)
    let state = try roundTrip(e)
    #expect(state.countedRounds == 2 && state.question == nil && !state.asking)
    let now = state.updated
    #expect(StatusText.line(state, now: now) == "WORK amrap 0:30 (50%, round 1/1, 2 rounds)")
    #expect(state.snapshot(at: now).counted == 2)
  }

  @Test("the last phase's open question goes through the file; a crash then records the session completed")
  func lastQuestion() throws {
    var e = bench.engine(after: 70)
    _ = e.answerKey(UInt8(ascii: "1"))
    #expect(e.status == .asking)
    let state = try roundTrip(e)
    #expect(state.asking && state.question == "pushups" && state.questionTyped == "1" && state.countedRounds == nil)
    #expect(StatusText.line(state, now: state.updated) == "WORK pushups 0:00 (100%, round 1/1, reps for pushups?)")
    let snapshot = state.snapshot(at: state.updated)
    #expect(snapshot.question?.typed == "1" && snapshot.questionPhase?.name == "pushups")
    // Every phase had run: the record has each once, completed, ending with the last phase.
    let record = state.interruptedRecord(lastKnown: state.updated + 20)
    #expect(record.status == .completed && record.interruption == nil)
    #expect(record.phases.map(\.name) == ["amrap", "pushups"])
    #expect(record.end == record.phases[1].end && record.phases[0].countedRounds == 0)
  }
}
