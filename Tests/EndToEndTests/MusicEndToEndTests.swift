import Foundation
import PomoTestSupport
import Testing

/// The music that follows the phases, through the real binary: real `mpv` players with Debian's
/// MPRIS plugin, playing a tone they make, on a private session bus, read back and steered with
/// `playerctl` as a user would. Phases end by their time or by `pomo skip`; every wait is for a
/// condition.
@Suite(
  "End to end: the music follows the phases", .endToEnd, .requires(.dbusDaemon, .dbusMonitor, .mpv, .mpvMPRIS, .playerctl),
  .hangLimit)
struct MusicEndToEndTests {
  /// 2 s of focus, then a break and a focus that last until the test moves on.
  static let cycle =
    #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "10m"}, {"name": "deep", "kind": "work", "duration": "10m"}]}"#
  /// Focus, then a break, each until the test moves on.
  static let long =
    #"{"round": [{"name": "deep", "kind": "work", "duration": "10m"}, {"name": "breathe", "kind": "rest", "duration": "10m"}]}"#
  static let quietBreaks = #"{"bell": false, "notify": false, "music": {"work": "play", "rest": "pause"}}"#
  static let quietFocus = #"{"bell": false, "notify": false, "music": {"work": "pause", "rest": "play"}}"#

  struct Desk {
    let daemon: DBusDaemon
    let players: MPVPlayers
    let home: PomoHome

    init(config: String = MusicEndToEndTests.quietBreaks) async throws {
      daemon = try await DBusDaemon()
      players = MPVPlayers(on: daemon)
      home = try PomoHome(
        presets: ["cycle": MusicEndToEndTests.cycle, "long": MusicEndToEndTests.long], environment: daemon.environment,
        config: config)
    }

    /// Starts `preset` in the background, its output in HOME/session.out and session.err.
    func start(_ preset: String) throws -> Process { try home.launch(["start", home.preset(preset)], name: "session") }

    /// Waits until the session runs phase `index`.
    func waitForPhase(_ index: Int) async -> Bool {
      await waitUntil { (home.read(".local/state/pomo/current.json") ?? "").contains("\"phase_index\":\(index),") }
    }

    /// A round trip to the session: its loop has done all it had to before it answers, the
    /// music's calls included.
    func settle() async throws {
      #expect(try await home.run("status").status == 0)
    }

    var errors: String { home.read("session.err") ?? "" }

    func cleanUp() {
      home.cleanUp()
      players.stop()
      daemon.stop()
    }
  }

  @Test("two players, one paused by the user: the break pauses only the one that plays, and the focus after resumes it")
  func twoPlayers() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let playing = try #require(try await desk.players.start(), "\(desk.players.logs)")
    let userPaused = try #require(try await desk.players.start(paused: true), "\(desk.players.logs)")
    #expect(await desk.players.status(playing) == "Playing")
    #expect(await desk.players.status(userPaused) == "Paused")
    let session = try desk.start("cycle")
    #expect(await desk.waitForPhase(1), "the break starts")
    #expect(await desk.players.waitFor(playing, "Paused"), "paused at the break: \(desk.errors)")
    #expect(await desk.players.status(userPaused) == "Paused")
    #expect(try await desk.home.run("skip").status == 0)
    #expect(await desk.players.waitFor(playing, "Playing"), "resumed when focus starts again")
    try await desk.settle()
    #expect(await desk.players.status(userPaused) == "Paused", "never started: the user had paused it")
    #expect(try await desk.home.run("stop").status == 0)
    #expect(await waitUntil { !session.isRunning }, "the session ends")
    #expect(await desk.players.status(playing) == "Playing")
    #expect(!desk.errors.contains("warning"), "\(desk.errors)")
  }

  @Test("a player that quits mid-break: no error, the other is resumed and the session goes on")
  func quitsMidBreak() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let stays = try #require(try await desk.players.start(), "\(desk.players.logs)")
    let quits = try #require(try await desk.players.start(), "\(desk.players.logs)")
    let session = try desk.start("cycle")
    #expect(await desk.players.waitFor(stays, "Paused"))
    #expect(await desk.players.waitFor(quits, "Paused"))
    await desk.players.quit(quits)
    #expect(await waitUntil { await !desk.players.names().contains(quits) })
    #expect(try await desk.home.run("skip").status == 0)
    #expect(await desk.players.waitFor(stays, "Playing"))
    #expect(await desk.waitForPhase(2), "the session goes on")
    try await desk.settle()
    #expect(session.isRunning)
    #expect(try await desk.home.run("stop").status == 0)
    #expect(await waitUntil { !session.isRunning }, "the session ends")
    #expect(!desk.errors.contains("warning"), "\(desk.errors)")
  }

  @Test("a player that appears mid-focus is left alone: not paused then, and never resumed by the break")
  func appearsMidFocus() async throws {
    let desk = try await Desk(config: MusicEndToEndTests.quietFocus)
    defer { desk.cleanUp() }
    let before = try #require(try await desk.players.start(), "\(desk.players.logs)")
    let session = try desk.start("long")
    #expect(await desk.players.waitFor(before, "Paused"), "focus pauses what plays from its start")
    let late = try #require(try await desk.players.start(), "\(desk.players.logs)")
    try await desk.settle()
    #expect(await desk.players.status(late) == "Playing", "started during focus: the user's choice")
    try await desk.players.user(late, "pause")
    #expect(await desk.players.waitFor(late, "Paused"))
    #expect(try await desk.home.run("skip").status == 0)
    #expect(await desk.players.waitFor(before, "Playing"), "the break resumes what focus paused")
    try await desk.settle()
    #expect(await desk.players.status(late) == "Paused", "pomo never paused it, so never resumes it")
    #expect(try await desk.home.run("stop").status == 0)
    #expect(await waitUntil { !session.isRunning }, "the session ends")
  }

  @Test("a player the user resumed mid-break, and paused again, is theirs: the focus after leaves it paused")
  func touchedMidBreak() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let player = try #require(try await desk.players.start(), "\(desk.players.logs)")
    try desk.players.startMonitor()
    let session = try desk.start("cycle")
    #expect(await desk.players.waitFor(player, "Paused"))
    let played = desk.players.heardCount("Playing")
    try await desk.players.user(player, "play")
    #expect(await desk.players.waitFor(player, "Playing"))
    // The bus carries the play before the hand that pressed it presses pause.
    #expect(await desk.players.heard("Playing", after: played))
    try await desk.players.user(player, "pause")
    #expect(await desk.players.waitFor(player, "Paused"))
    try await desk.settle()
    #expect(try await desk.home.run("skip").status == 0)
    #expect(await desk.waitForPhase(2))
    try await desk.settle()
    #expect(await desk.players.status(player) == "Paused")
    #expect(try await desk.home.run("stop").status == 0)
    #expect(await waitUntil { !session.isRunning }, "the session ends")
  }

  @Test("killed mid-break, pomo leaves the music paused: the next session's recovery never starts it")
  func crashLeavesItPaused() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let player = try #require(try await desk.players.start(), "\(desk.players.logs)")
    let session = try desk.start("cycle")
    #expect(await desk.players.waitFor(player, "Paused"))
    desk.home.killSession()
    #expect(await waitUntil { !session.isRunning }, "the session ends")
    let next = try desk.home.launch(["start", desk.home.preset("long")], name: "next")
    #expect(await desk.waitForPhase(0))
    try await desk.settle()
    #expect(await desk.players.status(player) == "Paused")
    #expect(try await desk.home.run("stop").status == 0)
    #expect(await waitUntil { !next.isRunning }, "the session ends")
    #expect(await desk.players.status(player) == "Paused")
  }

  @Test("the session bus that goes away mid-session: one warning line, and the session runs to its end")
  func busGoesAway() async throws {
    let desk = try await Desk()
    defer { desk.cleanUp() }
    let session = try desk.start("long")
    #expect(await desk.waitForPhase(0))
    desk.daemon.stop()
    #expect(try await desk.home.run("skip").status == 0)
    #expect(try await desk.home.run("skip").status == 0)
    #expect(await waitUntil { !session.isRunning }, "the session ends")
    #expect(session.terminationStatus == 0)
    let warnings = desk.errors.split(separator: "\n").filter { $0.contains("warning") }
    #expect(warnings.count == 1, "\(desk.errors)")
    #expect(warnings.first?.contains("the session bus went away") == true, "\(desk.errors)")
  }
}

/// A session bus that is there but answers nothing (stopped, or swamped by a player's flood
/// of signals): the session runs on, and the one warning says so, not that the bus went away.
@Suite("End to end: music on a bus that stops answering", .endToEnd, .requires(.dbusDaemon), .hangLimit)
struct MusicHungBusEndToEndTests {
  @Test(
    "a session bus stopped mid-session: one warning that it does not answer in time, and the session runs to its end",
    .timeLimit(.minutes(3)))
  func busStopsAnswering() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    defer { daemon.signal(SIGCONT) }
    let home = try PomoHome(
      presets: [
        "short":
          #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "2s"}]}"#
      ],
      environment: daemon.environment, config: MusicEndToEndTests.quietBreaks)
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("short")], name: "session")
    #expect(await waitUntil { (home.read(".local/state/pomo/current.json") ?? "").contains("\"phase_index\":0,") })
    daemon.signal(SIGSTOP)
    #expect(await waitUntil { !session.isRunning }, "the session ends")
    #expect(session.terminationStatus == 0)
    let warnings = (home.read("session.err") ?? "").split(separator: "\n").filter { $0.contains("warning") }
    #expect(warnings.count == 1, "\(warnings)")
    #expect(
      warnings.first?.hasPrefix("pomo: warning: the session bus does not answer in time (timed out after 1 s") == true,
      "\(warnings)")
  }
}

/// Without a session bus, `"music"` is one warning, and the session runs as ever.
@Suite("End to end: music with no session bus", .endToEnd, .hangLimit)
struct MusicWithoutBusEndToEndTests {
  @Test("no session bus: one warning naming it, and the session completes")
  func noBus() async throws {
    try await PomoHome.with(
      environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"],
      config: #"{"bell": false, "notify": false, "music": {"work": "play", "rest": "pause"}}"#
    ) { home in
      let run = try await home.run("start", home.preset("tiny"))
      #expect(run.status == 0)
      #expect(
        run.err.hasPrefix(
          #"pomo: warning: "music" is on, but the session bus cannot be reached: cannot connect to the bus at "unix:path=/nonexistent/bus""#
        ), "\(run.err)")
      #expect(run.err.split(separator: "\n").count == 1, "\(run.err)")
    }
  }
}
