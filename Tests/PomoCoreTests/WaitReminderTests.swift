import PomoCore
import PomoTestSupport
import Testing

/// `"remind"`: a phase that waits for you nudges again every so often, on the engine's clock.
@Suite("Reminders while a phase waits")
struct WaitReminderTests {
  /// A confirm-mode engine reminding every minute, started; its first phase's time is up at 10 s.
  static func engine(_ clock: FakeClock, every: Duration? = .seconds(60)) -> SessionEngine {
    var e = clock.engine(.goRest(name: "c", advance: .confirm)).reminding(every: every)
    _ = e.start()
    return e
  }

  static func reminded(_ events: [SessionEvent]) -> Int {
    events.count { if case .reminded = $0 { true } else { false } }
  }

  @Test("the first reminder comes one period after the time is up, not a tick before, then one each period")
  func period() {
    let clock = FakeClock()
    var e = Self.engine(clock)
    clock.advance(.seconds(10))
    _ = e.tick()
    #expect(e.status == .waiting)
    let up = e.deadline
    #expect(e.nextWake(.boundaries) == up + .seconds(60))
    clock.advance(.milliseconds(59_999))
    #expect(Self.reminded(e.tick()) == 0)
    clock.advance(.milliseconds(1))
    #expect(e.tick() == [.reminded(0)])
    #expect(e.reminders == 1)
    #expect(e.nextWake(.boundaries) == up + .seconds(120))
    clock.advance(.seconds(60))
    #expect(e.tick() == [.reminded(0)])
    #expect(e.reminders == 2)
  }

  @Test("a late tick never shifts the next reminder, and a long gap gives one reminder, not a burst")
  func lateTicks() {
    let clock = FakeClock()
    var e = Self.engine(clock)
    clock.advance(.seconds(10))
    _ = e.tick()
    let up = e.deadline
    clock.advance(.seconds(250))  // four and a bit periods with no tick at all
    #expect(Self.reminded(e.tick()) == 1)
    #expect(e.nextWake(.boundaries) == up + .seconds(300))
  }

  @Test("on a live display the loop wakes for the reminder even between the overtime's seconds")
  func displayWake() {
    let clock = FakeClock()
    var e = Self.engine(clock, every: .milliseconds(1500))
    clock.advance(.seconds(10))
    _ = e.tick()
    clock.advance(.seconds(1))
    #expect(e.nextWake(.display(barCells: 20)) == e.deadline + .milliseconds(1500))
  }

  @Test("snoozing puts the next reminder off by its length from the click, and the period goes on from there")
  func snooze() {
    let clock = FakeClock()
    var e = Self.engine(clock)
    clock.advance(.seconds(70))
    #expect(Self.reminded(e.tick()) == 1)
    clock.advance(.seconds(5))
    let clicked = clock.boot
    _ = e.apply(.snooze(.seconds(600)))
    #expect(e.nextWake(.boundaries) == clicked + .seconds(600))
    clock.advance(.seconds(599))
    #expect(Self.reminded(e.tick()) == 0)
    clock.advance(.seconds(1))
    #expect(Self.reminded(e.tick()) == 1)
    #expect(e.nextWake(.boundaries) == clicked + .seconds(660))
  }

  @Test("no reminders when remind is off, and none once the wait is over")
  func off() {
    let clock = FakeClock()
    var e = Self.engine(clock, every: nil)
    clock.advance(.seconds(10))
    _ = e.tick()
    #expect(e.nextWake(.boundaries) == nil)
    clock.advance(.seconds(3600))
    #expect(Self.reminded(e.tick()) == 0)

    var on = Self.engine(clock)
    clock.advance(.seconds(70))
    _ = on.tick()
    _ = on.apply(.next)
    #expect(on.reminders == 0)
    #expect(on.status == .running)
    clock.advance(.seconds(4))  // the rest runs: nothing waits
    #expect(Self.reminded(on.tick()) == 0)
  }

  @Test("time added to a waiting phase ends its reminders; the next wait starts them afresh")
  func extended() {
    let clock = FakeClock()
    var e = Self.engine(clock)
    clock.advance(.seconds(70))
    _ = e.tick()
    #expect(e.reminders == 1)
    _ = e.apply(.extend(.seconds(30)))
    #expect(e.reminders == 0)
    #expect(e.status == .running)
    clock.advance(.seconds(30))
    _ = e.tick()
    #expect(e.status == .waiting)
    #expect(e.nextWake(.boundaries) == e.deadline + .seconds(60))
  }

  @Test("an open phase waits by design and never reminds")
  func openPhase() {
    let clock = FakeClock()
    var e = clock.engine(.flow(rest: 600, skipLastRest: false, earned: .ratio(0.2))).reminding(every: .seconds(60))
    _ = e.start()
    #expect(e.status == .waiting)
    clock.advance(.seconds(3600))
    #expect(Self.reminded(e.tick()) == 0)
    #expect(e.nextWake(.boundaries) == nil)
  }

  @Test("no reminder while you are away; the one that fell due comes once you are back")
  func away() {
    let clock = FakeClock()
    var e = Self.engine(clock)
    clock.advance(.seconds(10))
    _ = e.tick()
    _ = e.apply(.away(.lock))
    clock.advance(.seconds(200))
    #expect(Self.reminded(e.tick()) == 0)
    #expect(e.nextWake(.boundaries) == nil)
    _ = e.apply(.back)
    #expect(Self.reminded(e.tick()) == 1)
  }

  @Test("snoozing when nothing waits does nothing, and says why to another shell")
  func snoozeNothing() {
    let clock = FakeClock()
    var e = Self.engine(clock)
    #expect(e.problem(with: .snooze(.seconds(600))) != nil)
    _ = e.apply(.snooze(.seconds(600)))
    clock.advance(.seconds(70))
    #expect(Self.reminded(e.tick()) == 1)
    #expect(e.problem(with: .snooze(.seconds(600))) == nil)
  }
}
