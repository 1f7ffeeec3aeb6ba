import Foundation
import PomoTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The ambient sound played by the real aplay into ALSA's null device: a player through focus
/// and never beside it, and none that outlives its session, even one killed with SIGKILL.
@Suite("End to end: a sound to work in", .endToEnd, .hangLimit)
struct AmbientSoundEndToEndTests {
  static let config = #"{"sounds": {"ambient": "brown", "player": ["aplay", "-q", "-D", "null"]}}"#

  /// The processes a session in `home` started: players (aplay with the session's HOME) and
  /// the guards that feed them (pomo's forks, with the session's command line), live ones only.
  static func leftovers(_ home: PomoHome, session: [String]) -> (players: [Int32], guards: [Int32]) {
    var players: [Int32] = []
    var guards: [Int32] = []
    for (pid, argv) in HomeProcesses.live(home: home.path) {
      if argv.first.map({ $0 == "aplay" || $0.hasSuffix("/aplay") }) == true {
        players.append(pid)
      } else if argv == session {
        guards.append(pid)
      }
    }
    return (players, guards)
  }

  /// Kills what `leftovers` found (not the session itself): a failed test's cleanup.
  static func killAll(_ found: (players: [Int32], guards: [Int32]), except session: Int32) {
    for pid in found.players + found.guards where pid != session { kill(pid, SIGKILL) }
  }

  @Test(
    "a player runs through focus, ends on pause, at the break and on skip, starts again with focus, and dies with a pomo killed by SIGKILL",
    .requires(.aplay), .timeLimit(.minutes(3)))
  func followsFocusAndDiesWithPomo() async throws {
    let home = try PomoHome(config: Self.config)
    defer { home.cleanUp() }
    let words = ["start", "60s/60s", "-r", "2", "--no-notify"]
    let session = try home.launch(words, name: "session")
    let argv = [pomoBinary] + words
    // A failed check leaves no noise behind: whatever outlived the session is killed.
    defer { Self.killAll(Self.leftovers(home, session: argv), except: session.processIdentifier) }
    // The session itself carries this command line too: a guard is one more process with it.
    func playing() -> Bool {
      let found = Self.leftovers(home, session: argv)
      return found.players.count == 1 && found.guards.count == 2
    }
    func silent() -> Bool {
      let found = Self.leftovers(home, session: argv)
      return found.players.isEmpty && found.guards.count <= 1
    }
    #expect(await waitUntil { playing() }, "no player in focus: \(home.read("session.err") ?? "")")
    let first = Self.leftovers(home, session: argv).players
    _ = try await home.run(["pause"])
    #expect(await waitUntil { silent() }, "the player outlived the pause")
    _ = try await home.run(["resume"])
    #expect(await waitUntil { playing() }, "no player after resume")
    #expect(Self.leftovers(home, session: argv).players != first, "a new player starts with focus again")
    _ = try await home.run(["skip"])
    #expect(await waitUntil { silent() }, "the player outlived the skip into the break")
    _ = try await home.run(["skip"])
    #expect(await waitUntil { playing() }, "no player in the second focus")
    kill(session.processIdentifier, SIGKILL)
    session.waitUntilExit()
    // The kernel signals the guard, which kills its group: no noise outlives pomo.
    #expect(
      await waitUntil(20) { let found = Self.leftovers(home, session: argv); return found == ([], []) },
      "left after kill -9: \(Self.leftovers(home, session: argv))")
  }

  @Test(
    "the player ends when focus runs out into a break, and none is left when a session ends by itself",
    .requires(.aplay), .timeLimit(.minutes(3)))
  func phaseEndAndSessionEnd() async throws {
    let home = try PomoHome(config: Self.config)
    defer { home.cleanUp() }
    // Focus runs out on its own (its player is checked above); the break is long.
    let words = ["start", "2s/60s", "--no-notify"]
    let session = try home.launch(words, name: "session")
    let argv = [pomoBinary] + words
    defer { Self.killAll(Self.leftovers(home, session: argv), except: session.processIdentifier) }
    let inBreak = await home.run(["status", "--json"]) { $0.out.contains(#""kind":"rest""#) }
    #expect(inBreak != nil)
    #expect(await waitUntil { Self.leftovers(home, session: argv) == ([], [session.processIdentifier]) })
    _ = try await home.run(["stop"])
    session.waitUntilExit()
    // A session that ends by itself with focus: the player goes with it.
    let run = try await home.run(["start", "2s", "--no-notify"])
    #expect(run.status == 0 && run.err == "", "\(run.err)")
    #expect(Self.leftovers(home, session: [pomoBinary, "start", "2s", "--no-notify"]) == ([], []))
    #expect(FileManager.default.fileExists(atPath: home.file(".cache/pomo/sounds/ambient-brown-60.wav")))
  }

  /// The live processes with `home`'s HOME other than `session`, with their command lines.
  static func others(_ home: PomoHome, except session: Int32) -> [Int32: [String]] {
    var found: [Int32: [String]] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(name), pid != session else { continue }
      func read(_ what: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/\(what)") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      }
      guard read("environ").contains("HOME=\(home.path)") else { continue }
      let stat = read("stat").first ?? ""
      if let close = stat.lastIndex(of: ")"), stat[close...].dropFirst(2).first == "Z" { continue }
      found[pid] = read("cmdline")
    }
    return found
  }

  /// The children of `parent` that have exited and wait to be taken back.
  static func zombies(of parent: Int32) -> [Int32] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name in
      guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[close...].dropFirst(2).split(separator: " ")
      return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == parent ? pid : nil
    }
  }

  @Test(
    "a child of the player that ignores SIGTERM ends with it at a pause, and a guard killed alone is taken back, its group killed, no zombie left",
    .requires(.aplay), .timeLimit(.minutes(3)))
  func nothingOfAPlayerOutlivesIt() async throws {
    let player = #"["/bin/sh", "-c", "trap '' TERM; sleep 600 & exec aplay -q -D null"]"#
    let home = try PomoHome(config: #"{"sounds": {"ambient": "brown", "player": \#(player)}}"#)
    defer { home.cleanUp() }
    let words = ["start", "5m/5m", "--no-notify"]
    let session = try home.launch(words, name: "session")
    let pid = session.processIdentifier
    defer { for other in Self.others(home, except: pid).keys { kill(other, SIGKILL) } }
    func playing() -> Bool {
      let argvs = Self.others(home, except: pid).values
      return argvs.contains(["sleep", "600"]) && argvs.contains { $0.first?.hasSuffix("aplay") == true }
    }
    #expect(await waitUntil { playing() }, "no player in focus: \(home.read("session.err") ?? "")")
    _ = try await home.run(["pause"])
    #expect(
      await waitUntil { Self.others(home, except: pid).isEmpty },
      "left after the pause: \(Self.others(home, except: pid))")
    _ = try await home.run(["resume"])
    #expect(await waitUntil { playing() }, "no player after resume")
    let guardian = try #require(Self.others(home, except: pid).first { $0.value == [pomoBinary] + words }?.key)
    kill(guardian, SIGKILL)
    // The session looks at its player at least every 10 s (its heartbeat) without a display.
    #expect(
      await waitUntil(30) { Self.others(home, except: pid).isEmpty && Self.zombies(of: pid).isEmpty },
      "left after the guard was killed: \(Self.others(home, except: pid)), zombies \(Self.zombies(of: pid))")
    _ = try await home.run(["stop"])
    session.waitUntilExit()
    #expect(session.terminationStatus == 130, "a stopped session's status")
  }

  @Test(
    "a player that cannot play is one warning, taken back rather than left a zombie, and the session runs on",
    .timeLimit(.minutes(3)))
  func playerThatCannotPlay() async throws {
    let home = try PomoHome(config: #"{"sounds": {"ambient": "brown", "player": ["/bin/false"]}}"#)
    defer { home.cleanUp() }
    let session = try home.launch(["start", "5m/5m", "--no-notify"], name: "session")
    let pid = session.processIdentifier
    defer { for other in Self.others(home, except: pid).keys { kill(other, SIGKILL) } }
    let warning =
      "pomo: warning: the ambient sound's player '/bin/false' ended by itself (it cannot play, or it was killed); the noise comes back with the next stretch of focus\n"
    // The session looks at its player at least every 10 s (its heartbeat) without a display.
    #expect(
      await waitUntil(30) { home.read("session.err") == warning && Self.zombies(of: pid).isEmpty },
      "\(home.read("session.err") ?? "")")
    #expect(Self.others(home, except: pid).isEmpty)
    _ = try await home.run(["stop"])
    session.waitUntilExit()
    #expect(session.terminationStatus == 130, "a stopped session's status")
  }

  @Test("a missing ambient file is one warning, and the session runs in silence")
  func missingFile() async throws {
    let home = try PomoHome(config: #"{"sounds": {"ambient": "/nowhere/rain.wav", "player": ["aplay", "-q", "-D", "null"]}}"#)
    defer { home.cleanUp() }
    let run = try await home.run(["start", "1s", "--no-notify"])
    #expect(run.status == 0)
    #expect(
      run.err == "pomo: warning: the ambient sound file /nowhere/rain.wav is not found; focus runs in silence\n")
  }
}
