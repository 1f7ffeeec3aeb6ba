import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The tick, end to end", .endToEnd)
struct TickSoundEndToEndTests {
  @Test("a player starts with each focus phase, never in a break, and none is left when the session ends")
  func players() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let log = home.file("played.log")
    // A player that logs its pid and file, then plays for five minutes.
    let player = try home.write("bin/pw-play", "#!/bin/sh\necho \"$$ $*\" >> '\(log)'\nexec sleep 300\n")
    chmod(player, 0o755)
    try home.write(".config/pomo/config.json", #"{"sounds": {"tick": "tick", "volume": 0.5}}"#)
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": home.file("bin") + ":/usr/bin:/bin"]
    let run = try await runPomo(["start", "2s/2s", "-r", "2", "--no-notify"], environment: env)
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
    let track = home.file(".cache/pomo/sounds/tick-50.wav")
    // Two focus phases, one player each (a minute of ticks outlasts each).
    #expect(lines.count == 2 && lines.allSatisfy { $0.hasSuffix(" " + track) }, "\(lines)")
    let pids = lines.compactMap { Int32($0.split(separator: " ")[0]) }
    // Ended with their phases, before pomo exited: none is left.
    #expect(pids.count == 2 && pids.allSatisfy { kill($0, 0) != 0 }, "a player outlived its phase")
    #expect(Platform.fileExists(track))
  }

  @Test("the tick is off unless the config sets it")
  func offByDefault() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let log = home.file("played.log")
    let player = try home.write("bin/pw-play", "#!/bin/sh\necho \"$$ $*\" >> '\(log)'\n")
    chmod(player, 0o755)
    try home.write(".config/pomo/config.json", #"{"sounds": {"work_end": "chime"}}"#)
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": home.file("bin") + ":/usr/bin:/bin"]
    let run = try await runPomo(["start", "1s", "--no-notify"], environment: env)
    #expect(run.status == 0, "\(run.err)")
    #expect(await waitUntil { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("chime-60.wav") })
    #expect(!((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("tick"))
  }
}
