import PomoTestSupport
import Testing

@testable import PomoCore

/// `pomo mark`, the keys `i` and `e`, and `pomo void`, in the engine with a fake clock.
@Suite("Interruption marks and void")
struct InterruptionMarkTests {
  let clock = FakeClock()

  /// 2 rounds of 10 s focus and 5 s rest.
  func engine() -> SessionEngine {
    let preset = Preset(name: "t", round: [phase("focus", .work, 10), phase("break", .rest, 5)], rounds: 2)
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  @Test("a mark is refused during a break, and before and after the session")
  func refusedOutsideFocus() {
    var e = engine()
    #expect(e.problem(with: .mark(.internal, nil)) != nil)
    _ = e.start()
    #expect(e.problem(with: .mark(.internal, nil)) == nil)
    clock.advance(.seconds(11))
    _ = e.tick()
    let problem = e.problem(with: .mark(.external, "x"))
    #expect(problem?.contains("no focus phase is running") == true)
    #expect(e.apply(.mark(.external, "x")) == [])
    #expect(e.marks.isEmpty)
    #expect(e.problem(with: .void(nil))?.contains("no focus phase is running") == true)
    #expect(e.apply(.void(nil)) == [])
    #expect(!e.voided && !e.isFinished)
    _ = e.apply(.stop)
    #expect(e.problem(with: .mark(.internal, nil)) != nil)
  }

  @Test("a paused focus phase can still be marked; the marks survive the pause")
  func pausedFocus() {
    var e = engine()
    _ = e.start()
    _ = e.apply(.pause)
    #expect(e.problem(with: .mark(.internal, nil)) == nil)
    _ = e.apply(.mark(.internal, nil))
    _ = e.apply(.resume)
    #expect(e.marks.count == 1)
  }

  @Test("void of a focus phase waiting past its time: still not completed")
  func voidWhileWaiting() {
    var preset = Preset(name: "c", round: [phase("focus", .work, 10), phase("break", .rest, 5)])
    preset.advance = .confirm
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    _ = e.start()
    clock.advance(.seconds(12))
    _ = e.tick()
    #expect(e.status == .waiting)
    _ = e.apply(.void(nil, stop: true))
    #expect(e.records.map(\.completed) == [false])
    #expect(e.voided && e.voidReason == nil)
  }

  @Test("the keys i and e mark internal and external interruptions")
  func keys() {
    #expect(SessionEngine.command(forKey: UInt8(ascii: "i")) == .mark(.internal, nil))
    #expect(SessionEngine.command(forKey: UInt8(ascii: "e")) == .mark(.external, nil))
  }

  @Test("the technique's signs: internal then external, the groups apart")
  func signs() {
    #expect(PhaseMark.signs(internal: 2, external: 1) == "'' -")
    #expect(PhaseMark.signs(internal: 0, external: 2) == "--")
    #expect(PhaseMark.signs(internal: 3, external: 0) == "'''")
    #expect(PhaseMark.signs(internal: 0, external: 0) == "")
    #expect(PhaseMark.signs(internal: 8, external: 9) == "'''''''' 9-")
  }

  @Test("a workout has no Pomodoro to void")
  func noVoidInAWorkout() throws {
    let timer = try QuickTimer.parse("40s/20s").get()
    var e = SessionEngine(plan: Plan(preset: timer.preset(rounds: 2, warmup: nil, cooldown: nil)), clock: clock.clock)
    _ = e.start()
    clock.advance(.seconds(5))
    #expect(e.problem(with: .void(nil))?.contains("a workout has no Pomodoro to void") == true)
    #expect(e.apply(.void(nil, stop: true)) == [])
    #expect(!e.isFinished && !e.voided)
  }
}
