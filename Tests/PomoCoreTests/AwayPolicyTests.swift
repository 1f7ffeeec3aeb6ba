import PomoTestSupport
import Testing

@testable import PomoCore

/// The away policy on a fake clock: 10 s of work, then 5 s of rest.
@Suite("Away policy")
struct AwayPolicyTests {
  let clock = FakeClock()

  func engine(work: AwayPolicy = .pause, rest: AwayPolicy = .run) -> SessionEngine {
    let preset = Preset(
      name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 1)
    var e = SessionEngine(
      plan: Plan(preset: preset), clock: clock.clock, away: AwayRules(work: work, rest: rest))
    _ = e.start()
    return e
  }

  @Test("pause: focus stops when you leave and goes on when you come back, the span recorded")
  func pauseFocus() {
    var e = engine()
    clock.advance(.seconds(3))
    #expect(e.apply(.away(.lock)) == [.away(.lock)])
    #expect(e.status == .paused)
    #expect(e.snapshot?.away == .lock)
    clock.advance(.seconds(60))
    #expect(e.tick() == [])
    #expect(e.snapshot?.remaining == .seconds(7))
    #expect(e.apply(.back) == [.back(.lock, .seconds(60))])
    #expect(e.status == .running)
    clock.advance(.seconds(7))
    _ = e.tick()
    let work = e.records[0]
    #expect(work.elapsed == .seconds(10))
    #expect(work.paused == .seconds(60))
    #expect(work.away.count == 1)
    #expect(work.away[0].start == .seconds(1003) && work.away[0].end == .seconds(1063))
    #expect(work.away[0].cause == .lock && work.away[0].paused && work.away[0].kept == nil)
  }

  @Test("run: a break counts on while you are away, and the span is recorded")
  func runRest() {
    var e = engine()
    clock.advance(.seconds(11))
    _ = e.tick()
    #expect(e.index == 1)
    _ = e.apply(.away(.idle))
    #expect(e.status == .running)
    clock.advance(.seconds(2))
    _ = e.apply(.back)
    clock.advance(.seconds(2))
    _ = e.tick()
    #expect(e.isFinished)
    #expect(e.records[1].away.map(\.length) == [.seconds(2)])
    #expect(e.records[1].away[0].paused == false)
    #expect(e.records[1].elapsed == .seconds(5))
  }

  @Test("a break that ends while you are away hands the span to the focus after it, which pauses")
  func crossesPhases() {
    var e = clock.engine(
      Preset(name: "t", round: [phase("rest", .rest, 5), phase("go", .work, 10)], rounds: 1), away: .standard)
    _ = e.start()
    clock.advance(.seconds(2))
    _ = e.apply(.away(.lock))
    clock.advance(.seconds(10))
    let events = e.tick()
    #expect(events == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    #expect(e.status == .paused)
    // The focus was paused from its start: all of its 10 s are still to come.
    #expect(e.snapshot?.remaining == .seconds(10))
    #expect(e.records[0].away.map(\.length) == [.seconds(3)])
    _ = e.apply(.back)
    #expect(e.status == .running)
    clock.advance(.seconds(10))
    _ = e.tick()
    #expect(e.records[1].away.map(\.length) == [.seconds(7)])
    #expect(e.records[1].away[0].paused)
    #expect(e.records[1].elapsed == .seconds(10))
  }

  @Test("ask: the time counts, and on return the session asks; keep and drop mark the span")
  func askKeepDrop() {
    for keep in [true, false] {
      let clock = FakeClock()
      var e = clock.engine(Preset(name: "t", round: [phase("go", .work, 10)], rounds: 1), away: AwayRules(work: .ask))
      _ = e.start()
      clock.advance(.seconds(1))
      _ = e.apply(.away(.lock))
      #expect(e.status == .running)
      clock.advance(.seconds(4))
      #expect(e.apply(.back) == [.back(.lock, .seconds(4)), .awayAsking])
      #expect(e.awayQuestion?.length == .seconds(4))
      #expect(e.problem(with: .keepAway) == nil)
      #expect(e.apply(keep ? .keepAway : .dropAway) == [.awayDecided(kept: keep)])
      #expect(e.awayQuestion == nil)
      #expect(e.problem(with: .keepAway) != nil)
      clock.advance(.seconds(5))
      _ = e.tick()
      #expect(e.records[0].away[0].kept == keep)
      #expect(e.records[0].elapsed == .seconds(10))
    }
  }

  @Test("the summary counts time away as the journal does: out unless kept, and kept in once")
  func summaryCredit() {
    // (policy, answer): what the summary's focus says of 10 s run with 4 s of it away.
    let cases: [(AwayPolicy, SessionCommand?, String, Duration)] = [
      (.run, nil, "focus 0:06", .seconds(6)), (.ask, .keepAway, "focus 0:10", .seconds(10)),
      (.ask, .dropAway, "focus 0:06", .seconds(6)), (.pause, nil, "focus 0:10", .seconds(10)),
    ]
    for (policy, answer, text, credited) in cases {
      let clock = FakeClock()
      var e = clock.engine(.goRest(rounds: 1, skipLastRest: false), away: AwayRules(work: policy))
      _ = e.start()
      clock.advance(.seconds(2))
      _ = e.apply(.away(.command))
      clock.advance(.seconds(4))
      _ = e.apply(.back)
      if let answer { _ = e.apply(answer) }
      clock.advance(.seconds(policy == .pause ? 8 : 4))
      _ = e.tick()
      _ = e.apply(.stop)
      #expect(e.records[0].credited == credited, "\(policy)")
      #expect(SessionSummary.parts(e).parts.first == text, "\(policy)")
      // The time away is said apart, whatever became of it.
      #expect(SessionSummary.parts(e).parts.contains("away 0:04"), "\(policy)")
    }
  }

  @Test("pause while the away policy holds the phase makes the pause yours: back leaves it paused, no span covers it")
  func pauseTakesOver() {
    for cause in [AwayCause.lock, .command] {
      let clock = FakeClock()
      var e = clock.engine(Preset(name: "t", round: [phase("go", .work, 10)], rounds: 1), away: .standard)
      _ = e.start()
      clock.advance(.seconds(2))
      _ = e.apply(.away(cause))
      #expect(e.status == .paused)
      clock.advance(.seconds(3))
      #expect(e.apply(.pause) == [.paused])
      #expect(e.apply(.pause) == [])
      // The span the policy paused through ends at the pause; none is open past it.
      #expect(e.closedAway.map(\.length) == [.seconds(3)])
      #expect(e.openAway == nil)
      clock.advance(.seconds(5))
      #expect(e.apply(.back) == [.back(cause, .seconds(8))])
      #expect(e.status == .paused && e.away == nil)
      clock.advance(.seconds(4))
      #expect(e.snapshot?.remaining == .seconds(8))
      _ = e.apply(.resume)
      #expect(e.status == .running)
      clock.advance(.seconds(8))
      _ = e.tick()
      var work = e.records[0]
      #expect(work.elapsed == .seconds(10))
      #expect(work.paused == .seconds(12))
      #expect(work.away.map(\.length) == [.seconds(3)] && work.away.allSatisfy { $0.paused })
      // Kept, the time the policy held the phase is put in, and not a second of your pause.
      work.away[0].kept = true
      #expect(work.credited == .seconds(13))
    }
  }

  @Test("ask: q while it asks ends the session, and the time away is dropped")
  func askEnd() {
    var e = clock.engine(Preset(name: "t", round: [phase("go", .work, 10)], rounds: 1), away: AwayRules(work: .ask))
    _ = e.start()
    clock.advance(.seconds(1))
    _ = e.apply(.away(.idle))
    clock.advance(.seconds(3))
    _ = e.apply(.back)
    #expect(e.awayCommand(forKey: UInt8(ascii: "q")) == .endAfterAway)
    #expect(e.awayCommand(forKey: UInt8(ascii: "k")) == .keepAway)
    #expect(e.awayCommand(forKey: UInt8(ascii: "d")) == .dropAway)
    _ = e.apply(.endAfterAway)
    #expect(e.status == .finished(completed: false))
    #expect(e.records[0].away[0].kept == false)
    // No question, no key taken from the usual ones.
    #expect(e.awayCommand(forKey: UInt8(ascii: "q")) == nil)
  }

  @Test("a suspend during focus under pause: the phase does not end in its sleep, and the span is a sleep")
  func sleepPauses() {
    var e = engine()
    clock.advance(.seconds(4))
    _ = e.tick()
    clock.sleep(.seconds(600))
    let events = e.tick()
    #expect(events == [.slept(.seconds(600))])
    #expect(e.status == .running)
    #expect(e.index == 0)
    #expect(e.snapshot?.remaining == .seconds(6))
    clock.advance(.seconds(6))
    _ = e.tick()
    let work = e.records[0]
    #expect(work.elapsed == .seconds(10))
    #expect(work.away.map(\.cause) == [.sleep])
    #expect(work.away[0].length == .seconds(600) && work.away[0].paused)
    #expect(work.slept == .seconds(600))
  }

  @Test("a suspend under run: phases end at their deadlines, each holds its part of the sleep")
  func sleepRuns() {
    var e = engine(work: .run)
    clock.advance(.seconds(4))
    _ = e.tick()
    clock.sleep(.seconds(8))
    _ = e.tick()
    #expect(e.index == 1)
    #expect(e.records[0].away.map(\.length) == [.seconds(6)])
    #expect(e.records[0].away[0].cause == .sleep && !e.records[0].away[0].paused)
    #expect(e.currentAway.map(\.length) == [.seconds(2)])
    #expect(e.away == nil)
    clock.advance(.seconds(3))
    _ = e.tick()
    #expect(e.records[1].away.map(\.length) == [.seconds(2)])
  }

  @Test("a manual pause is not lifted by coming back; away twice and back twice change nothing more")
  func manualPause() {
    var e = engine()
    clock.advance(.seconds(1))
    _ = e.apply(.pause)
    _ = e.apply(.away(.lock))
    #expect(e.apply(.away(.idle)) == [])
    clock.advance(.seconds(5))
    _ = e.apply(.back)
    #expect(e.status == .paused)
    #expect(e.apply(.back) == [])
    _ = e.apply(.resume)
    clock.advance(.seconds(9))
    _ = e.tick()
    // Paused by hand, the time away is a pause like any other, and no span.
    #expect(e.records[0].away.isEmpty)
  }

  @Test("an idle source that knew late dates the span back, never before the phase")
  func datedBack() {
    var e = engine()
    clock.advance(.seconds(4))
    _ = e.tick()
    _ = e.apply(.away(.idle, at: .seconds(1002)))
    #expect(e.snapshot?.remaining == .seconds(8))
    clock.advance(.seconds(2))
    _ = e.apply(.back)
    #expect(e.currentAway.map(\.length) == [.seconds(4)])
    _ = e.apply(.away(.idle, at: .seconds(0)))
    #expect(e.away?.since == .seconds(1006))
  }
}

@Suite("Away in the config")
struct AwayConfigTests {
  @Test("defaults: focus pauses, a break runs, idle after 5 minutes; each key set, errors naming it")
  func config() throws {
    let defaults = try Config.parse(Array("{}".utf8), file: "c.json")
    #expect(defaults.away == AwayRules(work: .pause, rest: .run, idleAfter: .seconds(300)))
    let set = try Config.parse(
      Array(#"{"away": {"work": "ask", "rest": "pause"}, "idle_after": "90s"}"#.utf8), file: "c.json")
    #expect(set.away == AwayRules(work: .ask, rest: .pause, idleAfter: .seconds(90)))
    let cases: [(String, String)] = [
      (#"{"away": {"work": "sleep"}}"#, #"c.json:1:19: away.work: expected one of "pause", "run", "ask", got "sleep""#),
      (#"{"away": {"lunch": "run"}}"#, "away.lunch"),
      (#"{"away": "pause"}"#, "away"),
      (#"{"idle_after": "soon"}"#, "idle_after"),
    ]
    for (text, message) in cases {
      #expect {
        try Config.parse(Array(text.utf8), file: "c.json")
      } throws: { error in
        (error as? DataFileError)?.description.contains(message) == true
      }
    }
  }
}

@Suite("Away and the keys")
struct AwayKeysTests {
  let clock = FakeClock()

  @Test("space on a phase the away policy paused is coming back: the span closes and the phase goes on")
  func spaceComesBack() {
    var e = clock.engine(Preset(name: "t", round: [phase("go", .work, 10)], rounds: 1), away: .standard)
    _ = e.start()
    clock.advance(.seconds(2))
    _ = e.apply(.away(.lock))
    clock.advance(.seconds(5))
    #expect(e.apply(.toggle) == [.back(.lock, .seconds(5))])
    #expect(e.status == .running && e.away == nil)
    #expect(e.currentAway.map(\.length) == [.seconds(5)])
    #expect(e.snapshot?.remaining == .seconds(8))
  }
}

@Suite("Away: the most spans a session records")
struct AwaySpanLimitTests {
  @Test("past the limit, a phase's last span stretches to cover the new one, so the record stays small")
  func limit() {
    let clock = FakeClock()
    var e = clock.engine(
      Preset(name: "t", round: [phase("go", .work, 100_000)], rounds: 1), away: AwayRules(work: .run))
    _ = e.start()
    for _ in 0..<(SessionEngine.awaySpanLimit + 5) {
      clock.advance(.seconds(1))
      _ = e.apply(.away(.idle))
      clock.advance(.seconds(2))
      _ = e.apply(.back)
    }
    let spans = e.currentAway
    #expect(spans.count == SessionEngine.awaySpanLimit)
    // The last one runs from the limit's last start to the last return: 5 more times away and
    // the time between them.
    #expect(spans.last?.length == .seconds(2 + 5 * 3))
    #expect(spans.dropLast().allSatisfy { $0.length == .seconds(2) })
  }
}
