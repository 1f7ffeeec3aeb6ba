import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit

/// `pomo resume` lays out what is left of a session from its record (`Plan.resuming`): from
/// the phase cut short, with the time it had left, never more than its preset allows.
@Suite("Resuming a plan from its record")
struct ResumePlanTests {
  let clock = FakeClock()

  @Test("resuming continues from the phase that was cut short, with the time it had left")
  func resume() throws {
    let preset = Preset(name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2)
    let plan = Plan(preset: preset)
    var record = JournalRecord(
      id: "r", preset: "t", status: .interrupted, start: 0, end: 14, host: "h", rounds: 2,
      phases: [
        JournalPhase(
          name: "go", kind: .work, round: 1, start: 0, end: 10, plannedSeconds: 10, elapsedSeconds: 10, completed: true),
        JournalPhase(
          name: "rest", kind: .rest, round: 1, start: 10, end: 12, plannedSeconds: 5, elapsedSeconds: 2,
          completed: false),
      ])
    let rest = try #require(plan.resuming(after: record))
    #expect(rest.offset == 1)
    #expect(rest.plan.phases.map(\.duration) == [.seconds(3), .seconds(10), .seconds(5)])
    #expect(rest.plan.phases.map(\.round) == [1, 2, 2])
    record.planOffset = 3
    record.phases = [record.phases[0]]
    #expect(plan.resuming(after: record) == nil)
  }

  @Test("what is left of a phase is at most the preset's duration plus a day of extensions")
  func remainingCapped() throws {
    let preset = try #require(try PresetCatalog.builtIns().first { $0.name == "work" })
    let plan = Plan(preset: preset, rounds: 4)
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: 0, end: 10, plannedSeconds: 1e9, elapsedSeconds: 10,
      completed: false, extendedSeconds: 1e9)
    let record = JournalRecord(
      id: "x", preset: "work", status: .interrupted, start: 0, end: 10, host: "h", rounds: 4, phases: [phase])
    let rest = try #require(plan.resuming(after: record))
    #expect(rest.plan.phases[0].duration == .seconds(1500 + 86_400))
    #expect(rest.plan.phases.count == plan.phases.count)
  }

  @Test("resuming after a stop in overtime goes on with the next phase")
  func resumeAfterOvertime() throws {
    var e = clock.waitingEngine(over: .seconds(42))
    _ = e.apply(.stop)
    let info = SessionInfo(id: "x", tags: [], note: nil, host: "h", source: nil, planCount: 3)
    let record = JournalRecord(engine: e, info: info)
    let rest = try #require(e.plan.resuming(after: record))
    #expect(rest.offset == 1)
    #expect(rest.plan.advance == .confirm)
  }
}
