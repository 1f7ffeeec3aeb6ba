import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

// Workouts with moves: exercises, splits and counts in presets, and the engine's
// counting on virtual time.

@Suite("Workouts with moves: presets and plans")
struct WorkoutMovesPresetTests {
  static func decode(_ text: String) throws(DataFileError) -> Preset {
    try PresetDecoder(file: "legs.json").decode(text, defaultName: "legs", source: .builtIn)
  }

  @Test("exercises cycle one a round, {exercise} and {round} fill in, and a split halves its phase")
  func plan() throws {
    let preset = try Self.decode(
      #"""
      {"rounds": 3, "warmup": [{"name": "ready {round}", "kind": "rest", "duration": "5s"}],
       "round": [{"name": "{exercise} #{round}", "kind": "work", "duration": "20s", "exercises": ["burpees", "squats"]},
                 {"name": "hold", "kind": "work", "duration": "3s", "split": ["left", "right"], "count": "reps"},
                 {"name": "rest", "kind": "rest", "duration": "10s"}],
       "announce": ["next", "last_round"]}
      """#)
    let plan = Plan(preset: preset)
    #expect(
      plan.phases.map(\.name).prefix(6) == ["ready ", "burpees #1", "hold (left)", "hold (right)", "rest", "squats #2"])
    #expect(plan.phases.compactMap(\.exercise) == ["burpees", "squats", "burpees"])
    #expect(plan.phases[2].duration == .milliseconds(1500) && plan.phases[3].duration == .milliseconds(1500))
    #expect(plan.phases[2].count == .reps && plan.phases[2].part == "left")
    #expect(plan.announce == [.next, .lastRound] && !plan.halfway)
    let text = PlanText.render(plan, width: 80, unicode: true)
    #expect(text.contains("  burpees #1\n") && text.contains("  hold (left) (ask reps)\n"))
    #expect(text.hasSuffix("Exercises: burpees, squats\n"))
    // What presets show --json prints loads back to the same plan.
    #expect(Plan(preset: try Self.decode(PresetJSON.render(preset))) == plan)
  }

  static let refusals: [(String, String)] = [
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m", "exercises": []}]}"#,
      "legs.json:1:73: round[0].exercises: the list of exercises is empty"
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m", "exercises": ["\#(String(repeating: "x", count: 201))"]}]}"#,
      "legs.json:1:74: round[0].exercises[0]: an exercise name is 1 to 200 columns, not all spaces, without control characters, got 201 columns"
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1s", "split": ["left", "right"]}]}"#,
      "legs.json:1:69: round[0].split: each part of a split is at least 1s; 1s split in 2 is less"
    ),
    (
      #"{"round": [{"name": "f", "kind": "rest", "duration": "1m", "count": "reps"}]}"#,
      "legs.json:1:69: round[0].count: only a work phase counts rounds or reps; this phase is rest"
    ),
    (
      #"{"round": [{"name": "f", "kind": "rest", "duration": "1m", "exercises": ["x"]}]}"#,
      "legs.json:1:73: round[0].exercises: exercises are for work phases; this phase is rest"
    ),
    (
      #"{"round": [{"name": "{exercise}", "kind": "work", "duration": "1m"}]}"#,
      #"legs.json:1:21: round[0].name: {exercise} needs a list of "exercises" on the phase"#
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m", "count": "laps"}]}"#,
      #"legs.json:1:69: round[0].count: expected "rounds" or "reps", got "laps""#
    ),
    (
      #"{"round": [{"name": "f", "kind": "work", "duration": "1m"}], "announce": ["next", "next"]}"#,
      #"legs.json:1:83: announce[1]: "next" is listed twice"#
    ),
  ]

  @Test("bad input is refused with one line naming the file, position and key", arguments: refusals)
  func refused(text: String, message: String) {
    #expect(throws: DataFileError.self) { try Self.decode(text) }
    do {
      _ = try Self.decode(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("the built-in workouts with moves load and expand as described")
  func builtIns() throws {
    let presets = try PresetCatalog.builtIns()
    let tabata = try #require(presets.first { $0.name == "tabata-moves" })
    let names = Plan(preset: tabata).phases.filter { $0.kind == .work }.compactMap(\.exercise)
    #expect(names.count == 8 && Set(names).count == 8)
    let amrap = try #require(presets.first { $0.name == "amrap" })
    #expect(Plan(preset: amrap).phases.contains { $0.count == .rounds && $0.duration == .seconds(720) })
    let stretch = try #require(presets.first { $0.name == "stretch-sides" })
    #expect(Plan(preset: stretch).phases.filter { $0.part != nil }.count == 8)
  }

  @Test("a narrow plan table cuts a split's name, never its side")
  func narrowSides() throws {
    let stretch = try #require(try PresetCatalog.builtIns().first { $0.name == "stretch-sides" })
    let lines = PlanText.render(Plan(preset: stretch), width: 53, unicode: true).split(separator: "\n")
    #expect(lines.contains { $0.hasSuffix("hamstring… (left)") })
    #expect(lines.contains { $0.hasSuffix("hamstrin… (right)") })
  }
}

@Suite("Workouts with moves: counting")
struct WorkoutCountingTests {
  let clock = FakeClock()

  /// An AMRAP of 60 s, then a reps phase of 10 s, then a minute of rest.
  static func engine(_ clock: FakeClock) -> SessionEngine {
    var amrap = phase("amrap", .work, 60)
    amrap.count = .rounds
    var squats = phase("squats", .work, 10)
    squats.count = .reps
    squats.exercises = ["squats"]
    let preset = Preset(name: "count", round: [amrap, squats, phase("rest", .rest, 60)])
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
  }

  @Test("r counts rounds only in the AMRAP; the count goes on its record")
  func rounds() {
    var e = Self.engine(clock)
    _ = e.start()
    #expect(e.problem(with: .rep) == nil)
    clock.advance(.seconds(5))
    #expect(e.apply(.rep) == [.counted(0, 1)])
    #expect(e.apply(.rep) == [.counted(0, 2)])
    #expect(e.snapshot?.counted == 2)
    clock.advance(.seconds(55))
    _ = e.tick()
    #expect(e.records[0].countedRounds == 2)
    #expect(e.apply(.rep) == [])
    #expect(e.problem(with: .rep)?.hasPrefix("no AMRAP phase is running") == true)
  }

  @Test("a reps phase asks when it ends; digits and enter answer, other keys warn, and the question times out")
  func reps() {
    var e = Self.engine(clock)
    _ = e.start()
    #expect(e.problem(with: .reps(5))?.hasPrefix("no phase is asking for reps") == true)
    clock.advance(.seconds(70))
    #expect(
      e.tick() == [
        .phaseEnded(0, completed: true), .phaseStarted(1), .phaseEnded(1, completed: true), .asking(1),
        .phaseStarted(2),
      ])
    #expect(e.question?.phase == 1)
    _ = e.answerKey(UInt8(ascii: "-"))
    #expect(e.question?.warning == "reps are a whole number from 0 to 9999")
    for key in "12345" { _ = e.answerKey(key.asciiValue!) }
    #expect(e.question?.typed == "1234" && e.question?.warning == "at most 9999 reps")
    _ = e.answerKey(0x7F)
    _ = e.answerKey(0x7F)
    #expect(e.answerKey(UInt8(ascii: "\r")) == [.answered(1, reps: 12)])
    #expect(e.records[1].reps == 12 && e.question == nil)
    #expect(e.problem(with: .reps(-3)) == "reps are a whole number from 0 to 9999, got -3")
    #expect(e.problem(with: .reps(1_000_000_000)) == "reps are a whole number from 0 to 9999, got 1000000000")
    // Unanswered, the question closes after 30 s; a key then does what it always does.
    var f = Self.engine(clock)
    _ = f.start()
    clock.advance(.seconds(70))
    _ = f.tick()
    #expect(f.nextWake(.boundaries) == clock.boot + .seconds(30))
    clock.advance(.seconds(30))
    #expect(f.tick().contains(.answered(1, reps: nil)))
    #expect(f.answerKey(UInt8(ascii: "q")) == nil && f.records[1].reps == nil)
  }
  /// A session whose last phase (10 s of push-ups) asks for its reps; `rest` puts 5 s of rest after it.
  static func lastAsks(_ clock: FakeClock, rest: Bool = false, asksAtEnd: Bool = true) -> SessionEngine {
    var pushups = phase("pushups", .work, 10)
    pushups.count = .reps
    let preset = Preset(name: "pushups", round: [pushups] + (rest ? [phase("rest", .rest, 5)] : []))
    return SessionEngine(plan: Plan(preset: preset), clock: clock.clock, asksAtEnd: asksAtEnd)
  }

  @Test("a last phase that asks for reps holds the session's end until the answer, then it ends completed")
  func lastPhaseAsks() {
    var e = Self.lastAsks(clock)
    _ = e.start()
    clock.advance(.seconds(10))
    #expect(e.tick() == [.phaseEnded(0, completed: true), .asking(0)])
    #expect(e.status == .asking && e.question?.phase == 0)
    #expect(e.snapshot?.question?.phase == 0 && e.snapshot?.remaining == .zero)
    #expect(e.nextWake(.display(barCells: 40)) == clock.boot + .seconds(30))
    // Nothing but the answer applies: no round to count, nothing to skip, pause or extend.
    #expect(
      e.apply(.rep) == [] && e.apply(.skip) == [] && e.apply(.toggle) == [] && e.apply(.extend(.seconds(60))) == [])
    #expect(e.problem(with: .rep)?.hasPrefix("no AMRAP phase is running") == true)
    #expect(e.problem(with: .reps(15)) == nil)
    clock.advance(.seconds(4))
    for key in "15" { #expect(e.answerKey(key.asciiValue!) == []) }
    #expect(e.status == .asking)
    #expect(e.answerKey(UInt8(ascii: "\r")) == [.answered(0, reps: 15), .sessionEnded(completed: true)])
    #expect(e.status == .finished(completed: true) && e.records[0].reps == 15 && e.question == nil)
    // The session ended with its last phase, not with the answer.
    #expect(e.records[0].end == clock.boot - .seconds(4))
  }

  @Test("the last question closes by pomo rep N, by q, by its timeout or by a stop; each ends the session completed")
  func lastQuestionCloses() {
    func asking() -> SessionEngine {
      var e = Self.lastAsks(clock)
      _ = e.start()
      clock.advance(.seconds(10))
      _ = e.tick()
      return e
    }
    var byCommand = asking()
    #expect(byCommand.apply(.reps(8)) == [.answered(0, reps: 8), .sessionEnded(completed: true)])
    #expect(byCommand.records[0].reps == 8)
    var byQ = asking()
    #expect(byQ.answerKey(UInt8(ascii: "q")) == [.answered(0, reps: nil), .sessionEnded(completed: true)])
    var byEmptyEnter = asking()
    #expect(byEmptyEnter.answerKey(UInt8(ascii: "\r")) == [.answered(0, reps: nil), .sessionEnded(completed: true)])
    var byTime = asking()
    clock.advance(.seconds(29))
    #expect(byTime.tick() == [])
    clock.advance(.seconds(1))
    #expect(byTime.tick() == [.answered(0, reps: nil), .sessionEnded(completed: true)])
    #expect(byTime.records[0].reps == nil)
    var byStop = asking()
    #expect(byStop.apply(.stop) == [.answered(0, reps: nil), .sessionEnded(completed: true)])
    #expect(byStop.status == .finished(completed: true) && byStop.stopReason == nil)
    var bySignal = asking()
    #expect(bySignal.quit(reason: .signal).last == .sessionEnded(completed: true))
  }

  @Test("a question still open when a rest ends the session holds it too, until its own timeout")
  func earlierQuestionHoldsTheEnd() {
    var e = Self.lastAsks(clock, rest: true)
    _ = e.start()
    clock.advance(.seconds(15))
    #expect(
      e.tick() == [.phaseEnded(0, completed: true), .asking(0), .phaseStarted(1), .phaseEnded(1, completed: true)])
    #expect(e.status == .asking)
    #expect(e.nextWake(.boundaries) == clock.boot + .seconds(25))
    clock.advance(.seconds(25))
    #expect(e.tick() == [.answered(0, reps: nil), .sessionEnded(completed: true)])
  }

  @Test("with nobody to answer (no keys read), a last phase's question is not waited for")
  func nobodyToAnswer() {
    var e = Self.lastAsks(clock, asksAtEnd: false)
    _ = e.start()
    clock.advance(.seconds(10))
    #expect(e.tick() == [.phaseEnded(0, completed: true), .sessionEnded(completed: true)])
    #expect(e.status == .finished(completed: true) && e.question == nil)
    // An earlier phase's question still open at the end closes unanswered.
    var f = Self.lastAsks(clock, rest: true, asksAtEnd: false)
    _ = f.start()
    clock.advance(.seconds(15))
    #expect(
      f.tick() == [
        .phaseEnded(0, completed: true), .asking(0), .phaseStarted(1), .phaseEnded(1, completed: true),
        .answered(0, reps: nil), .sessionEnded(completed: true),
      ])
  }
}
