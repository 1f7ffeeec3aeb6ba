import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

#if canImport(Glibc)
  import Glibc
#endif

// Workouts away from the keyboard. Quick timers, the big display, voice cues,
// sounds and the workout summary.

@Suite("Quick timers")
struct QuickTimerTests {
  static let parses: [(String, QuickTimer)] = [
    ("25m", QuickTimer(spec: "25m", work: .seconds(1500))),
    ("50m/10m", QuickTimer(spec: "50m/10m", work: .seconds(3000), rest: .seconds(600))),
    ("40s/20s", QuickTimer(spec: "40s/20s", work: .seconds(40), rest: .seconds(20))),
    ("1:30", QuickTimer(spec: "1:30", work: .seconds(90))),
    ("1h30m/5m", QuickTimer(spec: "1h30m/5m", work: .seconds(5400), rest: .seconds(300))),
    (" 2m5s / 0.5s ", QuickTimer(spec: "2m5s / 0.5s", work: .seconds(125), rest: .milliseconds(500))),
  ]

  @Test("a timer is any duration a preset accepts, alone or as work/rest", arguments: parses)
  func parse(text: String, expected: QuickTimer) {
    #expect(QuickTimer.parse(text) == .success(expected))
  }

  static let refusals: [(String, QuickTimer.Problem)] = [
    ("25", .bareNumber(suggestion: "25m")),
    ("40/20", .bareNumber(suggestion: "40m/20m")),
    ("40/20s", .bareNumber(suggestion: "40s/20s")), ("40s/20", .bareNumber(suggestion: "40s/20s")),
    ("work", .notATimer), ("25m/", .emptyPart(suggestion: "25m")), ("25m/5m/", .emptyPart(suggestion: "25m/5m")),
    ("/5m", .emptyPart(suggestion: "5m")), ("/tmp/x", .notATimer), ("1m/2m/3m", .tooManyParts(3)),
    ("x25m", .notATimer), ("", .notATimer),
    ("0m", .duration("0m", .notPositive)), ("25h", .duration("25h", .tooLong)),
    ("5m/1:60", .duration("1:60", .partTooLarge)),
  ]

  @Test("what is not a timer, and why", arguments: refusals)
  func refuse(text: String, problem: QuickTimer.Problem) {
    #expect(QuickTimer.parse(text) == .failure(problem))
  }

  @Test("25m is one focus phase; 40s/20s -r 8 with a warm-up and a cool-down is a workout plan")
  func plans() throws {
    let single = Plan(preset: try QuickTimer.parse("25m").get().preset(rounds: nil, warmup: nil, cooldown: nil))
    #expect(single.presetName == "25m" && !single.endless && !single.isWorkout)
    #expect(single.phases.map(\.name) == ["focus"] && single.total == .seconds(1500))

    let timer = try QuickTimer.parse("40s/20s").get()
    let plan = Plan(preset: timer.preset(rounds: 8, warmup: .seconds(120), cooldown: .seconds(120)), rounds: 8)
    #expect(plan.presetName == "40s/20s" && plan.rounds == 8 && !plan.endless && plan.isWorkout && plan.cue == 3)
    #expect(plan.phases.first?.name == "warm-up" && plan.phases.last?.name == "cool-down")
    // Eight rounds of work and rest; the last rest gives way to the cool-down.
    #expect(plan.phases.count == 1 + 8 * 2 - 1 + 1)
    #expect(plan.total == .seconds(120 + 8 * 40 + 7 * 20 + 120))
  }

  @Test("50m/10m without --rounds runs until stopped: the plan shows one round and says so")
  func endless() throws {
    let plan = Plan(preset: try QuickTimer.parse("50m/10m").get().preset(rounds: nil, warmup: nil, cooldown: nil))
    #expect(plan.endless && plan.rounds == Preset.roundsRange.upperBound)
    #expect(PlanText.header(plan) == "50m/10m: endless rounds of 1:00:00")
    #expect(
      PlanText.render(plan, width: 80, unicode: true) == """
        50m/10m: endless rounds of 1:00:00

        #    START  DURATION  KIND  ROUND  PHASE
        1     0:00     50:00  work      1  work
        2    50:00     10:00  rest      1  rest

        The round repeats until q or 'pomo stop': work 50:00, rest 10:00 a round

        """)
  }

  /// A home with a user preset named `25m` and a preset file at `./50m/10m`.
  func home() throws -> (TemporaryFolder, InProcess) {
    let home = try TemporaryFolder()
    try home.write(
      ".config/pomo/presets/25m.json", #"{"round": [{"name": "mine", "kind": "work", "duration": "1m"}]}"#)
    return (home, InProcess(home: home.path))
  }

  @Test("name lookup: a preset file, then a preset's name, then the word as a timer")
  func lookupOrder() throws {
    let (home, pomo) = try home()
    defer { home.cleanUp() }
    // The user's preset named 25m wins over the timer.
    #expect(pomo.run("start", "25m", "--dry-run").out.contains("1    0:00      1:00  work    1/1  mine"))
    #expect(pomo.run("start", "26m", "--dry-run").out.hasPrefix("26m: 1 round, 1 phase, 26:00\n"))
    // A file at the path wins over the timer it looks like; with no file, the timer.
    let file = try home.write(
      "50m/10m", #"{"name": "file", "round": [{"name": "f", "kind": "work", "duration": "1m"}]}"#)
    #expect(pomo.run("start", file, "--dry-run").out.hasPrefix("file: "))
    #expect(pomo.run("start", "50m/10m", "--dry-run").out.hasPrefix("50m/10m: endless rounds of 1:00:00\n"))
  }

  @Test("pomo start 25 suggests 25m; --cooldown needs --rounds; --warmup is for timers only")
  func errors() throws {
    let (home, pomo) = try home()
    defer { home.cleanUp() }
    let usage = "See 'pomo start --help'.\n"
    let cases: [([String], String)] = [
      (["25"], "'25' has no unit; did you mean '25m'? (a timer is a duration like 25m, 90s or 1:30)"),
      (
        ["40s/20s", "--cooldown", "1m"],
        "--cooldown needs --rounds with '40s/20s': without it the rounds go on until stopped"
      ),
      (
        ["tabata", "--warmup", "1m"],
        "--warmup and --cooldown are for timers like 40s/20s; the preset 'tabata' has its own"
      ),
      (["tabbata"], "no preset named 'tabbata'. Did you mean 'tabata'?"),
      (["0s"], "a duration must be more than zero, got 0s"),
    ]
    for (words, message) in cases {
      let run = pomo.run(["start"] + words)
      #expect(run.status == 64)
      #expect(run.err == "Error: \(message)\n" + usage, "\(words)")
    }
  }

}

@Suite("Config: display, voice, speaker, sound")
struct WorkoutConfigTests {
  @Test("the new keys are read")
  func keys() throws {
    let text =
      #"{"display": "big", "voice": true, "speaker": ["espeak-ng", "-s", "150"], "sound": {"phase_end": "/s/ding.oga"}}"#
    let config = try Config.parse(Array(text.utf8), file: "config.json")
    #expect(config.display == .big && config.voice && config.speaker == ["espeak-ng", "-s", "150"])
    #expect(config.sounds.workEnd == .file("/s/ding.oga") && config.sounds.restEnd == .file("/s/ding.oga"))
    let sounds = try Config.parse(
      Array(#"{"sounds": {"work_end": "chime", "rest_end": "/s/b.wav", "volume": 0.25, "player": "aplay"}}"#.utf8),
      file: "config.json"
    ).sounds
    #expect(sounds.workEnd == .builtIn(.chime) && sounds.restEnd == .file("/s/b.wav"))
    #expect(sounds.volume == 0.25 && sounds.player == ["aplay"])
    #expect(sounds.tick == nil, "the tick is off unless set")
    let ticks = try Config.parse(Array(#"{"sounds": {"tick": "tick"}}"#.utf8), file: "config.json").sounds
    #expect(ticks.tick == .builtIn(.tick) && !ticks.isEmpty)
    let own = try Config.parse(Array(#"{"sounds": {"tick": "/s/t.wav", "work_end": null}}"#.utf8), file: "c").sounds
    #expect(own.tick == .file("/s/t.wav") && own.workEnd == nil)
  }

  static let bad: [(String, String)] = [
    (#"{"display": "huge"}"#, #"config.json:1:13: display: expected one of "line", "big", got "huge""#),
    (#"{"voice": "yes"}"#, "config.json:1:11: voice: expected true or false, got a string"),
    (
      #"{"speaker": []}"#,
      #"config.json:1:13: speaker: expected a command as an array of strings, like ["notify-send", "pomo"], got an array"#
    ),
    (#"{"sound": {"start": "x"}}"#, "config.json:1:12: sound.start: unknown key"),
    (#"{"sound": {"phase_end": ""}}"#, "config.json:1:25: sound.phase_end: the file name is empty"),
    (#"{"sounds": {"tock": "x"}}"#, #"config.json:1:13: sounds.tock: unknown key; did you mean "tick"?"#),
    (#"{"sounds": {"tick": ""}}"#, "config.json:1:21: sounds.tick: expected a sound's name or a file, got an empty string"),
    (#"{"sounds": {"volume": 2}}"#, "config.json:1:23: sounds.volume: expected a number from 0 to 1, got 2"),
    (#"{"sounds": {"work_end": ""}}"#, "config.json:1:25: sounds.work_end: expected a sound's name or a file, got an empty string"),
    (#"{"sounds": {"player": ""}}"#, "config.json:1:23: sounds.player: the player's name is empty"),
  ]

  @Test("a bad value names its key", arguments: bad)
  func errors(text: String, message: String) {
    #expect(Config.refusal(text, file: "config.json")?.description == message)
  }
}
