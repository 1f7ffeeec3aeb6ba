import Foundation
import PomoTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every resource a session takes from the room around the timer, against every way a session
/// ends: one session holds them all at once (logind's sleep inhibitor, the screen saver's
/// inhibitor, do-not-disturb, an MPRIS player it paused, and the ambient sound's player), and
/// each case ends it one way, then checks that each was given back, or, for the music after a
/// crash, deliberately left as it was.
///
/// The components are real where the request names them (dbus-daemon, mpv with mpv-mpris,
/// aplay into ALSA's null device) and stand-ins where a desktop would be needed (logind, the
/// screen saver, do-not-disturb by `dnd_commands`). Every wait is for a condition.
@Suite(
  "End to end: every resource given back on every kind of end", .endToEnd,
  .requires(.dbusDaemon, .dbusMonitor, .pythonDBus, .pythonGLib, .mpv, .mpvMPRIS, .playerctl, .aplay),
  .serialized, .hangLimit)
struct RoomReleaseEndToEndTests {
  /// How a session ends.
  enum End: String, CaseIterable, CustomTestStringConvertible {
    case completed, q, stop, skip, void, sigterm, sighup, sigkill, ctrlZ, crashMidSwitch

    var testDescription: String { rawValue }

    /// A crash: nothing of pomo's runs after it, so what the kernel does not take back waits
    /// for the next pomo command's recovery.
    var isCrash: Bool { self == .sigkill || self == .crashMidSwitch }
  }

  static let presets = [
    // A focus that ends by its time, and the session with it.
    "short": #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}]}"#,
    // A focus the test ends.
    "long": #"{"round": [{"name": "go", "kind": "work", "duration": "10m"}]}"#,
    // A focus that gives way to a break: the switch a crash lands in.
    "switch":
      #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "rest", "kind": "rest", "duration": "10m"}]}"#,
  ]

  /// Everything on: the sleep inhibitor in focus, the screen's for the whole session, the
  /// music paused in focus, brown noise in focus, and do-not-disturb in focus, each switch
  /// written to `dnd.log`.
  static func config(_ home: PomoHome) -> String {
    let aplay = RequiredTool.path(of: "aplay") ?? "aplay"
    let log = home.file("dnd.log")
    return """
      {"bell": false, "notify": false,
       "inhibit": {"sleep": "work", "screen": "session"},
       "music": {"work": "pause", "rest": "play"},
       "sounds": {"ambient": "brown", "player": ["\(aplay)", "-q", "-D", "null"]},
       "dnd": true,
       "dnd_commands": {"on": ["/bin/sh", "-c", "echo on >> \(log)"], "off": ["/bin/sh", "-c", "echo off >> \(log)"]}}
      """
  }

  /// The processes of `home` other than `session`: ambient players (aplay) and pomo's own
  /// (the guard that feeds a player), live ones only.
  static func leftovers(_ home: PomoHome, except session: Int32) -> [String] {
    HomeProcesses.live(home: home.path).filter { pid, argv in
      pid != session && argv.first.map { $0.hasSuffix("aplay") || $0.hasSuffix("/pomo") } == true
    }.map { "\($0.pid): \($0.argv.joined(separator: " "))" }
  }

  /// Whether every inhibitor logind handed out was released.
  static func sleepReleased(_ desk: InhibitDesk) -> Bool {
    let taken = InhibitDesk.calls("Inhibit", in: desk.logind).compactMap { $0["id"] as? Int }
    let released = Set(InhibitDesk.calls("released", in: desk.logind).compactMap { $0["id"] as? Int })
    return !taken.isEmpty && taken.allSatisfy(released.contains)
  }

  /// Whether every cookie the screen saver gave was given back, or its holder left the bus.
  static func screenReleased(_ desk: InhibitDesk) -> Bool {
    let entries = desk.screenSaver
    let taken = InhibitDesk.calls("Inhibit", in: entries).compactMap { $0["cookie"] as? Int }
    var back = Set(InhibitDesk.calls("UnInhibit", in: entries).compactMap { $0["cookie"] as? Int })
    for gone in InhibitDesk.calls("disconnected", in: entries) { back.formUnion(gone["cookies"] as? [Int] ?? []) }
    return !taken.isEmpty && taken.allSatisfy(back.contains)
  }

  /// Whether do-not-disturb was turned off after it was last turned on.
  static func quiet(_ home: PomoHome) -> Bool { home.lines("dnd.log").last == "off" }

  @Test("each resource is taken in focus and given back, whatever ends the session", arguments: End.allCases)
  func everyEnd(_ end: End) async throws {
    guard let desk = try await InhibitDesk.ready(config: "{}", presets: Self.presets) else { return }
    defer { desk.cleanUp() }
    try desk.home.folder.write(".config/pomo/config.json", Self.config(desk.home))
    let players = MPVPlayers(on: desk.session)
    defer { players.stop() }
    let player = try #require(try await players.start(), "\(players.logs)")
    let home = desk.home
    let preset = end == .completed ? "short" : end == .crashMidSwitch ? "switch" : "long"

    // The session: on a terminal for the keys, else in the background.
    var terminal: PseudoTerminal?
    var process: Process?
    if end == .q || end == .ctrlZ {
      terminal = try home.terminal(["start", home.preset(preset)])
    } else {
      process = try desk.start(preset)
    }
    let pid = terminal?.pid ?? process?.processIdentifier ?? 0
    func running() -> Bool { process?.isRunning ?? (kill(pid, 0) == 0 && terminal?.exitStatus == nil) }
    func exited() async -> Bool {
      if let terminal { return await terminal.waitForExit() != nil }
      guard let process else { return false }
      await process.waitForExit()
      return true
    }
    defer {
      kill(pid, SIGCONT)
      kill(pid, SIGKILL)
      for line in Self.leftovers(home, except: pid) { kill(Int32(line.prefix { $0 != ":" }) ?? 0, SIGKILL) }
    }

    // Everything taken while focus runs (the 2-s focus may end first: then it was taken and
    // given back, which the checks below see).
    let taken = await waitUntil(60) {
      !InhibitDesk.calls("Inhibit", in: desk.logind).isEmpty && !InhibitDesk.calls("Inhibit", in: desk.screenSaver).isEmpty
        && home.lines("dnd.log").contains("on")
    }
    #expect(taken, "\(desk.logind) \(desk.screenSaver) \(home.lines("dnd.log")) \(desk.errors)")
    if end != .completed {
      #expect(await players.waitFor(player, "Paused"), "focus pauses the music")
      #expect(await waitUntil(60) { Self.leftovers(home, except: pid).contains { $0.contains("aplay") } }, "noise plays")
    }

    switch end {
    case .completed:
      #expect(await exited())
    case .q:
      terminal?.send("q")
      #expect(await exited())
    case .stop, .skip:
      #expect(try await home.run(end.rawValue).status == 0)
      #expect(await exited())
    case .void:
      #expect(try await home.run("void", "--stop").status == 0)
      #expect(await exited())
    case .sigterm, .sighup:
      kill(pid, end == .sigterm ? SIGTERM : SIGHUP)
      #expect(await exited())
    case .sigkill:
      kill(pid, SIGKILL)
      #expect(await exited())
    case .crashMidSwitch:
      // Killed the moment the state says the break has begun: the switch of every resource is
      // under way.
      #expect(await waitUntil(60) { (home.read(".local/state/pomo/current.json") ?? "").contains("\"phase_index\":1,") })
      kill(pid, SIGKILL)
      #expect(await exited())
    case .ctrlZ:
      terminal?.send("\u{1A}")
      #expect(await terminal?.waitForStop() == true)
    }

    // What the kernel takes back, and what pomo gave back before it stopped or ended.
    #expect(await waitUntil(60) { Self.sleepReleased(desk) }, "the sleep inhibitor: \(desk.logind)")
    #expect(await waitUntil(60) { Self.screenReleased(desk) }, "the screen's inhibitor: \(desk.screenSaver)")
    #expect(await waitUntil(60) { Self.leftovers(home, except: pid).isEmpty }, "\(Self.leftovers(home, except: pid))")

    if end.isCrash {
      // The music pomo paused stays as the crash left it, even through recovery, which puts
      // back do-not-disturb.
      let before = await players.status(player)
      #expect(try await home.run("status").status == 0)
      #expect(await waitUntil(60) { Self.quiet(home) }, "do-not-disturb after recovery: \(home.lines("dnd.log"))")
      #expect(await players.status(player) == before, "recovery never starts music")
      if end == .sigkill { #expect(before == "Paused") }
      return
    }
    #expect(await waitUntil(60) { Self.quiet(home) }, "do-not-disturb: \(home.lines("dnd.log"))")
    if end == .ctrlZ {
      // Stopped, pomo leaves the music as it is; the end after `fg` gives it back.
      #expect(await players.status(player) == "Paused")
      kill(pid, SIGCONT)
      #expect(try await home.run("stop").status == 0)
      #expect(await exited())
      #expect(await waitUntil(60) { Self.quiet(home) })
    }
    #expect(await players.waitFor(player, "Playing"), "the end resumes what pomo paused")
    #expect(!running())
  }
}
