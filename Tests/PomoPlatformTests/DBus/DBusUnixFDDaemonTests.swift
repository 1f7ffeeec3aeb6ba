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

extension DBusUnixFDDaemonTests {
  /// Another connection sends the one named by the second argument a signal carrying the
  /// write end of a pipe (its own copy closed), and prints "closed" once every copy has.
  static let stranger = """
    import os, sys
    import dbus, dbus.lowlevel, dbus.mainloop.glib
    from gi.repository import GLib
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    r, w = os.pipe()
    def hup(fd, condition):
        print('closed', flush=True)
        return False
    GLib.io_add_watch(r, GLib.PRIORITY_DEFAULT, GLib.IO_HUP | GLib.IO_ERR, hup)
    m = dbus.lowlevel.SignalMessage('/org/pomo/Stranger', 'org.pomo.Stranger', 'Take')
    m.set_destination(sys.argv[2])
    fd = dbus.types.UnixFd(w)
    os.close(w)
    m.append(fd, signature='h')
    bus.send_message(m)
    bus.flush()
    del fd, m
    print('sent', flush=True)
    GLib.MainLoop().run()
    """

  @Test("a descriptor a stranger sends is closed as its message is skipped, or dropped by whoever reads it")
  func strangersDescriptor() async throws {
    for filtered in [true, false] {
      let daemon = try await DBusDaemon(.system)
      defer { daemon.stop() }
      let connection = try DBusConnection(
        address: .systemBus(environment: daemon.environment), timeout: .seconds(60), unixFDs: true)
      if filtered { connection.filter = DBusMessageFilter() }
      try daemon.startPeer(Self.stranger, arguments: [connection.uniqueName])
      #expect(await waitUntil(60) { daemon.peerLog.contains("sent") }, "\(daemon.peerLog)")
      var seen = 0
      #expect(
        await waitUntil(60) {
          // An event loop that reads and lets every message go.
          connection.drain { _ in
            seen += 1
            return true
          }
          return daemon.peerLog.contains("closed")
        }, "the stranger's descriptor stayed open: \(daemon.peerLog)")
      #expect(filtered ? seen == 0 : seen >= 1)
    }
  }
}

extension DBusUnixFDDaemonTests {
  @Test("a descriptor sent by one connection reaches another through the daemon, and reads what was written to it")
  func sendAndReceive() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let sender = try DBusConnection(
      address: .sessionBus(environment: daemon.environment), timeout: .seconds(60), unixFDs: true)
    let receiver = try DBusConnection(
      address: .sessionBus(environment: daemon.environment), timeout: .seconds(60), unixFDs: true)
    var fds: [Int32] = [-1, -1]
    #expect(pipe(&fds) == 0)
    defer { close(fds[0]) }
    var signal = DBusMessage.signal(
      path: "/org/pomo/Test", interface: "org.pomo.Test", member: "Pipe", body: [.string("end"), .unixFD(0)])
    signal.destination = receiver.uniqueName
    signal.unixFDs = [DBusUnixFD(adopting: fds[1])]
    try sender.send(signal, timeout: .seconds(60))
    signal.unixFDs[0].close()
    var received: DBusMessage?
    #expect(
      await waitUntil(60) {
        receiver.drain { message in
          if message.member == "Pipe" { received = message }
          return true
        }
        return received != nil
      })
    let message = try #require(received)
    let fd = try #require(message.unixFD(message.body[1]))
    let write = try #require(fd.descriptor)
    #expect(UnixSocket.isCloseOnExec(write))
    #expect(Glibc.write(write, "pomo", 4) == 4)
    var bytes = [UInt8](repeating: 0, count: 4)
    #expect(read(fds[0], &bytes, 4) == 4)
    #expect(bytes == Array("pomo".utf8))
    // A connection that does not pass descriptors refuses to send one.
    let plain = try DBusConnection.sessionBus(environment: daemon.environment, timeout: .seconds(60))
    #expect(throws: DBusError.invalidValue("unix fds on a connection that does not pass them")) {
      var refused = signal
      refused.unixFDs = [DBusUnixFD(adopting: dup(fds[0]))]
      try plain.send(refused, timeout: .seconds(60))
    }
  }
}
