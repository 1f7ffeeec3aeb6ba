import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("Session engine")
struct SessionEngineTests {
  let clock = FakeClock()

  /// 2 rounds of 10 s work + 5 s rest, long break (8 s) after every 2nd round, no rest after the last.
  func engine(rounds: Int = 2, cue: Int = 0) -> SessionEngine {
    let preset = Preset(
      name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: rounds, skipLastRest: true,
      longBreak: .init(every: 2, phase: phase("long", .rest, 8)), cue: cue)
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  @Test("phases follow each other at their deadlines")
  func transitions() {
    var e = engine()
    #expect(e.start() == [.sessionStarted, .phaseStarted(0)])
    clock.advance(.seconds(9))
    #expect(e.tick() == [])
    #expect(e.snapshot?.remaining == .seconds(1))
    clock.advance(.seconds(1))
    #expect(e.tick() == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    clock.advance(.seconds(5))
    #expect(e.tick() == [.phaseEnded(1, completed: true), .phaseStarted(2)])
    clock.advance(.seconds(10))
    #expect(e.tick() == [.phaseEnded(2, completed: true), .sessionEnded(completed: true)])
    #expect(e.status == .finished(completed: true))
    #expect(e.records.map(\.elapsed) == [.seconds(10), .seconds(5), .seconds(10)])
  }

  @Test("--ago: the session began earlier; a phase already over ends at once, at its deadline")
  func startedAgo() {
    let preset = Preset(
      name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2, skipLastRest: true,
      longBreak: .init(every: 2, phase: phase("long", .rest, 8)))
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock, startedAgo: .seconds(12))
    let wall = clock.clock.wallSeconds()
    #expect(e.start() == [.sessionStarted, .phaseStarted(0), .phaseEnded(0, completed: true), .phaseStarted(1)])
    #expect(e.wallTime(e.startTime) == wall - 12)
    #expect(e.records.map(\.elapsed) == [.seconds(10)])
    #expect(e.snapshot?.remaining == .seconds(3))
    clock.advance(.seconds(3))
    #expect(e.tick() == [.phaseEnded(1, completed: true), .phaseStarted(2)])
  }

  @Test("advance by kind: a phase waits before focus, not before a break")
  func advanceByKind() {
    var preset = Preset(name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2)
    preset.advanceBefore = [.work: .confirm]
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    #expect(e.plan.confirms && e.plan.waits(before: 2) && !e.plan.waits(before: 1))
    _ = e.start()
    clock.advance(.seconds(10))
    // Focus ends: the break starts at once.
    #expect(e.tick() == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    clock.advance(.seconds(5))
    // The break ends: the next focus waits to be confirmed.
    #expect(e.tick() == [.waiting(1)])
    clock.advance(.seconds(3))
    #expect(e.next().contains(.phaseStarted(2)))
    // --no-confirm: nothing waits, whatever the preset says.
    var plan = Plan(preset: preset)
    plan.setAdvance(.auto)
    #expect(!plan.confirms && !plan.waits(before: 2))
  }

  @Test("warn_before: the phase warns once, that long before its end; time added past it warns again")
  func warning() {
    var preset = Preset(name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 2)], rounds: 1)
    preset.round[0].warnBefore = .seconds(3)
    var plan = Plan(preset: preset)
    // The config's warning goes to phases without their own: the 2 s rest is too short for it.
    plan.warn(before: .seconds(5))
    var e = SessionEngine(plan: plan, clock: clock.clock)
    _ = e.start()
    #expect(e.nextWake(.boundaries) == clock.clock.now() + .seconds(7))
    clock.advance(.milliseconds(6999))
    #expect(e.tick() == [])
    clock.advance(.milliseconds(1))
    #expect(e.tick() == [.warning(0)] && e.snapshot?.warned == true)
    clock.advance(.seconds(1))
    #expect(e.tick() == [])
    #expect(e.extend(by: .seconds(60)) == [.extended(0, by: .seconds(60))] && e.snapshot?.warned == false)
    clock.advance(.seconds(60))
    #expect(e.tick() == [.warning(0)])
    clock.advance(.seconds(2))
    #expect(e.tick() == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    clock.advance(.seconds(2))
    #expect(e.tick() == [.phaseEnded(1, completed: true), .sessionEnded(completed: true)])
  }

  @Test("a late tick ends each phase at its deadline: no drift")
  func lateTicks() {
    var e = engine(rounds: 4)
    _ = e.start()
    clock.advance(.milliseconds(10_700))  // 0.7 s late
    _ = e.tick()
    #expect(e.records[0].end - e.records[0].start == .seconds(10))
    // The next phase started at the deadline, not at the late tick.
    #expect(e.phaseStart == e.records[0].end)
    #expect(e.snapshot?.remaining == .milliseconds(4300))
    for _ in 0..<100 {
      clock.advance(.milliseconds(333))
      _ = e.tick()
    }
    let total = e.records.reduce(Duration.zero) { $0 + $1.elapsed }
    #expect(total == e.records.reduce(Duration.zero) { $0 + $1.phase.duration })
  }

  @Test("a long break comes after every 2nd round")
  func longBreak() {
    var e = engine(rounds: 3)
    _ = e.start()
    clock.advance(.seconds(10 + 5 + 10))
    _ = e.tick()
    #expect(e.currentPhase?.name == "long")
    #expect(e.currentPhase?.round == 2)
    clock.advance(.seconds(8))
    _ = e.tick()
    #expect(e.currentPhase?.name == "go")
    #expect(e.currentPhase?.round == 3)
  }

  @Test("pause freezes the countdown; resume moves the deadline by the pause")
  func pause() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(4))
    #expect(e.togglePause() == [.paused])
    clock.advance(.seconds(100))
    #expect(e.tick() == [])
    #expect(e.snapshot?.remaining == .seconds(6))
    #expect(e.snapshot?.paused == true)
    #expect(e.nextWake(.display(barCells: 10)) == nil)
    #expect(e.togglePause() == [.resumed])
    clock.advance(.seconds(6))
    #expect(e.tick() == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    #expect(e.records[0].paused == .seconds(100))
    #expect(e.records[0].elapsed == .seconds(10))
    #expect(e.totalPaused == .seconds(100))
  }

  @Test("skip ends the phase not completed and starts the next now")
  func skip() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(3))
    #expect(e.skip() == [.skipped(0), .phaseEnded(0, completed: false), .phaseStarted(1)])
    #expect(e.records[0].elapsed == .seconds(3))
    #expect(e.records[0].completed == false)
    #expect(e.snapshot?.remaining == .seconds(5))
  }

  @Test("skip while paused resumes into the next phase")
  func skipPaused() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(2))
    _ = e.togglePause()
    clock.advance(.seconds(7))
    _ = e.skip()
    #expect(e.status == .running)
    #expect(e.records[0].elapsed == .seconds(2))
    #expect(e.records[0].paused == .seconds(7))
  }

  @Test("+ extends the current phase")
  func extend() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(8))
    #expect(e.extend(by: .seconds(60)) == [.extended(0, by: .seconds(60))])
    #expect(e.snapshot?.remaining == .seconds(62))
    #expect(e.snapshot?.length == .seconds(70))
    clock.advance(.seconds(62))
    _ = e.tick()
    #expect(e.records[0].elapsed == .seconds(70))
    #expect(e.records[0].extended == .seconds(60))
  }

  @Test("quit ends the session, interrupted, with the phases so far")
  func quit() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(12))
    #expect(
      e.quit() == [
        .phaseEnded(0, completed: true), .phaseStarted(1), .phaseEnded(1, completed: false),
        .sessionEnded(completed: false),
      ])
    #expect(e.status == .finished(completed: false))
    #expect(e.records.map(\.elapsed) == [.seconds(10), .seconds(2)])
    #expect(e.quit() == [])
  }

  @Test("a suspend that spans boundaries: each phase ends at its deadline, the sleep is measured")
  func suspend() {
    var e = engine(rounds: 2)
    _ = e.start()
    clock.advance(.seconds(4))
    _ = e.tick()
    clock.sleep(.seconds(13))  // asleep from 4 s to 17 s: past the end of phase 0 (10 s) and 1 (15 s)
    let events = e.tick()
    #expect(
      events == [
        .slept(.seconds(13)), .phaseEnded(0, completed: true), .phaseStarted(1), .phaseEnded(1, completed: true),
        .phaseStarted(2),
      ])
    #expect(e.records[0].slept == .seconds(6))
    #expect(e.records[1].slept == .seconds(5))
    #expect(e.snapshot?.remaining == .seconds(8))  // phase 2 started at 15 s
    clock.advance(.seconds(8))
    _ = e.tick()
    #expect(e.isFinished)
    #expect(e.totalSlept == .seconds(13))
    #expect(e.records[2].slept == .seconds(2))
  }

  @Test("scheduling noise is not sleep")
  func noise() {
    var e = engine()
    _ = e.start()
    clock.boot += .milliseconds(200)
    #expect(e.tick() == [])
    #expect(e.totalSlept == .zero)
  }

  @Test("3-2-1 cues before each phase change, each second once")
  func cues() {
    var e = engine(cue: 3)
    _ = e.start()
    var cues: [SessionEvent] = []
    for _ in 0..<64 {
      clock.advance(.milliseconds(250))
      cues += e.tick().filter { if case .cue = $0 { true } else { false } }
    }
    #expect(cues == [.cue(3), .cue(2), .cue(1), .cue(3), .cue(2), .cue(1)])
  }

  @Test("wakes only when the display changes: the next second, bar eighth or percent")
  func nextWake() {
    var e = engine()
    _ = e.start()
    let start = clock.boot
    // 10 s phase, 10 cells: an eighth of a cell is 125 ms; a percent is 100 ms.
    #expect(e.nextWake(.display(barCells: 10)) == start + .milliseconds(100))
    #expect(e.nextWake(.display(barCells: 1)) == start + .milliseconds(100))
    // Plain output only needs the deadline.
    #expect(e.nextWake(.boundaries) == start + .seconds(10))
    clock.advance(.milliseconds(9_950))
    #expect(e.nextWake(.display(barCells: 1)) == start + .seconds(10))
  }

  @Test("wall times come from the session's start, so sleeps do not shift them")
  func wallTimes() {
    var e = engine()
    let wallStart = clock.wall
    _ = e.start()
    clock.sleep(.seconds(30))
    _ = e.tick()
    #expect(e.wallTime(e.records[0].end) == wallStart + 10)
    #expect(e.wallTime(e.records[1].end) == wallStart + 15)
  }
}
