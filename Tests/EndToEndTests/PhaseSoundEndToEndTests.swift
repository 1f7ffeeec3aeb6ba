import Foundation
import PomoTestSupport
import Testing

/// Phase-end sounds through the built binary: the configured player at each phase end, its
/// warnings, and pomo's own sounds played by the real aplay.
@Suite("Phase-end sounds, end to end", .endToEnd)
struct PhaseSoundEndToEndTests {
  @Test("the first player plays the config's file at each phase end, never blocks, and is killed after 10 s")
  func endToEnd() async throws {
    // A player that logs its pid and arguments, then plays for five minutes.
    let home = try TickSoundEndToEndTests.home(then: "exec sleep 300\n")
    defer { home.cleanUp() }
    let sound = try home.write("ding.oga", "not really a sound")
    try home.write(".config/pomo/config.json", #"{"sound": {"phase_end": "\#(sound)"}}"#)
    let started = Date()
    let run = try await home.run(["start", "1s/1s", "-r", "2", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    // Three phases of a second: the players' five minutes held nothing up.
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(await waitUntil { home.lines("played.log").count == 3 })
    let lines = home.lines("played.log")
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
