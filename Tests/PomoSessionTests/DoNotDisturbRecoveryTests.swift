import Foundation
@testable import PomoSession
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

/// The state file's do-not-disturb mark: kept by the recorder in every write until it is taken
/// off, and taken by recovery to turn do-not-disturb off for a session that died.
@Suite("Recovery: do-not-disturb a dead session left on")
struct DoNotDisturbRecoveryTests {
  /// Ten minutes of focus.
  let bench = SessionBench(Preset(name: "d", round: [phase("go", .work, 600)]), id: "d1")

  /// A session started with the recorder in `f`, its state file then marked to turn
  /// do-not-disturb off with `off` (the folder's own command unless given): where a session
  /// that dies with do-not-disturb on leaves it.
  @discardableResult
  func startedAndMarked(_ f: RecorderFolder, backend: String = "custom", off: [String]? = nil) -> SessionEngine {
    var e = bench.engine()
    f.recorder.sessionDidUpdate(e, events: e.start())
    f.recorder.mark(doNotDisturb: DoNotDisturbMark(backend: backend, off: off ?? f.off), e)
    return e
  }

  @Test("the mark is written at once, stays through heartbeats, and goes when it is taken off")
  func markKept() throws {
    let f = try RecorderFolder(info: bench.info)
    defer { f.folder.cleanUp() }
    var e = bench.engine()
    f.recorder.sessionDidUpdate(e, events: e.start())
    #expect(SessionState.read(path: f.statePath)?.doNotDisturb == nil)
    let mark = DoNotDisturbMark(backend: "custom", off: f.off)
    #expect(f.recorder.mark(doNotDisturb: mark, e))
    #expect(SessionState.read(path: f.statePath)?.doNotDisturb == mark, "written before anything is switched")
    bench.clock.advance(.seconds(11))
    f.recorder.sessionDidUpdate(e, events: e.tick())
    #expect(SessionState.read(path: f.statePath)?.doNotDisturb == mark, "the heartbeat keeps it")
    #expect(f.recorder.mark(doNotDisturb: nil, e))
    #expect(SessionState.read(path: f.statePath)?.doNotDisturb == nil)
  }

  @Test("recovery runs the mark's command once, says so first, then records the session")
  func recoveryReverts() throws {
    let f = try RecorderFolder(info: bench.info)
    defer { f.folder.cleanUp() }
    startedAndMarked(f)
    // Killed here: the next pomo finds the state file.
    let message = try #require(
      Recovery.recordDead(statePath: f.statePath, journal: f.journal, environment: ["PATH": "/usr/bin:/bin"]))
    let lines = message.split(separator: "\n")
    #expect(
      lines.first
        == "pomo: turned do-not-disturb off again (custom), as the session that turned it on had ended unexpectedly")
    #expect(lines.count == 2)
    #expect(lines.last?.hasPrefix("pomo: the d session started at") == true)
    #expect(f.offRuns == 1)
    #expect(Recovery.recordDead(statePath: f.statePath, journal: f.journal, environment: [:]) == nil)
    #expect(f.offRuns == 1)
  }

  @Test("an off command that fails is a warning naming it; without an environment nothing runs")
  func revertFails() throws {
    let f = try RecorderFolder(info: bench.info)
    defer { f.folder.cleanUp() }
    startedAndMarked(f, backend: "dunst", off: ["/bin/sh", "-c", "exit 4"])
    let message = try #require(
      Recovery.recordDead(statePath: f.statePath, journal: f.journal, environment: ["PATH": "/usr/bin:/bin"]))
    #expect(
      message.hasPrefix(
        "pomo: warning: cannot turn do-not-disturb off again (dunst): '/bin/sh -c exit 4' failed (it exited with status 4); turn it off yourself\n"
      ))
    // No environment given (a caller that only records): the mark is not acted on.
    let g = try RecorderFolder(info: bench.info)
    defer { g.folder.cleanUp() }
    startedAndMarked(g)
    let recorded = try #require(Recovery.recordDead(statePath: g.statePath, journal: g.journal))
    #expect(!recorded.contains("do-not-disturb"))
    #expect(g.offRuns == 0)
  }

  @Test("a state file cut short still gives up its mark, written before the session")
  func cutShort() throws {
    let f = try RecorderFolder(info: bench.info)
    defer { f.folder.cleanUp() }
    startedAndMarked(f)
    let whole = try Platform.readFile(f.statePath)
    let text = String(decoding: whole, as: UTF8.self)
    let plan = try #require(text.range(of: #","plan":"#))
    // Cut in the plan: the phase is lost, the session and the mark are not.
    let cut = Array(text[..<plan.upperBound].utf8)
    #expect((try? SessionState(bytes: cut)) == nil)
    #expect(SessionState.salvage(cut)?.doNotDisturb == DoNotDisturbMark(backend: "custom", off: f.off))
    try Data(cut).write(to: URL(fileURLWithPath: f.statePath))
    let message = try #require(
      Recovery.recordDead(statePath: f.statePath, journal: f.journal, environment: ["PATH": "/usr/bin:/bin"]))
    #expect(message.hasPrefix("pomo: turned do-not-disturb off again (custom)"), "\(message)")
    #expect(f.offRuns == 1)
    // Cut inside the mark itself: nothing to act on, and nothing wrongly read.
    let early = Array(text[..<text.range(of: #""off":["#)!.upperBound].utf8)
    #expect(SessionState.salvage(early) == nil)
  }

  @Test("a session whose record was kept had turned it off itself: recovery leaves the mark alone")
  func keptSessionLeftAlone() throws {
    let f = try RecorderFolder(info: bench.info)
    defer { f.folder.cleanUp() }
    let e = startedAndMarked(f)
    // The session ended, but the journal refused its record: it waits beside the state file.
    let record = JournalRecord(engine: e, info: bench.info)
    let kept = Recovery.keptFile(statePath: f.statePath)
    try (record.json(offset: { _ in 0 }).text + "\n").write(toFile: kept, atomically: true, encoding: .utf8)
    _ = Recovery.recordDead(statePath: f.statePath, journal: f.journal, environment: ["PATH": "/usr/bin:/bin"])
    #expect(f.offRuns == 0)
  }
}

extension RecorderFolder {
  /// The command that turns do-not-disturb off: a line in `off.log` each time it runs.
  var off: [String] { ["/bin/sh", "-c", "echo off >> '\(folder.file("off.log"))'"] }
  var offRuns: Int { (folder.read("off.log") ?? "").split(separator: "\n").count }
}
