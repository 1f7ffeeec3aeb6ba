import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoControl
import PomoKit

/// Two profiles (two `XDG_STATE_HOME`s) that share one `XDG_RUNTIME_DIR`: each steers its own
/// session and never the other's.
@Suite("Two profiles that share a runtime folder", .endToEnd)
struct ProfileSocketTests {
  @Test("the socket's name is keyed to the state folder")
  func keyedName() {
    let a = ControlProtocol.socketName(stateFolder: "/home/a/.local/state/pomo")
    let b = ControlProtocol.socketName(stateFolder: "/home/a/profile-b/pomo")
    #expect(a != b)
    #expect(a.hasPrefix("control-") && a.hasSuffix(".sock") && a.count == "control-".count + 16 + ".sock".count)
    #expect(a == ControlProtocol.socketName(stateFolder: "/home/a/.local/state/pomo"))
  }

  /// A runtime folder in `home`, private as XDG_RUNTIME_DIR must be; returns its path.
  static func runtimeFolder(_ name: String, in home: PomoHome) throws -> String {
    let path = home.folder.file(name)
    try FileManager.default.createDirectory(
      atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return path
  }

  /// Starts the long preset in the background with `environment` (its output in `HOME/NAME.out`
  /// and `.err`), and waits until it answers that profile's socket.
  static func start(_ name: String, in home: PomoHome, environment: [String: String]) async throws -> Process {
    let session = try home.launch(["start", home.preset("long")], name: name, environment: environment)
    #expect(await waitUntil { (try? Paths(environment: environment).controlClient.send(.state)) != nil })
    return session
  }

  @Test("one profile, two runtime folders: a command from the other names why, never 'no session is running'")
  func sessionInAnotherRuntimeFolder() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    var started = home.environment
    var elsewhere = home.environment
    started["XDG_RUNTIME_DIR"] = try Self.runtimeFolder("run", in: home)
    elsewhere["XDG_RUNTIME_DIR"] = try Self.runtimeFolder("run2", in: home)
    let session = try await Self.start("a", in: home, environment: started)
    for command in [["toggle"], ["pause"], ["stop"]] {
      let result = try await runPomo(command, environment: elsewhere)
      #expect(result.status == 1)
      #expect(
        result.err.contains("cannot be steered") && result.err.contains("another XDG_RUNTIME_DIR"), "\(result.err)")
    }
    #expect(try await runPomo(["status"], environment: started).out.hasPrefix("WORK focus 2"), "nothing was applied")
    #expect(try await runPomo(["stop"], environment: started).status == 0)
    #expect(await waitUntil { !session.isRunning })
  }

  @Test("two profiles that share a runtime folder: each command reaches its own session only")
  func twoProfilesShareARuntimeFolder() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    var a = home.environment
    a["XDG_RUNTIME_DIR"] = try Self.runtimeFolder("run", in: home)
    a["XDG_STATE_HOME"] = home.folder.file("state-a")
    a["POMO_JOURNAL"] = home.folder.file("journal-a")
    var b = a
    b["XDG_STATE_HOME"] = home.folder.file("state-b")
    b["POMO_JOURNAL"] = home.folder.file("journal-b")
    let sessionA = try await Self.start("a", in: home, environment: a)
    // B has nothing running: its commands say so, and A runs on untouched.
    for command in [["stop"], ["pause"], ["skip"]] {
      let result = try await runPomo(command, environment: b)
      #expect(result.status == 1)
      #expect(result.err == "Error: no session is running\n")
    }
    #expect(try await runPomo(["status"], environment: a).out.hasPrefix("WORK focus 2"))

    // B starts its own session, with a socket of its own and no warning.
    let sessionB = try await Self.start("b", in: home, environment: b)
    #expect(home.folder.read("b.err") == "")
    #expect(Paths(environment: a).controlClient.socketPath != Paths(environment: b).controlClient.socketPath)

    // Each profile's commands go to its own session.
    #expect(try await runPomo(["pause"], environment: b).out.hasPrefix("PAUSED focus 2"))
    #expect(try await runPomo(["status"], environment: b).out.hasPrefix("PAUSED focus 2"))
    #expect(try await runPomo(["status"], environment: a).out.hasPrefix("WORK focus 2"))
    let stopB = try await runPomo(["stop"], environment: b)
    #expect(stopB.status == 0 && stopB.out.hasPrefix("Stopped "))
    #expect(await waitUntil { !sessionB.isRunning })
    #expect(sessionA.isRunning)
    #expect(try await runPomo(["status"], environment: a).out.hasPrefix("WORK focus 2"))
    #expect(try await runPomo(["skip"], environment: b).err == "Error: no session is running\n")
    #expect(try await runPomo(["stop"], environment: a).out.hasPrefix("Stopped "))
    #expect(await waitUntil { !sessionA.isRunning })

    // Each journal holds its own session, stopped by its own profile (quit), once.
    let recordsA = try journalRecords(home.folder.file("journal-a"))
    let recordsB = try journalRecords(home.folder.file("journal-b"))
    #expect(recordsA.count == 1 && recordsB.count == 1)
    #expect(recordsA.first?.interruption == .quit && recordsB.first?.interruption == .quit)
    #expect(recordsA.first?.phases.first?.pausedSeconds == 0)
    #expect((recordsB.first?.phases.first?.pausedSeconds ?? 0) > 0)
  }
}
