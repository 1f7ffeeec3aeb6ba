import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

/// A phase whose time is up waits for confirmation: overtime read from the clock, never counted.
@Suite("Confirm mode")
struct ConfirmModeTests {
  let clock = FakeClock()

  /// 10 s work, 5 s rest, 10 s work: the last phase never waits.
  func engine(_ advance: PhaseAdvance = .confirm) -> SessionEngine {
    clock.engine(.goRest(name: "c", advance: advance))
  }

  @Test("a phase's end waits, and overtime accrues from the deadline however late the tick")
  func endWaits() {
    var e = engine()
    _ = e.start()
    clock.advance(.milliseconds(10_300))
    #expect(e.tick() == [.waiting(0)])
    #expect(e.status == .waiting)
    #expect(e.index == 0)
    #expect(e.snapshot?.overtime == .milliseconds(300))
    #expect(e.snapshot?.remaining == .zero)
    #expect(e.snapshot?.fraction == 1)
    clock.advance(.milliseconds(41_900))
    #expect(e.tick() == [])  // Waiting again announces nothing.
    #expect(e.overtime == .milliseconds(42_200))
    #expect(TimeText.overtime(e.overtime!) == "+0:42")
  }

  @Test("on a display the next wake is the overtime's next whole second; a plain log sleeps")
  func wakes() {
    let e = clock.waitingEngine(over: .milliseconds(1_250))
    #expect(e.nextWake(.display(barCells: 40)) == clock.boot + .milliseconds(750))
    #expect(e.nextWake(.boundaries) == nil)
  }

  /// How each way on from a wait ends the phase.
  struct Way: Sendable, CustomTestStringConvertible {
    var name: String
    var command: SessionCommand
    var extraEvents: [SessionEvent]
    var testDescription: String { name }
  }

  @Test(
    "next, skip and space go on: the phase ends completed with its overtime, the next starts now",
    arguments: [
      Way(name: "next", command: .next, extraEvents: []),
      Way(name: "skip", command: .skip, extraEvents: [.skipped(0)]),
      Way(name: "toggle (space)", command: .toggle, extraEvents: []),
    ])
  func goOn(way: Way) {
    var e = clock.waitingEngine(over: .seconds(42))
    let now = clock.boot
    #expect(e.apply(way.command) == way.extraEvents + [.phaseEnded(0, completed: true), .phaseStarted(1)])
    #expect(e.status == .running)
    #expect(e.records[0].overtime == .seconds(42))
    #expect(e.records[0].elapsed == .seconds(52))
    #expect(e.records[0].completed)
    #expect(e.phaseStart == now)
    #expect(e.deadline == now + .seconds(5))
  }

  @Test("pause and resume do nothing to a waiting phase; the overtime keeps counting")
  func noPause() {
    var e = clock.waitingEngine(over: .seconds(5))
    #expect(e.apply(.pause) == [])
    #expect(e.apply(.resume) == [])
    #expect(e.status == .waiting)
    clock.advance(.seconds(5))
    #expect(e.overtime == .seconds(10))
    #expect(e.pausedAt == nil)
  }

  @Test("space that arrives as the time runs out does not also confirm")
  func spaceAtTheDeadline() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(10))
    #expect(e.apply(.toggle) == [.waiting(0)])
    #expect(e.status == .waiting)
    #expect(e.apply(.toggle) == [.phaseEnded(0, completed: true), .phaseStarted(1)])
  }

  @Test("next does nothing while a phase still runs, and counts once its time is up")
  func nextEarly() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(3))
    #expect(e.apply(.next) == [])
    #expect(e.status == .running)
    clock.advance(.seconds(7))
    #expect(e.apply(.next) == [.waiting(0), .phaseEnded(0, completed: true), .phaseStarted(1)])
    #expect(e.records[0].overtime == .zero)
  }

  @Test("a pause before the deadline moves it; the wait starts at the moved deadline")
  func pauseBefore() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(4))
    _ = e.apply(.pause)
    clock.advance(.seconds(20))
    _ = e.apply(.resume)
    clock.advance(.seconds(6))
    #expect(e.tick() == [.waiting(0)])
    clock.advance(.seconds(3))
    _ = e.apply(.next)
    #expect(e.records[0].overtime == .seconds(3))
    #expect(e.records[0].paused == .seconds(20))
    #expect(e.records[0].elapsed == .seconds(13))
  }

  @Test("+ during a wait counts down again from now; the overtime so far stays in the record")
  func extendWhileWaiting() {
    var e = clock.waitingEngine(over: .seconds(30))
    #expect(e.apply(.extend(.seconds(60))) == [.extended(0, by: .seconds(60))])
    #expect(e.status == .running)
    #expect(e.snapshot?.remaining == .seconds(60))
    #expect(e.snapshot?.overtime == nil)
    clock.advance(.seconds(65))
    #expect(e.tick() == [.waiting(0)])
    #expect(e.overtime == .seconds(35))
    _ = e.apply(.next)
    #expect(e.records[0].overtime == .seconds(35))
    #expect(e.records[0].extended == .seconds(60))
    #expect(e.records[0].elapsed == .seconds(105))
  }

  @Test("a suspend during the wait: the overtime covers it, the sleep is measured and recorded")
  func suspendWhileWaiting() {
    var e = clock.waitingEngine(over: .seconds(2))
    clock.sleep(.seconds(600))
    #expect(e.tick() == [.slept(.seconds(600))])
    #expect(e.status == .waiting)
    #expect(e.overtime == .seconds(602))
    _ = e.apply(.next)
    #expect(e.records[0].overtime == .seconds(602))
    #expect(e.records[0].slept == .seconds(600))
  }

  @Test("a suspend across the deadline: the wait begins at the deadline, not at wake-up")
  func suspendAcrossDeadline() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(4))
    clock.sleep(.seconds(100))
    #expect(e.tick() == [.slept(.seconds(100)), .waiting(0)])
    #expect(e.overtime == .seconds(94))
  }

  @Test("stopping a waiting phase records it completed with its overtime; the session is interrupted")
  func stopWhileWaiting() {
    var e = clock.waitingEngine(over: .seconds(8))
    #expect(e.apply(.stop) == [.phaseEnded(0, completed: true), .sessionEnded(completed: false)])
    #expect(e.records[0].overtime == .seconds(8))
    #expect(e.status == .finished(completed: false))
  }

  @Test("the last phase never waits: the session completes at its deadline")
  func lastPhase() {
    var e = engine()
    _ = e.start()
    for seconds in [10, 5] {
      clock.advance(.seconds(seconds))
      _ = e.tick()
      _ = e.apply(.next)
    }
    #expect(e.index == 2)
    clock.advance(.seconds(10))
    #expect(e.tick() == [.phaseEnded(2, completed: true), .sessionEnded(completed: true)])
    #expect(e.records.last?.overtime == nil)
  }

  @Test("in auto mode nothing waits and no record has overtime")
  func autoMode() {
    var e = engine(.auto)
    _ = e.start()
    clock.advance(.seconds(30))
    #expect(e.tick().contains(.sessionEnded(completed: true)))
    #expect(e.records.allSatisfy { $0.overtime == nil })
    #expect(e.apply(.next) == [])
  }

  @Test("skip of a running phase in confirm mode ends it not completed, without waiting")
  func skipRunning() {
    var e = engine()
    _ = e.start()
    clock.advance(.seconds(3))
    #expect(e.apply(.skip) == [.skipped(0), .phaseEnded(0, completed: false), .phaseStarted(1)])
    #expect(e.records[0].overtime == nil)
  }

  // MARK: - Around the engine

  @Test("the status line and the title show overtime counting up, the bar full")
  func rendering() {
    let e = clock.waitingEngine(over: .milliseconds(42_900))
    let line = StatusLine.render(e.snapshot!, width: 60, style: .plain).text
    #expect(line.contains("+0:42"))
    #expect(line.contains("100%"))
    #expect(TerminalSequence.titleText(e.snapshot!, unicode: true) == "WORK +0:42 go")
    #expect(TerminalSequence.progressState(e.snapshot!) == .normal(100))
  }

  @Test("the plain log says the phase waits, and its end shows the overtime")
  func plainLog() {
    var e = clock.waitingEngine(over: .seconds(42))
    let buffer = TextBuffer()
    let log = PlainLog(output: buffer, width: 100, unicode: true, clockTime: { _ in "10:00:10" })
    log.sessionDidUpdate(e, events: [.waiting(0)])
    let events = e.apply(.next)
    log.sessionDidUpdate(e, events: events)
    #expect(
      buffer.text == """
        10:00:10  time    go is up; waiting for space or 'pomo next'
        10:00:10  done    go (0:52, 0:42 over)
        10:00:10  start   rest (rest, 0:05, round 1/2)

        """)
  }
}
