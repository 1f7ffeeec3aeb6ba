import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// A workout on virtual time: 2 rounds of 10 s work ("burpees") and 5 s rest, a warm-up,
/// a 3-2-1 cue, and "halfway" cues.
func workoutEngine(_ clock: FakeClock, halfway: Bool = true) -> SessionEngine {
  let preset = Preset(
    name: "circuit", warmup: [phase("warm-up", .rest, 4)],
    round: [phase("burpees", .work, 10), phase("rest", .rest, 5)],
    rounds: 2, skipLastRest: true, cue: 3, halfway: halfway)
  return SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
}

@Suite("Voice cues", .endToEnd)
struct VoiceCueTests {
  @Test("what is said: each phase with its kind and round, 3-2-1, halfway, done")
  func phrases() {
    let clock = FakeClock()
    var e = workoutEngine(clock)
    var said: [String] = []
    let voice = VoiceCues { said.append($0) }
    var events = e.start()
    voice.sessionDidUpdate(e, events: events)
    for _ in 0..<29 {
      clock.advance(.seconds(1))
      events = e.tick()
      voice.sessionDidUpdate(e, events: events)
    }
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
    var events = e.start()
    alerts.sessionDidUpdate(e, events: events)
    for _ in 0..<4 {
      clock.advance(.seconds(1))
      events = e.tick()
      alerts.sessionDidUpdate(e, events: events)
    }
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

  /// A fake speaker on PATH: logs the time of each call (Unix seconds) and its words.
  static func fakeSpeaker(in home: TemporaryFolder, name: String = "espeak-ng") throws -> String {
    let log = home.file("spoken.log")
    let script = try home.write(
      "bin/\(name)", "#!/bin/sh\nprintf '%s %s\\n' \"$(date +%s.%N)\" \"$*\" >> '\(log)'\n")
    chmod(script, 0o755)
    return log
  }

  /// How late a call may come here: well under the second between two calls, so a call that
  /// waited for the next tick fails, and generous for a loaded machine, where the speaker's
  /// forks and `date` can each wait tens of milliseconds. The 100 ms target is measured on a
  /// release build by `Scripts/bench.sh voice`.
  static let lateness = 0.75

  static func calls(_ log: String) -> [(time: Double, words: String)] {
    let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { line in
      let parts = line.split(separator: " ", maxSplits: 1)
      return (Double(parts[0]) ?? 0, parts.count > 1 ? String(parts[1]) : "")
    }
  }

  @Test("speech starts at the moment it announces, never a second late, and never holds the timer up")
  func timing() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let log = try Self.fakeSpeaker(in: home)
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": home.file("bin") + ":/usr/bin:/bin"]
    let run = try await runPomo(["start", "2s/1s", "-r", "2", "--voice", "--no-notify"], environment: env)
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    // "done" may still be on its way when pomo exits: it never waits for the speaker.
    #expect(await waitUntil { Self.calls(log).count == 6 })
    let calls = Self.calls(log)
    #expect(calls.map(\.words) == ["work, round 1 of 2", "1", "rest, round 1 of 2", "work, round 2 of 2", "1", "done"])
    // Each call against its moment: 0 s, 1 s (one second left), 2 s, 3 s, 4 s, 5 s after
    // the first, which is the session's start (the journal's, to the millisecond).
    let record = try #require(try journalRecords(home.file(journalFile(home.path))).last)
    let moments: [Double] = [0, 1, 2, 3, 4, 5]
    for (call, moment) in zip(calls, moments) {
      let late = call.time - (record.start + moment)
      #expect(late >= -0.005 && late < Self.lateness, "'\(call.words)' came \(Int(late * 1000)) ms after its moment")
    }
  }

  @Test("with moves, the rest says the exercise next and the last round says so, each at its moment")
  func nextTiming() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let log = try Self.fakeSpeaker(in: home)
    let preset = try home.write(
      "moves.json",
      #"{"rounds": 2, "round": [{"name": "{exercise}", "kind": "work", "duration": "1s", "exercises": ["burpees", "squats"]}, {"name": "rest", "kind": "rest", "duration": "1s"}], "announce": ["next", "last_round"]}"#
    )
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": home.file("bin") + ":/usr/bin:/bin"]
    let run = try await runPomo(["start", preset, "--voice", "--no-notify"], environment: env)
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    #expect(await waitUntil { Self.calls(log).count == 5 })
    let calls = Self.calls(log)
    #expect(
      calls.map(\.words) == [
        "burpees, work, round 1 of 2", "rest, round 1 of 2. next: squats", "squats, work, round 2 of 2, last round",
        "rest, round 2 of 2", "done",
      ])
    let record = try #require(try journalRecords(home.file(journalFile(home.path))).last)
    for (call, moment) in zip(calls, [0.0, 1, 2, 3, 4]) {
      let late = call.time - (record.start + moment)
      #expect(late >= -0.005 && late < Self.lateness, "'\(call.words)' came \(Int(late * 1000)) ms after its moment")
    }
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

  @Test("no speaker: one warning line, and the session runs on silently")
  func noSpeaker() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let empty = home.file("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": empty]
    let run = try await runPomo(["start", "1s", "--voice", "--no-notify"], environment: env)
    #expect(run.status == 0)
    #expect(run.err == "pomo: warning: no speaker found (espeak-ng, spd-say or say); the voice cues stay silent\n")
    #expect(run.out.contains("Completed 1s: 1 of 1 phase done"))
  }

  @Test("the real espeak-ng speaks into a WAV file that is not silent", .requires(.espeak, .python))
  func realEspeak() async throws {
    let espeak = Spawner.find("espeak-ng", path: "/usr/bin:/bin:/usr/local/bin")
    try #require(espeak != nil, "espeak-ng is not installed: run Scripts/test-deps.sh")
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let wav = home.file("spoken.wav")
    try home.write(".config/pomo/config.json", #"{"voice": true, "speaker": ["espeak-ng", "-w", "\#(wav)"]}"#)
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin:/usr/local/bin"]
    let run = try await runPomo(["start", "1s", "--no-notify"], environment: env)
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    // Python's wave: the file's peak amplitude, once espeak-ng has written all of it.
    let script = """
      import sys, wave, array
      w = wave.open(sys.argv[1])
      frames = array.array('h', w.readframes(w.getnframes()))
      print(w.getnframes(), max((abs(s) for s in frames), default=0))
      """
    var peak = 0
    let spoke = await waitUntil {
      guard let result = try? await runProgram(["/usr/bin/python3", "-c", script, wav], environment: [:]),
        result.status == 0
      else { return false }
      let numbers = result.out.split(separator: " ").compactMap {
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      peak = numbers.count == 2 && numbers[0] > 1000 ? numbers[1] : 0
      return peak > 1000
    }
    #expect(spoke, "the WAV file is missing or silent (peak \(peak))")
  }
}

@Suite("Phase-end sounds", .endToEnd)
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

  @Test("the first player plays the config's file at each phase end, never blocks, and is killed after 10 s")
  func endToEnd() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let log = home.file("played.log")
    // A player that logs its pid and arguments, then plays for five minutes.
    let player = try home.write("bin/pw-play", "#!/bin/sh\necho \"$$ $*\" >> '\(log)'\nexec sleep 300\n")
    chmod(player, 0o755)
    let sound = try home.write("ding.oga", "not really a sound")
    try home.write(".config/pomo/config.json", #"{"sound": {"phase_end": "\#(sound)"}}"#)
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": home.file("bin") + ":/usr/bin:/bin"]
    let started = Date()
    let run = try await runPomo(["start", "1s/1s", "-r", "2", "--no-notify"], environment: env)
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    // Three phases of a second: the players' five minutes held nothing up.
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(await waitUntil { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").count == 3 })
    let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
    #expect(lines.allSatisfy { $0.hasSuffix(" " + sound) })
    let pids = lines.compactMap { Int32($0.split(separator: " ")[0]) }
    #expect(await waitUntil { pids.allSatisfy { kill($0, 0) != 0 } }, "a player still runs after 60 s")
  }

  @Test("a missing sound file or player gives one warning line")
  func warnings() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", #"{"sound": {"phase_end": "/nonexistent/ding.oga"}}"#)
    let player = try home.write("bin/aplay", "#!/bin/sh\n")
    chmod(player, 0o755)
    let run = try await runPomo(
      ["start", "1s", "--no-notify"], environment: ["HOME": home.path, "PATH": home.file("bin")])
    #expect(run.err == "pomo: warning: the sound file /nonexistent/ding.oga is not found; it will not play\n")
    let none = try await runPomo(
      ["start", "1s", "--no-notify"], environment: ["HOME": home.path, "PATH": home.file("nothing")])
    #expect(
      none.err == "pomo: warning: no sound player found (pw-play, paplay, aplay, afplay or ffplay); no sound will play\n")
  }

  @Test(
    "pomo's own sounds: a chime after focus, a bell after a break and the tick in focus, played by the real aplay",
    .requires(.aplay, .python))
  func builtIn() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let log = home.file("played.log")
    // The real aplay into ALSA's null device, each file it was given logged first.
    try home.write(
      ".config/pomo/config.json",
      #"{"sounds": {"work_end": "chime", "rest_end": "bell", "tick": "tick", "volume": 0.5, "player": ["/bin/sh", "-c", "echo \"$0\" >> \#(log); exec aplay -q -D null \"$0\""]}}"#)
    let run = try await runPomo(
      ["start", "1s/1s", "-r", "2", "--no-notify"],
      environment: ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    let chime = home.file(".cache/pomo/sounds/chime-50.wav")
    let bell = home.file(".cache/pomo/sounds/bell-50.wav")
    var lines: [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    let tick = home.file(".cache/pomo/sounds/tick-50.wav")
    // A tick's minute with each focus phase.
    #expect(await waitUntil { lines.count == 5 })
    #expect(lines.sorted() == [bell, chime, chime, tick, tick])
    // Python's wave reads each: its length, its peak, and its pitch from the zero crossings.
    let check = """
      import sys, wave, struct
      for path, hertz, seconds in ((sys.argv[1], 880, 0.6), (sys.argv[2], 587.33, 0.9)):
          w = wave.open(path)
          assert w.getnchannels() == 1 and w.getsampwidth() == 2, path
          frames = w.readframes(w.getnframes())
          samples = struct.unpack("<%dh" % (len(frames) // 2), frames)
          length = w.getnframes() / w.getframerate()
          assert abs(length - seconds) < 0.01, (path, length)
          peak = max(abs(s) for s in samples)
          assert 0.4 * 32767 < peak <= 0.5 * 32767 + 1, (path, peak)
          heard = [s for s in samples if s != 0]
          crossings = sum(1 for a, b in zip(heard, heard[1:]) if (a < 0) != (b < 0))
          pitch = crossings / 2 / length
          assert abs(pitch - hertz) < hertz * 0.02, (path, pitch)
      # The tick: a minute, a soft burst of 1760 Hz at the start of each second, silence between.
      w = wave.open(sys.argv[3])
      rate = w.getframerate()
      frames = w.readframes(w.getnframes())
      samples = struct.unpack("<%dh" % (len(frames) // 2), frames)
      assert abs(w.getnframes() / rate - 60) < 0.01, w.getnframes()
      starts = [n for n in range(1, len(samples)) if samples[n] != 0 and all(s == 0 for s in samples[max(0, n - 100):n])]
      assert len(starts) == 60 and all(abs(b - a - rate) <= 1 for a, b in zip(starts, starts[1:])), starts[:5]
      burst = [s for s in samples[starts[0]:starts[0] + rate // 50] if s != 0]
      pitch = sum(1 for a, b in zip(burst, burst[1:]) if (a < 0) != (b < 0)) / 2 / (len(burst) / rate)
      assert abs(pitch - 1760) < 1760 * 0.05, pitch
      peak = max(abs(s) for s in samples)
      assert 0.05 * 32767 < peak <= 0.2 * 32767 + 1, peak
      print("ok")
      """
    let python = try await runProgram(
      [RequiredTool.path(of: "python3") ?? "/usr/bin/python3", "-c", check, chime, bell, tick],
      environment: ["PATH": "/usr/bin:/bin"])
    #expect(python.out == "ok\n", "\(python.err)")
  }
}

@Suite("Workout summary", .endToEnd)
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
