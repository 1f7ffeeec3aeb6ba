import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// `DesktopNotifications` against a real `dbus-daemon` with the steered stand-in notification
/// server, driven as the event loop drives it; and what it makes of forged, malformed and
/// unknown signals, a flood of them, and a bus that goes away.
@Suite("DBus desktop notifications", .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
struct DesktopNotificationsTests {
  let clock = FakeClock()

  /// An engine whose 10 s focus waits for confirmation.
  func waitingEngine() -> SessionEngine {
    var engine = clock.engine(.goRest(name: "c", advance: .confirm))
    _ = engine.start()
    clock.advance(.seconds(11))
    _ = engine.tick()
    return engine
  }

  func start(clicks: [String], mode: String = "actions") async throws -> DBusDaemon {
    let daemon = try await DBusDaemon()
    try daemon.startPeer(
      DBusStandIns.steeredNotificationServer,
      arguments: [daemon.folder.file("notify.jsonl"), clicks.joined(separator: ","), mode])
    #expect(await waitUntil(60) { daemon.peerLog.contains("notification server ready") }, "\(daemon.peerLog)")
    return daemon
  }

  /// Serves as the event loop would, until `done` or the time-out.
  @discardableResult
  func serve(
    _ notifications: DesktopNotifications, engine: SessionEngine, timeout: TimeInterval = 30,
    until done: ([SessionCommand]) -> Bool
  ) async -> [SessionCommand] {
    var engine = engine
    var commands: [SessionCommand] = []
    _ = await waitUntil(timeout) {
      for fd in notifications.descriptors where UnixSocket.waitReadable(fd, milliseconds: 0) {
        notifications.serve(ready: [fd]) { command in
          commands.append(command)
          let events = engine.apply(command)
          notifications.sessionDidUpdate(engine, events: events)
          return engine
        }
      }
      return done(commands)
    }
    return commands
  }

  func lines(_ daemon: DBusDaemon) -> [String] {
    (daemon.folder.read("notify.jsonl") ?? "").split(separator: "\n").map(String.init)
  }

  @Test("no address, an unreachable bus, no server, a server without actions: each says why")
  func openErrors() async throws {
    #expect(DesktopNotifications.open(environment: [:]).failure == .noBus)
    guard
      case .unreachable = DesktopNotifications.open(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        .failure
    else {
      Issue.record("an absent socket is unreachable")
      return
    }
    let empty = try await DBusDaemon()
    defer { empty.stop() }
    guard case .noServer(let error) = DesktopNotifications.open(environment: empty.environment).failure else {
      Issue.record("a bus without a server has none")
      return
    }
    #expect(error.description.contains("ServiceUnknown"))
    let plain = try await start(clicks: [], mode: "noactions")
    defer { plain.stop() }
    #expect(DesktopNotifications.open(environment: plain.environment).failure == .noActions)
    #expect(
      DesktopNotifications.OpenError.noActions.description
        == "the notification server shows no buttons (no \"actions\" capability)")
  }

  @Test("a click on 'Skip break' while focus waits is 'next' then 'skip', carried out once", .hangLimit)
  func click() async throws {
    let daemon = try await start(clicks: ["skip"])
    defer { daemon.stop() }
    let notifications = try DesktopNotifications.open(environment: daemon.environment).get()
    let engine = waitingEngine()
    #expect(notifications.post(engine, title: "pomo: go done", body: "Next: rest", warning: false))
    let commands = await serve(notifications, engine: engine) { $0.count >= 2 }
    #expect(commands == [.next, .skip], "\(lines(daemon))")
    #expect(lines(daemon).first?.contains(#""clicked": "skip""#) == true)
  }

  @Test("a notification server that restarts is believed under its new name: a click on it is carried out", .hangLimit)
  func serverRestarts() async throws {
    let daemon = try await DBusDaemon()
    defer { daemon.stop() }
    let record = daemon.folder.file("notify.jsonl")
    let first = try daemon.startPeer(DBusStandIns.steeredNotificationServer, arguments: [record, "", "actions"])
    #expect(await waitUntil(60) { daemon.peerLog.contains("notification server ready") }, "\(daemon.peerLog)")
    let notifications = try DesktopNotifications.open(environment: daemon.environment).get()
    kill(first.processIdentifier, SIGKILL)
    await first.waitForExit()
    try daemon.startPeer(DBusStandIns.steeredNotificationServer, arguments: [record, "skip", "actions"])
    #expect(await waitUntil(60) { daemon.peerLog.components(separatedBy: "notification server ready").count == 3 })
    let engine = waitingEngine()
    #expect(notifications.post(engine, title: "pomo: go done", body: "Next: rest", warning: false))
    let commands = await serve(notifications, engine: engine) { $0.count >= 2 }
    #expect(commands == [.next, .skip], "the restarted server's click was dropped: \(lines(daemon))")
  }

  @Test(
    "a phase that moves on before Notify's reply: its notification is closed once the id comes; one sent again before its id is closed too",
    .hangLimit)
  func repliesLate() async throws {
    let daemon = try await start(clicks: [])
    defer { daemon.stop() }
    let notifications = try DesktopNotifications.open(environment: daemon.environment).get()
    var engine = waitingEngine()
    // Two notifications with buttons before either reply: the first cannot be replaced by name.
    #expect(notifications.post(engine, title: "one", body: "", warning: false))
    #expect(notifications.post(engine, title: "two", body: "", warning: false))
    // Then the phase moves on another way before the second's reply is read.
    let events = engine.apply(.next)
    notifications.sessionDidUpdate(engine, events: events)
    await serve(notifications, engine: engine) { _ in
      lines(daemon).filter { $0.contains("CloseNotification") }.count >= 2
    }
    let closed = lines(daemon).filter { $0.contains("CloseNotification") }
    #expect(closed.count == 2, "\(lines(daemon))")
    #expect(closed.contains { $0.contains(#""id": 41"#) } && closed.contains { $0.contains(#""id": 42"#) })
  }

  @Test(
    "forged, malformed and unknown signals and a flood are dropped; a bus that goes away ends the control without a spin",
    .hangLimit)
  func hostile() async throws {
    let daemon = try await start(clicks: [], mode: "hostile")
    defer { daemon.stop() }
    let notifications = try DesktopNotifications.open(environment: daemon.environment).get()
    let engine = waitingEngine()
    #expect(notifications.post(engine, title: "pomo: go done", body: "", warning: false))
    _ = await waitUntil(30) { !lines(daemon).isEmpty }
    // Another peer on the bus pretends to be the server: the bus never hands its signal on.
    let forger = try DBusConnection(address: DBusAddress(daemon.address), timeout: .seconds(30))
    try forger.send(
      .signal(
        path: Notifications.path, interface: Notifications.interface, member: "ActionInvoked",
        body: [.uint32(41), .string("next")]), timeout: .seconds(30))
    // The server's own nonsense (unknown ids and keys, wrong signatures, a flood), then one
    // real click: only that one is carried out.
    let commands = await serve(notifications, engine: engine, timeout: 60) { !$0.isEmpty }
    #expect(commands == [.extend(.seconds(300))])
    #expect(notifications.isOpen)
    // The bus goes away: the control closes, and Alerts is told to use notify-send.
    daemon.stop()
    let started = Date()
    await serve(notifications, engine: engine, timeout: 30) { _ in !notifications.isOpen }
    #expect(!notifications.isOpen)
    #expect(notifications.descriptors.isEmpty)
    #expect(Date().timeIntervalSince(started) < 30)
    #expect(!notifications.post(engine, title: "pomo: go done", body: "", warning: false))
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }
}
