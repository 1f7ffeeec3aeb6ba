import PomoTestSupport
import Testing

@testable import PomoCore

/// A session that must end at a time on the clock (`--until`, `@14:30`) ends then, however
/// long passed between making its plan and starting it.
@Suite("A session that ends at a clock time")
struct EngineEndsAtTests {
  @Test("the last phase is fitted as the session starts: time spent setting up comes off it")
  func fittedAtStart() {
    let clock = FakeClock()
    let endsAt = clock.wall + 30
    let preset = Preset(name: "t", round: [phase("go", .work, 20), phase("rest", .rest, 10)], rounds: 1)
    var engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock, endsAt: endsAt)
    // Setting up took 1.25 s after the plan was made for 30 s.
    clock.advance(.milliseconds(1250))
    _ = engine.start()
    #expect(engine.plan.phases[1].duration == .milliseconds(8750))
    clock.advance(.seconds(20))
    _ = engine.tick()
    clock.advance(.milliseconds(8750))
    _ = engine.tick()
    #expect(engine.isFinished)
    #expect(engine.startWall + 28.75 == endsAt)
  }
}
