import Foundation
import PomoCore
@testable import PomoTerminal
import PomoTestSupport
import Testing

@testable import PomoJournal

/// What the Timewarrior bridge asks `timew` to do, on the engine's fake clock: the calls are
/// recorded, never run.
@Suite("Timewarrior bridge")
struct TimewarriorBridgeTests {
  /// The calls the bridge made, in order.
  final class Calls: @unchecked Sendable {
    var list: [[String]] = []
  }

  func bridge(_ calls: Calls) -> TimewarriorBridge {
    TimewarriorBridge(run: { calls.list.append($0); return 0 })
  }

  func engine(_ clock: FakeClock, focus: Int = 60) -> SessionEngine {
    let preset = Preset(name: "t", round: [phase("focus", .work, focus), phase("rest", .rest, 60)])
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  @Test("a stretch of focus that ends in the second it began is cancelled, never left open")
  func sameSecondIsCancelled() {
    let clock = FakeClock()
    let calls = Calls()
    let bridge = bridge(calls)
    var e = engine(clock)
    step(bridge, &e) { $0.start() }
    clock.advance(.milliseconds(300))
    step(bridge, &e) { $0.apply(.pause) }
    #expect(calls.list.map(\.first) == ["start", "cancel"], "\(calls.list)")
  }

  @Test("through the bridge queue a late timew still carries the moment of the update")
  func queuedUpdatesKeepTheirTimes() {
    let clock = FakeClock()
    let calls = Calls()
    let queue = BridgeQueue([bridge(calls)])
    var e = engine(clock)
    step(queue, &e) { $0.start() }
    clock.advance(.seconds(3))
    step(queue, &e) { $0.apply(.pause) }
    let pausedAt = clock.wall
    // The queue is slow: by the time it runs the stop, the clock has moved on.
    clock.advance(.seconds(30))
    queue.finish()
    let stop = calls.list.first { $0.first == "stop" }
    #expect(stop?[1] == TimewarriorBridge.time(pausedAt), "\(calls.list)")
  }

  @Test("back during a wait for confirmation starts the interval again: the overtime is focus")
  func backDuringConfirmWait() {
    let clock = FakeClock()
    let calls = Calls()
    let bridge = bridge(calls)
    var e = clock.engine(
      Preset(name: "t", round: [phase("focus", .work, 3), phase("rest", .rest, 60)], advance: .confirm))
    step(bridge, &e) { $0.start() }
    clock.advance(.seconds(4))
    step(bridge, &e) { $0.tick() }
    #expect(e.status == .waiting)
    step(bridge, &e) { $0.apply(.away(.command)) }
    clock.advance(.seconds(2))
    step(bridge, &e) { $0.apply(.back) }
    #expect(calls.list.map(\.first) == ["start", "stop", "start"], "\(calls.list)")
  }
}
