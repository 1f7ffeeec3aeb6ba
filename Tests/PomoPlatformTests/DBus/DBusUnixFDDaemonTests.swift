import Foundation
import PomoPlatform
import PomoTestSupport
import Testing

/// Unix file descriptors through a real `dbus-daemon`, from the Python stand-in logind.
@Suite("DBus unix fds against a real dbus-daemon", .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
struct DBusUnixFDDaemonTests {
  /// What the stand-in recorded, a JSON object a line.
  func record(_ folder: TemporaryFolder) -> [[String: Any]] {
    (folder.read("logind.jsonl") ?? "").split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  @Test("the bus agrees to pass descriptors only when asked, and logind's inhibitor lasts as long as its descriptor")
  func inhibitor() async throws {
    let daemon = try await DBusDaemon(.system)
    defer { daemon.stop() }
    try daemon.startPeer(DBusStandIns.logind, arguments: ["record=\(daemon.folder.file("logind.jsonl"))"])
    #expect(await waitUntil(60) { daemon.peerLog.contains("logind ready") }, "\(daemon.peerLog)")
    let plain = try DBusConnection.systemBus(environment: daemon.environment, timeout: .seconds(60))
    #expect(!plain.passesUnixFDs)
    #expect(throws: DBusError.self) {
      try Logind.inhibit(what: "idle:sleep", who: "pomo", why: "test", mode: "block", on: plain, timeout: .seconds(60))
    }
    let connection = try DBusConnection(
      address: .systemBus(environment: daemon.environment), timeout: .seconds(60), unixFDs: true)
    #expect(connection.passesUnixFDs)
    let fd = try Logind.inhibit(
      what: "idle:sleep", who: "pomo", why: "Focus until 14:25", mode: "block", on: connection, timeout: .seconds(60))
    let descriptor = try #require(fd.descriptor)
    #expect(UnixSocket.isCloseOnExec(descriptor))
    let taken = try #require(record(daemon.folder).first)
    #expect(taken["call"] as? String == "Inhibit")
    #expect(taken["why"] as? String == "Focus until 14:25")
    // Held: the stand-in sees its pipe still open a moment later.
    _ = try connection.listNames(timeout: .seconds(60))
    #expect(record(daemon.folder).count == 1)
    fd.close()
    #expect(
      await waitUntil(60) { record(daemon.folder).contains { $0["call"] as? String == "released" } },
      "\(record(daemon.folder))")
  }

  @Test("LockSession reaches logind for pomo's own session, found by its pid and its Id")
  func lockSession() async throws {
    let daemon = try await DBusDaemon(.system)
    defer { daemon.stop() }
    try daemon.startPeer(DBusStandIns.logind, arguments: ["record=\(daemon.folder.file("logind.jsonl"))"])
    #expect(await waitUntil(60) { daemon.peerLog.contains("logind ready") }, "\(daemon.peerLog)")
    let connection = try DBusConnection.systemBus(environment: daemon.environment, timeout: .seconds(60))
    let id = try Logind.ownSessionID(sessionID: nil, processID: 42, on: connection, timeout: .seconds(60))
    #expect(id == "1")
    #expect(try Logind.ownSessionID(sessionID: "nope", processID: 42, on: connection, timeout: .seconds(60)) == "1")
    try Logind.lockSession(id: id, on: connection, timeout: .seconds(60))
    #expect(record(daemon.folder).map { $0["call"] as? String } == ["LockSession"])
  }
}
