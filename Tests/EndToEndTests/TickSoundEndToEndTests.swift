import Foundation
import PomoTestSupport
import Testing

import PomoPlatform

@Suite("The tick, end to end", .endToEnd)
struct TickSoundEndToEndTests {
  /// A HOME (with `config` when given) whose pw-play logs its pid and arguments to
  /// `HOME/played.log`, then runs `then`; the phase-end sounds use it too.
  static func home(config: String? = nil, then: String = "") throws -> PomoHome {
    var home = try PomoHome(presets: [:], config: config)
    try home.standIn("pw-play", "#!/bin/sh\necho \"$$ $*\" >> '\(home.file("played.log"))'\n" + then)
    return home
  }

  @Test("a player starts with each focus phase, never in a break, and none is left when the session ends")
  func players() async throws {
    // A player that logs its pid and file, then plays for five minutes.
    let home = try Self.home(config: #"{"sounds": {"tick": "tick", "volume": 0.5}}"#, then: "exec sleep 300\n")
    defer { home.cleanUp() }
    let run = try await home.run(["start", "2s/2s", "-r", "2", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    let lines = home.lines("played.log")
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
    let home = try Self.home(config: #"{"sounds": {"work_end": "chime"}}"#)
    defer { home.cleanUp() }
    let run = try await home.run(["start", "1s", "--no-notify"])
    #expect(run.status == 0, "\(run.err)")
    #expect(await waitUntil { (home.read("played.log") ?? "").contains("chime-60.wav") })
    #expect(!(home.read("played.log") ?? "").contains("tick"))
  }
}
