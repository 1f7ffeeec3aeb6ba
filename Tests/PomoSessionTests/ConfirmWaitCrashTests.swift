import Foundation
@testable import PomoSession
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

/// A crash during a confirm wait drops the overtime: the heartbeat (the state file written
/// again at least every 10 s, on the session's clock) proves how long the phase waited, and
/// recovery and `status {goal}` count it as `pomo stop` would have.
@Suite("Clocks: a crash during a confirm wait keeps the overtime")
struct ConfirmWaitCrashTests {
  /// 10 s work, 5 s rest, 10 s work, each waiting for confirmation.
  let bench = SessionBench(.goRest(name: "c", advance: .confirm), id: "c1")

  /// Runs a session with its recorder, a tick a second, for `seconds`; returns the engine.
  func run(_ seconds: Int, recorder: JournalRecorder) -> SessionEngine {
    var e = bench.engine()
    let events = e.start()
    recorder.sessionDidUpdate(e, events: events)
    for _ in 0..<seconds {
      bench.clock.advance(.seconds(1))
      let events = e.tick()
      recorder.sessionDidUpdate(e, events: events)
    }
    return e
  }

  @Test("killed after waiting, recovery records the wait the last heartbeat proves", arguments: [22, 10, 35, 61])
  func recovery(waited: Int) throws {
    let written = try RecorderFolder(info: bench.info)
    defer { written.folder.cleanUp() }
    var e = run(10 + waited, recorder: written.recorder)
    #expect(e.status == .waiting)

    _ = try #require(Recovery.recordDead(statePath: written.statePath, journal: written.journal))
    let phase = try #require(try written.records().first?.phases.first)
    // The heartbeat comes every 10 s (the wait began with one): it proves the wait to the last.
    #expect(phase.overtimeSeconds == Double(waited - waited % 10))
    #expect(phase.elapsedSeconds == 10 + phase.overtimeSeconds)
    #expect(phase.completed)
    #expect(phase.end == phase.start + phase.elapsedSeconds)

    // `pomo stop` at that moment records the whole wait; recovery is never more than that.
    _ = e.apply(.stop)
    let stopped = JournalRecord(engine: e, info: bench.info)
    #expect(stopped.phases[0].overtimeSeconds == Double(waited))
    #expect(phase.overtimeSeconds <= stopped.phases[0].overtimeSeconds)
  }

  @Test("status's figures (the goal's focus) count the wait up to now, as stop would record it")
  func goalDuringWait() throws {
    var e = bench.engine(after: 10)
    let state = try #require(SessionState(engine: e, info: bench.info, pid: 1))
    #expect(state.waiting)
    bench.clock.advance(.seconds(22))
    let now = state.now(on: bench.clock.clock)
    let live = state.interruptedRecord(lastKnown: now)
    #expect(live.focusSeconds == 32)
    #expect(live.phases.last?.overtimeSeconds == 22)
    _ = e.apply(.stop)
    #expect(JournalRecord(engine: e, info: bench.info).focusSeconds == live.focusSeconds)
  }

  @Test("overtime of an earlier wait, before a + made the phase count down again, is kept")
  func earlierOvertime() throws {
    var e = bench.engine(after: 25)
    _ = e.apply(.extend(.seconds(60)))
    bench.clock.advance(.seconds(20))
    _ = e.tick()
    let state = try #require(SessionState(engine: e, info: bench.info, pid: 1))
    let text = state.json(offset: { _ in 0 }).text
    let back = try SessionState(bytes: Array(text.utf8))
    let record = back.interruptedRecord(lastKnown: back.updated)
    _ = e.apply(.stop)
    let stopped = JournalRecord(engine: e, info: bench.info)
    #expect(record.phases[0].overtimeSeconds == 15)
    #expect(record.phases[0].elapsedSeconds == stopped.phases[0].elapsedSeconds)
    #expect(record.phases[0].overtimeSeconds == stopped.phases[0].overtimeSeconds)
  }
}
