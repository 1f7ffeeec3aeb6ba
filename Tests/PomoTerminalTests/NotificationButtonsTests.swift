import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoTerminal

/// Which buttons a notification has, and what a click on each does, read from the engine.
@Suite("Notification buttons")
struct NotificationButtonsTests {
  let clock = FakeClock()

  /// 10 s focus, 5 s break, 10 s focus.
  func engine(_ advance: PhaseAdvance) -> SessionEngine {
    let preset = Preset(
      name: "c", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2, skipLastRest: true,
      advance: advance)
    var plan = Plan(preset: preset)
    plan.warn(before: .seconds(2))
    var engine = SessionEngine(plan: plan, clock: clock.clock)
    _ = engine.start()
    return engine
  }

  func labels(_ engine: SessionEngine, warning: Bool = false) -> [String] {
    NotificationButtons.actions(engine, warning: warning).map(\.label)
  }

  @Test("confirm mode: after focus Start break, +5 min, Skip break; after a break Start focus, +5 min")
  func confirm() {
    var e = engine(.confirm)
    clock.advance(.seconds(11))
    _ = e.tick()
    #expect(e.status == .waiting)
    #expect(NotificationButtons.keys(e, warning: false) == [.next, .extend, .skip])
    #expect(labels(e) == ["Start break", "+5 min", "Skip break"])
    #expect(NotificationButtons.commands(.next, e, warning: false) == [.next])
    #expect(NotificationButtons.commands(.extend, e, warning: false) == [.extend(.seconds(300))])
    // The break starts and is skipped at once.
    #expect(NotificationButtons.commands(.skip, e, warning: false) == [.next, .skip])
    _ = e.apply(.next)
    clock.advance(.seconds(6))
    _ = e.tick()
    #expect(e.status == .waiting)
    #expect(labels(e) == ["Start focus", "+5 min"])
    #expect(NotificationButtons.commands(.skip, e, warning: false) == nil)
  }

  @Test("straight through: the phase under way is the next one; no Start button")
  func straight() {
    var e = engine(.auto)
    clock.advance(.seconds(10))
    _ = e.tick()
    #expect(e.currentPhase?.kind == .rest)
    #expect(labels(e) == ["+5 min", "Skip break"])
    #expect(NotificationButtons.commands(.skip, e, warning: false) == [.skip])
    #expect(NotificationButtons.commands(.next, e, warning: false) == nil)
    clock.advance(.seconds(5))
    _ = e.tick()
    #expect(e.currentPhase?.kind == .work)
    #expect(labels(e) == ["+5 min"])
  }

  @Test("the warning has +5 min; the end of the session has no buttons")
  func warningAndEnd() {
    var e = engine(.auto)
    clock.advance(.seconds(9))
    _ = e.tick()
    #expect(labels(e, warning: true) == ["+5 min"])
    #expect(NotificationButtons.commands(.skip, e, warning: true) == nil)
    clock.advance(.seconds(20))
    _ = e.tick()
    #expect(e.isFinished)
    #expect(labels(e) == [])
    #expect(NotificationButtons.commands(.extend, e, warning: false) == nil)
  }
}
