import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore
import PomoPlatform
import PomoTerminal

/// A workout on virtual time: 2 rounds of 10 s work ("burpees") and 5 s rest, a warm-up,
/// a 3-2-1 cue, and "halfway" cues.
func workoutEngine(_ clock: FakeClock, halfway: Bool = true) -> SessionEngine {
  let preset = Preset(
    name: "circuit", warmup: [phase("warm-up", .rest, 4)],
    round: [phase("burpees", .work, 10), phase("rest", .rest, 5)],
    rounds: 2, skipLastRest: true, cue: 3, halfway: halfway)
  return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
}

/// Starts `engine`, then ticks it each second for `seconds` on `clock`, telling `observer`
/// what each step did.
func runEachSecond(
  _ engine: inout SessionEngine, _ clock: FakeClock, for seconds: Int, _ observer: (SessionEngine, [SessionEvent]) -> Void
) {
  observer(engine, engine.start())
  for _ in 0..<seconds {
    clock.advance(.seconds(1))
    let events = engine.tick()
    observer(engine, events)
  }
}

@Suite("Voice cues")
struct VoiceCueTests {
  @Test("what is said: each phase with its kind and round, 3-2-1, halfway, done")
  func phrases() {
    let clock = FakeClock()
    var e = workoutEngine(clock)
    var said: [String] = []
    let voice = VoiceCues { said.append($0) }
    runEachSecond(&e, clock, for: 29) { voice.sessionDidUpdate($0, events: $1) }
    #expect(e.status == .finished(completed: true))
    #expect(
      said == [
        "warm-up, rest", "3", "halfway", "2", "1",
        "burpees, work, round 1 of 2", "halfway", "3", "2", "1",
        "rest, round 1 of 2", "3", "halfway", "2", "1",
        "burpees, work, round 2 of 2", "halfway", "3", "2", "1", "done",
      ])
  }

  @Test("halfway is on time: the engine wakes for it, and a pause moves it")
  func halfwayWake() {
    let clock = FakeClock()
    let preset = Preset(name: "h", round: [phase("plank", .work, 60)], halfway: true)
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    _ = e.start()
    // Halfway through a minute: a plain log (which wakes only at boundaries) wakes for it.
    #expect(e.nextWake(.boundaries) == clock.boot + .seconds(30))
    clock.advance(.seconds(10))
    _ = e.togglePause()
    clock.advance(.seconds(50))
    _ = e.togglePause()
    #expect(e.nextWake(.boundaries) == clock.boot + .seconds(20))
    clock.advance(.seconds(20))
    #expect(e.tick() == [.halfway(0)])
    #expect(e.nextWake(.boundaries) == clock.boot + .seconds(30))
  }

  @Test("an endless timer's rounds are said without a count; a one-round session says no round")
  func announcements() throws {
    let endless = Plan(preset: try QuickTimer.parse("40s/20s").get().preset(rounds: nil, warmup: nil, cooldown: nil))
    #expect(VoiceCues.announcement(endless.phases[2], endless) == "work, round 2")
    let single = Plan(preset: try QuickTimer.parse("25m").get().preset(rounds: nil, warmup: nil, cooldown: nil))
    #expect(VoiceCues.announcement(single.phases[0], single) == "focus, work")
  }

  @Test("with a voice the cue is spoken instead of rung; the phase change still rings")
  func noCueBell() {
    let clock = FakeClock()
    var e = workoutEngine(clock, halfway: false)
    let out = TextBuffer()
    let alerts = Alerts(
      settings: .init(bell: true, notifier: nil, hooks: [:], environment: [:], cueBell: false), output: out
    ) { _, _, _ in }
    runEachSecond(&e, clock, for: 4) { alerts.sessionDidUpdate($0, events: $1) }
    #expect(out.text == "\u{07}")
  }

  @Test("the speaker: the configured one, else espeak-ng, spd-say or say on PATH, else none")
  func speakerLookup() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    for name in ["spd-say", "say", "mine"] {
      let path = try folder.write(name, "#!/bin/sh\n")
      chmod(path, 0o755)
    }
    #expect(VoiceCues.speaker(configured: nil, path: folder.path) == [folder.file("spd-say")])
    #expect(VoiceCues.speaker(configured: ["mine", "-x"], path: folder.path) == ["mine", "-x"])
    #expect(VoiceCues.speaker(configured: ["missing"], path: folder.path) == nil)
    #expect(VoiceCues.speaker(configured: nil, path: "/nonexistent") == nil)
  }

  @Test("the phrases: every fifth round counted, and the question for reps")
  func countPhrases() {
    let clock = FakeClock()
    var amrap = phase("amrap", .work, 60)
    amrap.count = .rounds
    var e = SessionEngine(plan: Plan(preset: Preset(name: "a", round: [amrap])), clock: clock.clock)
    _ = e.start()
    var said: [String] = []
    for _ in 0..<10 { said += VoiceCues.phrases(e.apply(.rep), e) }
    #expect(said == ["5 rounds", "10 rounds"])
  }

}

@Suite("Phase-end sounds")
struct PhaseSoundTests {
  @Test("the sound plays once when a phase's time is up, not at a skip or a stop")
  func when() {
    let clock = FakeClock()
    var e = workoutEngine(clock, halfway: false)
    var played: [String] = []
    let sounds = PhaseSounds(file: "/s/ding.oga") { played.append($0) }
    func step(_ e: inout SessionEngine, _ action: (inout SessionEngine) -> [SessionEvent]) {
      let events = action(&e)
      sounds.sessionDidUpdate(e, events: events)
    }
    step(&e) { $0.start() }
    clock.advance(.seconds(4))
    step(&e) { $0.tick() }
    #expect(played == ["/s/ding.oga"])
    step(&e) { $0.skip() }
    step(&e) { $0.quit() }
    #expect(played == ["/s/ding.oga"])
    // Boundaries passed together during a suspend: one sound.
    var f = workoutEngine(clock, halfway: false)
    played = []
    step(&f) { $0.start() }
    clock.sleep(.seconds(20))
    step(&f) { $0.tick() }
    #expect(played == ["/s/ding.oga"])
  }

}

@Suite("Workout summary")
struct WorkoutSummaryTests {
  @Test("rounds done, work and rest, the longest run without a pause, and the changes against the plan")
  func summary() {
    let clock = FakeClock()
    var e = workoutEngine(clock, halfway: false)
    _ = e.start()
    clock.advance(.seconds(4))  // warm-up done
    _ = e.tick()
    clock.advance(.seconds(6))
    _ = e.togglePause()  // a run of 10 s
    clock.advance(.seconds(30))
    _ = e.togglePause()
    _ = e.extend(by: .seconds(60))
    clock.advance(.seconds(64))  // burpees done (10 s + 60 s added)
    _ = e.tick()
    clock.advance(.seconds(2))
    _ = e.skip()  // the rest skipped
    clock.advance(.seconds(10))  // the last burpees
    _ = e.tick()
    #expect(e.status == .finished(completed: true))
    #expect(e.longestRun == .seconds(76))
    #expect(
      SessionSummary.render(e, width: 200, unicode: true)
        == "Completed circuit: 1 of 2 rounds done; work 1:20, rest 0:06, paused 0:30, longest run without a pause 1:16, against the plan: 1 skipped, +1:00\n"
    )
    #expect(
      SessionSummary.render(e, width: 40, unicode: true) == """
        Completed circuit: 1 of 2 rounds done
        work 1:20, rest 0:06, paused 0:30
        longest run without a pause 1:16
        against the plan: 1 skipped, +1:00

        """)
  }

  @Test("a stopped endless timer counts its rounds without a plan's count; the stopped phase is not skipped")
  func endless() throws {
    let clock = FakeClock()
    let plan = Plan(preset: try QuickTimer.parse("40s/20s").get().preset(rounds: nil, warmup: nil, cooldown: nil))
    var e = SessionEngine(plan: plan, clock: clock.clock)
    _ = e.start()
    clock.advance(.seconds(130))
    _ = e.tick()
    _ = e.quit()
    #expect(
      SessionSummary.render(e, width: 200, unicode: true)
        == "Stopped 40s/20s: 2 rounds done; work 1:30, rest 0:40, paused 0:00, longest run without a pause 2:10, against the plan: 0 skipped, +0:00\n"
    )
  }

  @Test("a session that is not a workout keeps its summary")
  func notWorkout() {
    let clock = FakeClock()
    let preset = Preset(name: "w", round: [phase("focus", .work, 10)])
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    _ = e.start()
    clock.advance(.seconds(10))
    _ = e.tick()
    #expect(
      SessionSummary.render(e, width: 80, unicode: true)
        == "Completed w: 1 of 1 phase done; focus 0:10, rest 0:00, paused 0:00\n")
  }
}
