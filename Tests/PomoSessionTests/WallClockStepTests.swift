import Foundation
@testable import PomoSession
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

/// A wall-clock step invents focus: the figures `pomo status` and crash recovery work out
/// come from the session's own clock (its start plus the boot clock, written in the state
/// file with each heartbeat), never from the wall clock or a file's time, so a step (NTP, a
/// VM's clock sync, a dual-boot RTC in local time) in the session or in the reader counts for
/// nothing, and the session notes it in its record.
@Suite("Clocks: a wall-clock step invents no focus")
struct WallClockStepTests {
  /// 25 minutes of work, then 5 of rest.
  let bench = SessionBench(Preset(name: "p", round: [phase("focus", .work, 1500), phase("rest", .rest, 300)]), id: "s1")

  /// Steps forward and back, small and large: a DST-sized hour, a day, a minute, the few
  /// seconds a VM's clock sync makes.
  static let steps: [Double] = [3600, -3600, 86_400, -86_400, 60, -60, 5, -5]

  @Test(
    "a step before the reader looks (the reader's wall clock moved, not the session's) changes nothing",
    arguments: steps)
  func readerStepped(step: Double) throws {
    let e = bench.engine(after: 1)
    let state = try #require(SessionState(engine: e, info: bench.info, pid: 1))
    bench.clock.step(step)
    bench.clock.advance(.seconds(1))
    #expect(state.now(on: bench.clock.clock) == e.startWall + 2)
  }

  @Test("a reader of another boot (or with no boot id) trusts only the time the heartbeat recorded")
  func otherBoot() throws {
    let e = bench.engine(after: 7)
    let state = try #require(SessionState(engine: e, info: bench.info, pid: 1))
    bench.clock.advance(.seconds(600))
    #expect(state.now(bootID: "another", bootNanoseconds: SessionEngine.nanos(bench.clock.boot)) == state.updated)
    #expect(state.now(bootID: nil, bootNanoseconds: SessionEngine.nanos(bench.clock.boot)) == state.updated)
    // The clock's reading and the boot are in the file, and read back.
    let text = state.json(offset: { _ in 0 }).text
    #expect(text.contains(#""boot_id":"fake-boot""#))
    let back = try SessionState(bytes: Array(text.utf8))
    #expect(back.bootID == "fake-boot")
    #expect(back.bootNanoseconds == SessionEngine.nanos(bench.clock.boot - .seconds(600)))
    #expect(back.now(on: bench.clock.clock) == state.updated + 600)
  }

  @Test("killed one second in after a step, recovery records one second, whatever the file's time", arguments: steps)
  func recoveryAfterStep(step: Double) throws {
    let written = try RecorderFolder(info: bench.info)
    defer { written.folder.cleanUp() }
    var e = bench.engine()
    let started = e.start()
    written.recorder.sessionDidUpdate(e, events: started)
    bench.clock.advance(.seconds(1))
    bench.clock.step(step)
    let events = e.tick()
    written.recorder.sessionDidUpdate(e, events: events)
    // The kernel stamps the file with its own (stepped) wall clock: a day ahead, say.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: bench.clock.wall + 86_400)], ofItemAtPath: written.statePath)

    let journal = Journal(path: written.folder.file("journal.jsonl"))
    let message = try #require(Recovery.recordDead(statePath: written.statePath, journal: journal))
    #expect(message.contains("0 phases done, focus 0:01"))
    let record = try #require(try written.records().first)
    #expect(record.focusSeconds == 1)
    #expect(record.phases.map(\.completed) == [false])
    #expect(record.end == record.start + 1)
    #expect(record.clockStepSeconds == abs(step))
  }

  @Test("a step while running is noted in the record, counted by its size, and never as time in a phase")
  func stepRecorded() throws {
    var e = bench.engine()
    _ = e.start()
    bench.clock.advance(.seconds(100))
    bench.clock.step(3600)
    _ = e.tick()
    bench.clock.advance(.seconds(100))
    bench.clock.step(-3600)
    #expect(e.tick() == [.clockStepped(-3600)])
    // Slewing well under a second is not a step.
    bench.clock.step(0.4)
    #expect(e.tick() == [])
    bench.clock.advance(.seconds(1300))
    _ = e.tick()
    bench.clock.advance(.seconds(300))
    _ = e.tick()
    #expect(e.status == .finished(completed: true))
    let record = JournalRecord(engine: e, info: bench.info)
    #expect(record.clockStepSeconds == 7200)
    #expect(record.focusSeconds == 1500)
    #expect(record.end - record.start == 1800)
    let line = record.json(offset: { _ in 0 }).text
    #expect(line.contains(#""clock_step_seconds":7200"#))
    #expect(try JournalRecord(line: Array(line.utf8)) == record)
  }

  @Test("the plain log says when the wall clock moved")
  func logLine() {
    var e = bench.engine()
    _ = e.start()
    bench.clock.advance(.seconds(1))
    bench.clock.step(-3600)
    let events = e.tick()
    let lines = events.compactMap { EventText.line($0, e, clockTime: { _ in "10:00:01" }) }
    #expect(lines == ["10:00:01  clock   the wall clock moved -1:00:00; pomo keeps its own time"])
  }

  /// `pomo status` after a wall-clock step: the phase's time comes from the session's own
  /// clock, never from the stepped wall bench.clock.
  @Test("status one second into a phase shows the phase's time, whichever way the wall clock stepped", arguments: steps)
  func statusAfterStep(step: Double) throws {
    var e = bench.engine()
    _ = e.start()
    bench.clock.advance(.seconds(1))
    bench.clock.step(step)
    #expect(e.tick() == [.clockStepped(step)])
    let state = try #require(SessionState(engine: e, info: bench.info, pid: 1))
    // A reader a few seconds later, on the same boot: its wall clock (stepped) is not read.
    bench.clock.advance(.seconds(2))
    let now = state.now(on: bench.clock.clock)
    #expect(now == e.startWall + 3)
    #expect(state.remaining(at: now) == 1497)
    let line = StatusText.render(state, now: now, format: .text, offset: { _ in 0 })
    #expect(line.contains("24:57"))
    #expect(!line.contains("100%"))
  }
}
