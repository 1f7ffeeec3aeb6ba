import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform
@testable import PomoSession

/// Resuming continues the phase that was cut short with the time it had left, then the rest of
/// the plan exactly as it was started, whatever its shape.
@Suite("Resume keeps the plan's shape")
struct ResumePlanShapeTests {
  struct Shape: CustomTestStringConvertible, Sendable {
    var word: String
    var rounds: Int?
    var warmup: Duration?
    var cooldown: Duration?
    /// The phase stopped in, what it had run, and how much it had been extended.
    var stoppedIn: Int
    var ran: Double
    var extended: Double = 0
    var testDescription: String {
      "\(word) -r \(rounds.map(String.init) ?? "-") warm-up \(warmup.map(TimeText.short) ?? "-") "
        + "cool-down \(cooldown.map(TimeText.short) ?? "-"), stopped in phase \(stoppedIn)"
    }
  }

  static let shapes: [Shape] = [
    Shape(word: "work", stoppedIn: 0, ran: 60),
    Shape(word: "work", stoppedIn: 2, ran: 100, extended: 120),
    Shape(word: "hiit", rounds: 3, stoppedIn: 3, ran: 5),
    Shape(word: "3m", warmup: .seconds(1), stoppedIn: 1, ran: 30),
    Shape(word: "3m", warmup: .seconds(5), stoppedIn: 0, ran: 0.25),
    Shape(word: "40s/20s", rounds: 2, warmup: .seconds(1), cooldown: .seconds(1), stoppedIn: 1, ran: 3),
    Shape(word: "40s/20s", rounds: 2, warmup: .seconds(1), cooldown: .seconds(1), stoppedIn: 2, ran: 10),
    Shape(word: "40s/20s", warmup: .seconds(5), stoppedIn: 4, ran: 10),
    Shape(word: "50m/10m", rounds: 3, cooldown: .seconds(300), stoppedIn: 4, ran: 600, extended: 60),
    Shape(word: "25min", stoppedIn: 0, ran: 100),
    // Under a second left: the same phase goes on for what it had left, it is not skipped.
    Shape(word: "work", stoppedIn: 0, ran: 1499.6),
    Shape(word: "3m", warmup: .seconds(5), stoppedIn: 0, ran: 4.999),
    Shape(word: "40s/20s", rounds: 2, cooldown: .seconds(10), stoppedIn: 3, ran: 9.75),
    // The last phase, and an endless timer's rounds.
    Shape(word: "40s/20s", rounds: 2, warmup: .seconds(1), cooldown: .seconds(1), stoppedIn: 4, ran: 0.5),
    Shape(word: "tabata", stoppedIn: 16, ran: 9.9),
    Shape(word: "40s/20s", stoppedIn: 5, ran: 0.2),
    Shape(word: "40s/20s", warmup: .seconds(3), stoppedIn: 7, ran: 19.5),
    // As many rounds as an endless timer has, or nearly: still that many, with a total.
    Shape(word: "40s/20s", rounds: 10_000, stoppedIn: 2, ran: 5),
    Shape(word: "40s/20s", rounds: 10_000, warmup: .seconds(1), cooldown: .seconds(1), stoppedIn: 3, ran: 0.5),
    Shape(word: "40s/20s", rounds: 9_999, stoppedIn: 1, ran: 5),
    Shape(word: "work", rounds: 10_000, stoppedIn: 6, ran: 30),
    Shape(word: "hiit", rounds: 10_000, stoppedIn: 1, ran: 3),
  ]

  func context(_ home: String) -> Context {
    Context(environment: ["HOME": home, "LANG": "C.UTF-8"], output: TextBuffer(), errors: TextBuffer())
  }

  /// The record a session of `plan` stopped as `shape` says leaves, written and read back as
  /// the journal does.
  func record(_ plan: Plan, _ shape: Shape) throws -> JournalRecord {
    var phases: [JournalPhase] = []
    var t = 1_000_000.0
    for phase in plan.phases[...shape.stoppedIn] {
      let planned = TimeText.seconds(phase.duration)
      let done = phase.index < shape.stoppedIn
      let ran = done ? planned : shape.ran
      phases.append(
        JournalPhase(
          name: phase.name, kind: phase.kind, round: phase.round, start: t, end: t + ran, plannedSeconds: planned,
          elapsedSeconds: ran, completed: done, extendedSeconds: done ? 0 : shape.extended))
      t += ran
    }
    var info = SessionInfo(id: "r1", host: "h", planCount: plan.phases.count)
    info.warmup = shape.warmup
    info.cooldown = shape.cooldown
    var record = JournalRecord(
      id: info.id, preset: plan.presetName, status: .interrupted, interruption: .quit, start: 1_000_000, end: t,
      host: "h", rounds: plan.rounds, phases: phases)
    record.warmupSeconds = info.warmup.map(TimeText.seconds)
    record.cooldownSeconds = info.cooldown.map(TimeText.seconds)
    record.endless = plan.endless
    return try JournalRecord(line: Array(record.json(offset: { _ in 0 }).text.utf8))
  }

  @Test("resume continues the same phase with the time it had left, then the plan as it was", arguments: shapes)
  func resumes(shape: Shape) throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let context = context(home.path)
    let timer = QuickTimerOptions(rounds: shape.rounds, warmup: shape.warmup, cooldown: shape.cooldown)
    let preset = try PresetLookup.preset(shape.word, path: ["pomo", "start"], context: context, timer: timer)
    let started = Plan(preset: preset, rounds: shape.rounds)
    let stopped = try record(started, shape)

    let full = try Pomo.Resume.plan(of: stopped, path: ["pomo", "resume"], context)
    #expect(full == started)
    let rest = try #require(full.resuming(after: stopped))
    let left = TimeText.seconds(started.phases[shape.stoppedIn].duration) + shape.extended - shape.ran
    #expect(rest.offset == shape.stoppedIn)
    #expect(abs(TimeText.seconds(rest.plan.phases[0].duration) - left) < 0.001)
    let shapeOf = { (phases: ArraySlice<PlannedPhase>) in phases.map { "\($0.name) \($0.kind) \($0.round ?? 0)" } }
    #expect(shapeOf(rest.plan.phases[...]) == shapeOf(started.phases[shape.stoppedIn...]))
    #expect(
      Array(rest.plan.phases.dropFirst().map(\.duration)) == started.phases[(shape.stoppedIn + 1)...].map(\.duration))
    #expect(rest.plan.endless == started.endless)
    #expect(rest.plan.rounds == started.rounds)
    #expect(rest.plan.phases.count == started.phases.count - shape.stoppedIn)
  }

  @Test("the journal says whether a timer's rounds were endless: -r 10000 has as many rounds, and is not")
  func endlessIsRecorded() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let context = context(home.path)
    for (rounds, endless) in [(nil, true), (10_000, false) as (Int?, Bool)] {
      let preset = try PresetLookup.preset(
        "40s/20s", path: ["pomo", "start"], context: context, timer: QuickTimerOptions(rounds: rounds))
      let plan = Plan(preset: preset, rounds: rounds)
      #expect(plan.endless == endless)
      let stopped = try record(plan, Shape(word: "40s/20s", rounds: rounds, stoppedIn: 1, ran: 3))
      #expect(stopped.endless == endless)
      #expect(stopped.json(offset: { _ in 0 }).text.contains(#""endless":true"#) == endless)
      let rebuilt = try Pomo.Resume.plan(of: stopped, path: ["pomo", "resume"], context)
      #expect(rebuilt.endless == endless)
      #expect(rebuilt.phases.count == (endless ? 20_000 : 19_999))
    }
  }

  @Test("a record the rebuilt plan does not hold is refused, naming the phase, not resumed wrongly")
  func mismatch() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let context = context(home.path)
    let shape = Shape(word: "3m", warmup: .seconds(1), stoppedIn: 1, ran: 30)
    let preset = try PresetLookup.preset(
      "3m", path: ["pomo", "start"], context: context, timer: QuickTimerOptions(warmup: .seconds(1)))
    // A record from before pomo kept a timer's warm-up.
    var old = try record(Plan(preset: preset), shape)
    old.warmupSeconds = nil
    #expect(
      throws: CLIError.failure(
        "the 3m session of \(context.zone.clockTime(old.start)) ran a plan that '3m' no longer gives "
          + "(phase 1 is focus, the session's was warm-up); start it afresh")
    ) {
      try Pomo.Resume.plan(of: old, path: ["pomo", "resume"], context)
    }
  }
}
