import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoPlatform

/// Voice cues through the built binary with a fake speaker on PATH, and the real espeak-ng:
/// speech on time, the count's phrases, and one warning when no speaker is found.
@Suite("Voice cues, end to end", .endToEnd)
struct VoiceCueEndToEndTests {
  /// A HOME with a fake espeak-ng on PATH that logs the time of each call (Unix seconds) and
  /// its words to `HOME/spoken.log`.
  static func withFakeSpeaker() throws -> PomoHome {
    var home = try PomoHome(presets: [:])
    try home.standIn("espeak-ng", "#!/bin/sh\nprintf '%s %s\\n' \"$(date +%s.%N)\" \"$*\" >> '\(home.file("spoken.log"))'\n")
    return home
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
    let home = try Self.withFakeSpeaker()
    defer { home.cleanUp() }
    let log = home.file("spoken.log")
    let run = try await home.run(["start", "2s/1s", "-r", "2", "--voice", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    // "done" may still be on its way when pomo exits: it never waits for the speaker.
    #expect(await waitUntil { Self.calls(log).count == 6 })
    let calls = Self.calls(log)
    #expect(calls.map(\.words) == ["work, round 1 of 2", "1", "rest, round 1 of 2", "work, round 2 of 2", "1", "done"])
    // Each call against its moment: 0 s, 1 s (one second left), 2 s, 3 s, 4 s, 5 s after
    // the first, which is the session's start (the journal's, to the millisecond).
    let record = try #require(try home.records().last)
    let moments: [Double] = [0, 1, 2, 3, 4, 5]
    for (call, moment) in zip(calls, moments) {
      let late = call.time - (record.start + moment)
      #expect(late >= -0.005 && late < Self.lateness, "'\(call.words)' came \(Int(late * 1000)) ms after its moment")
    }
  }

  @Test("with moves, the rest says the exercise next and the last round says so, each at its moment")
  func nextTiming() async throws {
    let home = try Self.withFakeSpeaker()
    defer { home.cleanUp() }
    let log = home.file("spoken.log")
    let preset = try home.write(
      "moves.json",
      #"{"rounds": 2, "round": [{"name": "{exercise}", "kind": "work", "duration": "1s", "exercises": ["burpees", "squats"]}, {"name": "rest", "kind": "rest", "duration": "1s"}], "announce": ["next", "last_round"]}"#
    )
    let run = try await home.run(["start", preset, "--voice", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    #expect(await waitUntil { Self.calls(log).count == 5 })
    let calls = Self.calls(log)
    #expect(
      calls.map(\.words) == [
        "burpees, work, round 1 of 2", "rest, round 1 of 2. next: squats", "squats, work, round 2 of 2, last round",
        "rest, round 2 of 2", "done",
      ])
    let record = try #require(try home.records().last)
    for (call, moment) in zip(calls, [0.0, 1, 2, 3, 4]) {
      let late = call.time - (record.start + moment)
      #expect(late >= -0.005 && late < Self.lateness, "'\(call.words)' came \(Int(late * 1000)) ms after its moment")
    }
  }

  @Test("no speaker: one warning line, and the session runs on silently")
  func noSpeaker() async throws {
    var home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let empty = home.file("empty")
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    home.environment["PATH"] = empty
    let run = try await home.run(["start", "1s", "--voice", "--no-notify"])
    #expect(run.status == 0)
    #expect(run.err == "pomo: warning: no speaker found (espeak-ng, spd-say or say); the voice cues stay silent\n")
    #expect(run.out.contains("Completed 1s: 1 of 1 phase done"))
  }

  @Test("the real espeak-ng speaks into a WAV file that is not silent", .requires(.espeak, .python))
  func realEspeak() async throws {
    let espeak = Spawner.find("espeak-ng", path: "/usr/bin:/bin:/usr/local/bin")
    try #require(espeak != nil, "espeak-ng is not installed: run Scripts/test-deps.sh")
    let home = try PomoHome(presets: [:], environment: ["PATH": "/usr/bin:/bin:/usr/local/bin"])
    defer { home.cleanUp() }
    let wav = home.file("spoken.wav")
    try home.write(".config/pomo/config.json", #"{"voice": true, "speaker": ["espeak-ng", "-w", "\#(wav)"]}"#)
    let run = try await home.run(["start", "1s", "--no-notify"])
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
