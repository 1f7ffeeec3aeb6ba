import Foundation
import PomoPlatform
import PomoTestSupport
import Testing

/// The client against a real `dbus-daemon`, private to each test, and Python stand-ins for
/// the notification server and logind.
@Suite("DBus against a real dbus-daemon", .requires(.dbusDaemon))
struct DBusDaemonTests {
  /// Waits (generously) until `name` is owned on the bus, as a stand-in starting up.
  func waitForName(_ name: String, on connection: DBusConnection, daemon: DBusDaemon) async -> Bool {
    let appeared = await waitUntil(60) { (try? connection.listNames(timeout: .seconds(30)))?.contains(name) == true }
    if !appeared { Issue.record("\(name) did not appear on the bus; the stand-in said: \(daemon.peerLog)") }
    return appeared
  }

  @Test("Hello gives a unique name, and ListNames lists the bus and this connection")
  func hello() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let connection = try DBusConnection.sessionBus(environment: daemon.environment, timeout: .seconds(60))
    #expect(connection.uniqueName.hasPrefix(":"))
    #expect(!connection.serverGUID.isEmpty)
    let names = try connection.listNames(timeout: .seconds(60))
    #expect(names.contains("org.freedesktop.DBus"))
    #expect(names.contains(connection.uniqueName))
  }

  @Test("the abstract socket connects, and a transport that fails gives way to the next")
  func transports() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let abstract = try DBusConnection(address: DBusAddress(daemon.abstractAddress), timeout: .seconds(60))
    #expect(abstract.uniqueName.hasPrefix(":"))
    let fallback = try DBusConnection(
      address: DBusAddress("tcp:host=localhost,port=1;unix:path=\(daemon.folder.file("none"));" + daemon.address),
      timeout: .seconds(60))
    #expect(try fallback.listNames(timeout: .seconds(60)).contains(abstract.uniqueName))
    do {
      _ = try DBusConnection(address: DBusAddress("unix:path=\(daemon.folder.file("none"))"), timeout: .seconds(60))
      Issue.record("connected to a socket that does not exist")
    } catch {
      #expect(
        error.description
          == "cannot connect to the bus at \"unix:path=\(daemon.folder.file("none"))\": unix:path=\(daemon.folder.file("none")): no such file or directory"
      )
    }
  }

  @Test("a signal one connection emits reaches another that asked for it, read as an event loop would")
  func signalBetweenConnections() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let listener = try DBusConnection.sessionBus(environment: daemon.environment, timeout: .seconds(60))
    let emitter = try DBusConnection.sessionBus(environment: daemon.environment, timeout: .seconds(60))
    try listener.addMatch(.signal(interface: "org.pomo.Test", member: "Tick"), timeout: .seconds(60))
    let body: [DBusValue] = [
      .string("grüße"), .dictionary(["n": .int64(-3), "list": .strings(["a", "b"])]), .double(0.5),
    ]
    try emitter.send(.signal(path: "/org/pomo/Test", interface: "org.pomo.Test", member: "Tick", body: body))
    // The event loop's way: poll the descriptor, read what waits, take whole messages.
    var received: DBusMessage?
    let arrived = await waitUntil(60) {
      guard UnixSocket.waitReadable(listener.fileDescriptor, milliseconds: 100) else { return false }
      try? listener.readAvailable()
      while let message = try? listener.nextMessage() {
        if message.member == "Tick" { received = message }
      }
      return received != nil
    }
    #expect(arrived)
    #expect(received?.body == body)
    #expect(received?.sender == emitter.uniqueName)
    #expect(received?.path == "/org/pomo/Test")
  }

  @Test("a call to a name nobody owns is the bus's error, named", .hangLimit)
  func remoteError() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let connection = try DBusConnection.sessionBus(environment: daemon.environment, timeout: .seconds(60))
    do {
      _ = try Notifications.capabilities(on: connection, timeout: .seconds(60))
      Issue.record("no error without a notification server")
    } catch {
      guard case .remote(let name, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(name == "org.freedesktop.DBus.Error.ServiceUnknown")
    }
  }

  @Test(
    "with a stand-in notification server: Notify with actions and hints returns its id, a click comes back as ActionInvoked, close as NotificationClosed",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func notifications() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let record = daemon.folder.file("notify.jsonl")
    try daemon.startPeer(DBusStandIns.notificationServer, arguments: [record])
    let connection = try DBusConnection.sessionBus(environment: daemon.environment, timeout: .seconds(60))
    guard await waitForName(Notifications.service, on: connection, daemon: daemon) else { return }
    for rule in Notifications.matchRules { try connection.addMatch(rule, timeout: .seconds(60)) }

    #expect(try Notifications.capabilities(on: connection, timeout: .seconds(60)) == ["actions", "body"])
    let request = NotificationRequest(
      summary: "Focus done", body: "25 minutes",
      actions: [.init(key: "break", label: "Start break"), .init(key: "more", label: "+5 min")],
      hints: ["urgency": .byte(1), "category": .string("pomo.phase")], expireTimeout: 0)
    let id = try Notifications.notify(request, on: connection, timeout: .seconds(60))
    #expect(id == 41)
    #expect(try waitForSignal(connection) == .actionInvoked(id: 41, action: "break"))

    var replacing = request
    replacing.replacesID = id
    replacing.actions = []
    #expect(try Notifications.notify(replacing, on: connection, timeout: .seconds(60)) == 41)
    try Notifications.close(id: id, on: connection, timeout: .seconds(60))
    #expect(try waitForSignal(connection) == .closed(id: 41, reason: .closedByCall))

    let lines = (daemon.folder.read("notify.jsonl") ?? "").split(separator: "\n")
    #expect(lines.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
    #expect(first?["app"] as? String == "pomo")
    #expect(first?["summary"] as? String == "Focus done")
    #expect(first?["body"] as? String == "25 minutes")
    #expect(first?["actions"] as? [String] == ["break", "Start break", "more", "+5 min"])
    let hints = first?["hints"] as? [String: Any]
    #expect(hints?.count == 2)
    #expect(hints?["urgency"] as? Int == 1)
    #expect(hints?["category"] as? String == "pomo.phase")
    #expect(first?["timeout"] as? Int == 0)
    let second = try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any]
    #expect(second?["replaces"] as? Int == 41)
  }

  @Test(
    "with a stand-in logind on a stand-in system bus: the session's path, LockedHint and IdleHint, Lock, Unlock and PrepareForSleep",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
  func logind() async throws {
    let daemon = try await DBusDaemon(.system)
    defer { daemon.stop() }
    try daemon.startPeer(DBusStandIns.logind)
    let connection = try DBusConnection.systemBus(environment: daemon.environment, timeout: .seconds(60))
    guard await waitForName(Logind.service, on: connection, daemon: daemon) else { return }

    let session = try Logind.sessionPath(id: "auto", on: connection, timeout: .seconds(60))
    #expect(session == "/org/freedesktop/login1/session/_31")
    #expect(try Logind.sessionPath(pid: UInt32(getpid()), on: connection, timeout: .seconds(60)) == session)
    #expect(throws: DBusError.remote(name: "org.freedesktop.login1.NoSuchSession", message: "No session 'nope' known"))
    {
      try Logind.sessionPath(id: "nope", on: connection, timeout: .seconds(60))
    }
    for rule in Logind.matchRules(session: session) { try connection.addMatch(rule, timeout: .seconds(60)) }
    #expect(try Logind.lockedHint(session: session, on: connection, timeout: .seconds(60)) == false)
    #expect(try Logind.idleHint(session: session, on: connection, timeout: .seconds(60)) == false)

    try steer("Lock", on: connection)
    #expect(try waitForLogind(connection) == .lock(session: session))
    #expect(try Logind.lockedHint(session: session, on: connection, timeout: .seconds(60)) == true)
    try steer("Unlock", on: connection)
    #expect(try waitForLogind(connection) == .unlock(session: session))
    try steer("Sleep", [.boolean(true)], on: connection)
    #expect(try waitForLogind(connection) == .prepareForSleep(true))
    try steer("Sleep", [.boolean(false)], on: connection)
    #expect(try waitForLogind(connection) == .prepareForSleep(false))
    try steer("SetIdle", [.boolean(true)], on: connection)
    #expect(try Logind.idleHint(session: session, on: connection, timeout: .seconds(60)) == true)
    do {
      _ = try DBusProperties.get(
        "Nonsense", interface: Logind.sessionInterface, path: session, destination: Logind.service, on: connection,
        timeout: .seconds(60))
      Issue.record("an unknown property gave no error")
    } catch {
      #expect(error == .remote(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "no property Nonsense"))
    }
    // The hints as they change: the session's PropertiesChanged, decoded.
    try connection.addMatch(LogindHints.matchRule(session: session), timeout: .seconds(60))
    try steer("SetIdle", [.boolean(false)], on: connection)
    #expect(try waitForHints(connection) == LogindHints(session: session, idle: false))
    try steer("Lock", on: connection)
    #expect(try waitForHints(connection) == LogindHints(session: session, locked: true))
  }

  /// The next change of logind's hints, skipping other messages.
  func waitForHints(_ connection: DBusConnection) throws -> LogindHints? {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let hints = LogindHints(try connection.waitForMessage(timeout: .seconds(60))) { return hints }
    }
    return nil
  }

  /// Calls the stand-in logind's test interface.
  func steer(_ member: String, _ body: [DBusValue] = [], on connection: DBusConnection) throws {
    _ = try connection.call(
      .methodCall(
        destination: Logind.service, path: Logind.managerPath, interface: "org.pomo.Test", member: member, body: body),
      timeout: .seconds(60))
  }

  /// The next notification signal, skipping other messages (such as NameAcquired).
  func waitForSignal(_ connection: DBusConnection) throws -> NotificationSignal? {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let signal = NotificationSignal(try connection.waitForMessage(timeout: .seconds(60))) { return signal }
    }
    return nil
  }

  /// The next logind signal, skipping other messages.
  func waitForLogind(_ connection: DBusConnection) throws -> LogindSignal? {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let signal = LogindSignal(try connection.waitForMessage(timeout: .seconds(60))) { return signal }
    }
    return nil
  }
}
