import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoControl
import PomoKit
import PomoPlatform

/// A command reported as failed is never applied later: a stopped session is not sent it, and
/// requests carry a deadline the session checks, so one that waited while the session was
/// stopped is refused when it wakes.
@Suite("A command reported as failed is never applied later", .endToEnd)
struct SuspendedSessionTests {
  /// Starts the long preset in `home` in the background (killed by `cleanUp`, stopped or not),
  /// and waits until it answers its control socket.
  static func startLong(in home: PomoHome) async throws -> (ControlClient, Process) {
    let client = Paths(environment: home.environment).controlClient
    let session = try home.launch(["start", home.preset("long")], name: "session")
    #expect(await waitUntil { (try? client.send(.state)) != nil })
    return (client, session)
  }

  @Test("a command to a suspended session fails at once, says to fg it, and is not applied after SIGCONT")
  func commandToSuspendedSessionFailsAtOnce() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    let (client, session) = try await Self.startLong(in: home)
    let pid = session.processIdentifier
    let before = try #require(try client.send(.state))

    kill(pid, SIGSTOP)
    #expect(await waitUntil { Platform.processIsStopped(pid) == true })
    for command in ["skip", "pause", "extend", "stop"] {
      let started = Date()
      let result = try await home.run(command)
      let took = Date().timeIntervalSince(started)
      #expect(result.status == 1, "\(command)")
      #expect(result.out == "", "\(command)")
      #expect(
        result.err
          == "Error: the session is suspended (pid \(pid) is stopped, as by Ctrl-Z), so nothing changed; 'fg' in its terminal (or 'kill -CONT \(pid)') lets it go on\n",
        "\(command)")
      // Not the 5 s a session that does not answer is given.
      #expect(took < 5, "\(command) took \(took) s")
    }
    kill(pid, SIGCONT)
    #expect(await waitUntil { (try? client.send(.state)) != nil })
    let after = try #require(try client.send(.state))
    #expect(after.phaseName == "focus")
    #expect(after.pausedAt == nil)
    #expect(after.phaseLengthSeconds == before.phaseLengthSeconds)
    #expect(session.isRunning)
    #expect(try await home.run("stop").out.hasPrefix("Stopped long: 0 of 1 phase done; "))
    await session.waitForExit()
    let record = try #require(try journalRecords(home.folder.file(journalFile(home.path))).first)
    #expect(record.phases.count == 1)
    #expect(record.phases[0].pausedSeconds == 0 && record.phases[0].extendedSeconds == 0)
    #expect(record.interruption == .quit)
  }

  @Test("a request read after its deadline is refused with a reason, and changes nothing")
  func lateRequest() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    let (client, session) = try await Self.startLong(in: home)
    let fd = try UnixSocket.connect(path: client.socketPath)
    defer { UnixSocket.close(fd) }
    var request = ControlProtocol.encode(.timed(.pause, until: Platform.bootMilliseconds() - 1))
    _ = Platform.writeAll(fd, &request)
    var received: [UInt8] = []
    while UnixSocket.waitReadable(fd, milliseconds: 10_000), case .bytes(let bytes) = UnixSocket.receive(fd) {
      received += bytes
    }
    #expect(
      String(decoding: received, as: UTF8.self)
        == "error too late: the request waited past its deadline (the session was stopped or busy), so nothing changed\n"
    )
    #expect(try client.send(.state)?.pausedAt == nil)
    // One within its deadline is carried out.
    #expect(try client.send(.command(.pause))?.pausedAt != nil)
    #expect(try await home.run("stop").status == 0)
    await session.waitForExit()
  }
}
