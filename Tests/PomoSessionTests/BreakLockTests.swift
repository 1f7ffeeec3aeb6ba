import Foundation
import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore

/// The break lock's rules on a fake clock, with a lock that counts.
@Suite("Break lock: once a break, never a trap")
struct BreakLockTests {
  let clock = FakeClock()

  final class Counter {
    var locks: [Duration] = []
    var warnings: [String] = []
    var failure: String?
  }

  /// A lock that counts, each at its time from now (the session's start).
  func listener(_ breaks: BreakLockSettings.Breaks, workout: Bool = false, _ counter: Counter) -> BreakLock {
    let origin = clock.clock.now()
    return BreakLock(
      breaks: breaks, workout: workout,
      lock: {
        counter.locks.append(clock.clock.now() - origin)
        return counter.failure
      }, warn: { counter.warnings.append($0) })
  }

  /// Work 10 s, rest 5 s, for `rounds` rounds, the last rest kept.
  func engine(rounds: Int = 2, rest: Int = 5) -> SessionEngine {
    SessionEngine(
      plan: Plan(preset: .goRest(rest: rest, rounds: rounds, skipLastRest: false)), clock: clock.clock)
  }

  /// Runs the session to its end a second at a time, asking the listener when to wake too.
  func run(_ lock: BreakLock, _ e: inout SessionEngine, seconds: Int) {
    for _ in 0..<seconds {
      clock.advance(.seconds(1))
      step(lock, &e) { $0.tick() }
    }
  }

  @Test("a break locks once, after a grace of a tenth of it, however often the session steps, pauses or grows")
  func oncePerBreak() {
    var e = engine()
    let counter = Counter()
    let lock = listener(.every, counter)
    step(lock, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(lock, &e) { $0.tick() }
    #expect(counter.locks.isEmpty, "the break's notification shows first")
    #expect(lock.nextWake(e) == e.clock.now() + .milliseconds(500))
    clock.advance(.milliseconds(500))
    step(lock, &e) { $0.tick() }
    #expect(counter.locks == [.seconds(10) + .milliseconds(500)])
    step(lock, &e) { $0.togglePause() }
    step(lock, &e) { $0.togglePause() }
    step(lock, &e) { $0.extend(by: .seconds(60)) }
    step(lock, &e) { $0.tick() }
    #expect(counter.locks.count == 1)
    #expect(lock.nextWake(e) == nil)
    run(lock, &e, seconds: 90)
    #expect(counter.locks.count == 2, "the second round's break locks once too")
  }

  @Test("a break skipped within its grace is not locked, nor is a break reached by skipping one")
  func skip() {
    var e = SessionEngine(
      plan: Plan(
        preset: Preset(
          name: "s", round: [phase("go", .work, 10), phase("rest", .rest, 60), phase("more", .rest, 60)], rounds: 1)),
      clock: clock.clock)
    let counter = Counter()
    let lock = listener(.every, counter)
    step(lock, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(lock, &e) { $0.tick() }
    step(lock, &e) { $0.skip() }
    run(lock, &e, seconds: 70)
    #expect(counter.locks.isEmpty)
  }

  @Test("\"long\" locks only a rest longer than the plan's shortest; a workout never locks")
  func longAndWorkout() {
    let preset = Preset(
      name: "l", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2,
      longBreak: .init(every: 2, phase: phase("long", .rest, 20)))
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    let counter = Counter()
    let lock = listener(.long, counter)
    step(lock, &e) { $0.start() }
    run(lock, &e, seconds: 60)
    #expect(counter.locks == [.seconds(27)], "the long break starts at 25 s, its grace is 2 s")
    var w = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    let none = Counter()
    let workout = listener(.every, workout: true, none)
    step(workout, &w) { $0.start() }
    run(workout, &w, seconds: 60)
    #expect(none.locks.isEmpty)
  }

  @Test("a long break is longer than the plan's shortest rest, the last phase (maybe cut short) left out")
  func longBreaks() {
    let preset = Preset(
      name: "l", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 4,
      longBreak: .init(every: 4, phase: phase("long", .rest, 20)))
    let plan = Plan(preset: preset)
    #expect(plan.phases.indices.filter { BreakLock.isLong($0, in: plan) } == [7])
    // Cut to end 2 s into the second rest: the cut rest makes no other rest long.
    let cut = plan.cut(to: .seconds(27))
    #expect(cut.phases.last?.duration == .seconds(2))
    #expect(cut.phases.indices.filter { BreakLock.isLong($0, in: cut) }.isEmpty)
    let single = Plan(preset: Preset(name: "s", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 1))
    #expect(!BreakLock.isLong(1, in: single))
  }

  @Test("a lock that fails is one warning, and no later break tries again")
  func failure() {
    var e = engine(rounds: 3)
    let counter = Counter()
    counter.failure = "no locker"
    let lock = listener(.every, counter)
    step(lock, &e) { $0.start() }
    run(lock, &e, seconds: 60)
    #expect(counter.locks.count == 1)
    #expect(
      counter.warnings == ["pomo: warning: cannot lock the screen for the break: no locker; breaks go on without it"])
  }
}
