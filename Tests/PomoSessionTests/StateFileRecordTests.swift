import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoSession

/// The state file a running session writes, read back: what it keeps of the phase under way,
/// and the record a crash leaves from it.
@Suite("The state file and the record a crash leaves")
struct StateFileRecordTests {
  let clock = FakeClock()

  /// An open focus, then a rest written as 1 h that the focus re-times.
  func openEngine(_ earned: EarnedRest?) -> SessionEngine {
    var focus = phase("flow", .work, 1)
    focus.open = true
    focus.duration = .zero
    var preset = Preset(name: "f", round: [focus, phase("break", .rest, 3600)], rounds: 2, skipLastRest: true)
    preset.earnedRest = earned
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  @Test("a crashed session is rebuilt from its state file up to the last known instant")
  func recoverFromState() throws {
    let clock = FakeClock()
    var engine = clock.engine(.goRest(rest: 50, rounds: 1, skipLastRest: false))
    _ = engine.start()
    clock.advance(.seconds(10))
    _ = engine.tick()
    let info = SessionInfo(id: "id", host: "h", planCount: 2)
    let state = try #require(SessionState(engine: engine, info: info, pid: 42))
    let text = state.json(offset: { _ in 0 }).text
    let back = try SessionState(bytes: Array(text.utf8))
    #expect(back == state)
    #expect(back.upcoming.map(\.name) == ["rest"])
    #expect(back.upcoming.first?.duration == .seconds(50))
    let record = back.interruptedRecord(lastKnown: state.updated + 20)
    #expect(record.phases.map(\.elapsedSeconds) == [10, 20])
    #expect(record.phases.map(\.completed) == [true, false])
    #expect(record.interruption == .crash)
    #expect(record.end == state.updated + 20)
    // A heartbeat past the deadline still ends the phase at its deadline.
    #expect(back.interruptedRecord(lastKnown: state.updated + 500).phases[1].elapsedSeconds == 50)
  }

  @Test("the state file keeps the current phase's marks, and a crash records them")
  func marksKept() throws {
    let clock = FakeClock()
    var engine = clock.engine(Preset(name: "t", round: [phase("focus", .work, 60), phase("break", .rest, 5)]))
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


  @Test("the state file shows the open phase counting up, standing still while paused")
  func openPhaseCountsUp() throws {
    var e = openEngine(.ratio(0.2))
    _ = e.start()
    clock.advance(.seconds(30))
    let running = try #require(SessionState(engine: e, info: SessionInfo(id: "x", host: "h", planCount: 3), pid: 1))
    #expect(running.open && running.overtime(at: running.deadline + 30) == 30)
    _ = e.apply(.pause)
    clock.advance(.seconds(30))
    let paused = try #require(SessionState(engine: e, info: SessionInfo(id: "x", host: "h", planCount: 3), pid: 1))
    #expect(paused.overtime(at: paused.deadline + 500) == 30)
    let read = try SessionState(bytes: Array(paused.json(offset: { _ in 0 }).text.utf8))
    #expect(read.open)
  }

}

/// Time away in the state file: what `status` shows, and what a crash records.
@Suite("Time away in the state file")
struct AwayStateTests {
  let clock = FakeClock()

  @Test("away, the question and the current phase's spans go through the file; a crash records the spans")
  func crashWhileAway() throws {
    var e = clock.engine(Preset(name: "t", round: [phase("go", .work, 600)], rounds: 1), away: AwayRules(work: .run))
    _ = e.start()
    clock.advance(.seconds(60))
    _ = e.apply(.away(.lock))
    clock.advance(.seconds(120))
    let saved = try #require(SessionState(engine: e, info: SessionInfo(id: "s1", host: "h", planCount: 1), pid: 42))
    let state = try SessionState(bytes: Array(saved.json(offset: { _ in 0 }).text.utf8))
    #expect(state.awayCause == "lock")
    #expect(state.awaySince == clock.wall - 120)
    // The span under way, up to the state's time; none has closed yet.
    #expect(state.phaseAway.isEmpty)
    #expect(state.awaySpan == JournalAway(start: clock.wall - 120, end: clock.wall, cause: "lock"))
    let record = state.interruptedRecord(lastKnown: state.updated)
    #expect(record.phases[0].away.map(\.seconds) == [120])
    // The time away counted in the phase, and is out of its focus.
    #expect(record.phases[0].elapsedSeconds == 180)
    #expect(record.focusSeconds == 60)
  }
}
