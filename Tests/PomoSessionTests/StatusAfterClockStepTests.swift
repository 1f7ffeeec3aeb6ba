@testable import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo status` after a wall-clock step: the phase's time comes from the session's own
/// clock, never from the stepped wall clock.
@Suite("Status after a wall-clock step")
struct StatusAfterClockStepTests {
  let clock = FakeClock()
  static let info = SessionInfo(id: "s1", host: "h", planCount: 2)

  /// 25 minutes of work, then 5 of rest.
  func engine() -> SessionEngine {
    let preset = Preset(name: "p", round: [phase("focus", .work, 1500), phase("rest", .rest, 300)], rounds: 1)
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  /// Steps forward and back, small and large: a DST-sized hour, a day, a minute, the few
  /// seconds a VM's clock sync makes.
  static let steps: [Double] = [3600, -3600, 86_400, -86_400, 60, -60, 5, -5]

  @Test("status one second into a phase shows the phase's time, whichever way the wall clock stepped", arguments: steps)
  func statusAfterStep(step: Double) throws {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(1))
    clock.step(step)
    #expect(e.tick() == [.clockStepped(step)])
    let state = try #require(SessionState(engine: e, info: Self.info, pid: 1))
    // A reader a few seconds later, on the same boot: its wall clock (stepped) is not read.
    clock.advance(.seconds(2))
    let now = state.now(on: clock.clock)
    #expect(now == e.startWall + 3)
    #expect(state.remaining(at: now) == 1497)
    let line = StatusText.render(state, now: now, format: .text, offset: { _ in 0 })
    #expect(line.contains("24:57"))
    #expect(!line.contains("100%"))
  }
}
