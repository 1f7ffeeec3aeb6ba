import PomoCore
import PomoPlatform

/// Notifications you can answer: the session's desktop notifications sent by pomo itself to
/// the freedesktop notification server on the session bus, with buttons ("Start break",
/// "+5 min", "Skip break"; see `NotificationButtons`), and a control that carries out a click
/// as the same command a key or `pomo next` would.
///
/// Each notification replaces the session's last one (`replaces_id`); one with buttons is
/// closed when the phase moves on another way (a key, a command, the end of the session).
/// Nothing here blocks the event loop on the server: `Notify` and `CloseNotification` are
/// sent, and their replies read when they come, like the signals. A bus that fails or
/// closes ends the control, and `Alerts` goes back to notify-send; a message it cannot use
/// (malformed, unknown, forged, for another notification) is dropped, and any but replies and
/// the server's own signals is skipped on its header. A server that restarts is believed
/// under its new name: the buttons of its notifications work as before.
package final class DesktopNotifications: SessionControl, DesktopNotifier {
  /// Why the session's notifications go through notify-send instead.
  package enum OpenError: Error, Equatable, CustomStringConvertible {
    /// `DBUS_SESSION_BUS_ADDRESS` is not set (SSH, a console): the usual case, said nowhere.
    case noBus
    /// A bus was named but could not be reached or used.
    case unreachable(DBusError)
    /// No notification server answers on the bus.
    case noServer(DBusError)
    /// The server shows no buttons.
    case noActions

    package var description: String {
      switch self {
      case .noBus: "no session bus: DBUS_SESSION_BUS_ADDRESS is not set"
      case .unreachable(let error): "the session bus cannot be reached: \(error)"
      case .noServer(let error): "no notification server on the session bus: \(error)"
      case .noActions: "the notification server shows no buttons (no \"actions\" capability)"
      }
    }
  }

  /// The notification on screen, as far as pomo knows.
  private struct Shown {
    /// The serial of its `Notify` call, until the reply gives its id.
    var serial: UInt32
    var id: UInt32?
    var keys: [NotificationButtons.Key]
    var warning: Bool
    var anchor: Anchor
  }

  /// What a notification was about: when this changes, its buttons no longer apply.
  private struct Anchor: Equatable {
    var index: Int
    var waiting: Bool
    var finished: Bool
    /// The phase's length with its extensions: "+5 min" answered changes it.
    var length: Duration?
    /// The reminders given in the wait: a newer one's buttons take over.
    var reminders: Int

    init(_ engine: SessionEngine) {
      reminders = engine.reminders
      index = engine.index
      waiting = engine.status == .waiting
      finished = engine.isFinished
      length = engine.snapshot?.length
    }
  }

  private var connection: DBusConnection?
  /// The unique name of the server's connection: only its signals are believed, none while
  /// no connection owns the name.
  private var server: String?
  /// The id of the session's last notification, which the next one replaces.
  private var lastID: UInt32 = 0
  private var shown: Shown?
  /// The engine as the last step left it: what a click is checked against.
  private var engine: SessionEngine?
  /// How long a write to the bus may wait before the bus counts as failed.
  private let sendTimeout: Duration

  /// Opens the session bus of `environment` and checks that its notification server shows
  /// buttons; each step within `timeout`, so a bus that hangs delays the start by that at most.
  package static func open(environment: [String: String], timeout: Duration = .seconds(2)) -> Result<
    DesktopNotifications, OpenError
  > {
    let address: DBusAddress
    do {
      address = try .sessionBus(environment: environment)
    } catch .noAddress {
      return .failure(.noBus)
    } catch {
      return .failure(.unreachable(error))
    }
    let connection: DBusConnection
    do {
      connection = try DBusConnection(address: address, timeout: timeout)
    } catch {
      return .failure(.unreachable(error))
    }
    return Result { () throws(OpenError) in try DesktopNotifications(connection: connection, timeout: timeout) }
  }

  /// Uses `connection`, an open session bus: asks its notification server what it can do and
  /// for its signals.
  package init(connection: DBusConnection, timeout: Duration = .seconds(2)) throws(OpenError) {
    sendTimeout = timeout
    // Until the server is known, replies only: nothing another connection sends is decoded.
    connection.filter = DBusMessageFilter()
    let capabilities: [String]
    do throws(DBusError) {
      let call = DBusMessage.methodCall(
        destination: Notifications.service, path: Notifications.path, interface: Notifications.interface,
        member: "GetCapabilities")
      let reply = try connection.call(call, timeout: timeout)
      guard reply.signature == "as", let names = reply.body[0].strings else {
        throw DBusError.unexpectedReply(member: call.qualifiedMember, expected: "as", got: reply.signature)
      }
      capabilities = names
      server = reply.sender
    } catch {
      connection.close()
      throw .noServer(error)
    }
    guard capabilities.contains("actions") else {
      connection.close()
      throw .noActions
    }
    connection.filter = Self.filter(server: server)
    do {
      let rules = [DBusNameOwnerChanged.matchRule(name: Notifications.service)] + Notifications.serverMatchRules
      for rule in rules { try connection.addMatch(rule, timeout: timeout) }
    } catch {
      connection.close()
      throw .unreachable(error)
    }
    self.connection = connection
  }

  deinit { connection?.close() }

  /// What the control reads: replies, the owner changes of the server's name, and the server's
  /// own signals.
  private static func filter(server: String?) -> DBusMessageFilter {
    DBusMessageFilter(
      signals: Set([DBusNameOwnerChanged.filterSignal]).union(server.map(Notifications.filterSignals) ?? []))
  }

  /// Whether notifications still go through the bus.
  package var isOpen: Bool { connection != nil }

  // MARK: - Notifying

  package func post(_ engine: SessionEngine, title: String, body: String, warning: Bool) -> Bool {
    guard let connection else { return false }
    let keys = NotificationButtons.keys(engine, warning: warning)
    let request = NotificationRequest(
      replacesID: lastID, summary: title, body: body,
      actions: keys.map { .init(key: $0.rawValue, label: NotificationButtons.label($0, engine)) })
    do {
      let serial = try connection.send(Notifications.notifyMessage(request), timeout: sendTimeout)
      // One with buttons whose id is not known yet cannot be replaced by name: closed when it is.
      if let earlier = shown, earlier.id == nil, !earlier.keys.isEmpty {
        superseded[earlier.serial] = lastID
      }
      shown = Shown(serial: serial, id: nil, keys: keys, warning: warning, anchor: Anchor(engine))
      self.engine = engine
      return true
    } catch {
      fail()
      return false
    }
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    self.engine = engine
    guard let current = shown, Anchor(engine) != current.anchor else { return }
    shown = nil
    // Only a notification with buttons is taken back: one that only tells stays to be read.
    guard !current.keys.isEmpty else { return }
    if let id = current.id {
      send(Notifications.closeMessage(id: id))
    } else {
      closing = current  // closed once `Notify`'s reply gives its id
    }
  }

  /// A notification to close whose `Notify` reply has not come yet.
  private var closing: Shown?
  /// Notifications with buttons sent again before their `Notify` reply came, by the serial of
  /// that call: the id the later one replaced, which is the same notification (kept) when the
  /// reply names it, another (closed) when not.
  private var superseded: [UInt32: UInt32] = [:]

  private func send(_ message: DBusMessage) {
    guard let connection else { return }
    do {
      try connection.send(message, timeout: sendTimeout)
    } catch {
      fail()
    }
  }

  // MARK: - Serving

  package var descriptors: [Int32] { connection.map { [$0.fileDescriptor] } ?? [] }

  package func nextWake(_ engine: SessionEngine) -> Duration? { nil }

  package func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine) {
    guard let connection, ready.contains(connection.fileDescriptor) else { return }
    connection.drain { message in
      handle(message, apply)
      return self.connection != nil
    }
    if connection.failure != nil { fail() }
  }

  private func handle(_ message: DBusMessage, _ apply: (SessionCommand) -> SessionEngine) {
    switch message.kind {
    case .methodReturn, .error:
      guard let serial = message.replySerial else { return }
      let id = try? Notifications.id(fromReply: message)
      if var current = shown, current.serial == serial {
        current.id = id
        if let id { lastID = id }
        shown = current
      } else if let waiting = closing, waiting.serial == serial {
        closing = nil
        if let id {
          lastID = id
          send(Notifications.closeMessage(id: id))
        }
      } else if let replaced = superseded.removeValue(forKey: serial), let id, id != replaced {
        send(Notifications.closeMessage(id: id))
      }
    case .signal:
      if let change = DBusNameOwnerChanged(message) {
        if change.name == Notifications.service { follow(change.newOwner) }
        return
      }
      guard let signal = NotificationSignal(message), let server, message.sender == server else { return }
      switch signal {
      case .actionInvoked(let id, let action):
        click(id: id, action: action, apply)
      case .closed(let id, _):
        if shown?.id == id { shown = nil }
      }
    default:
      break  // a method call to pomo: nothing here answers one
    }
  }

  /// Carries out a click on the notification on screen, if it is the one clicked and the
  /// session has not moved on since.
  private func click(id: UInt32, action: String, _ apply: (SessionCommand) -> SessionEngine) {
    guard let current = shown, current.id == id, let key = NotificationButtons.Key(rawValue: action),
      current.keys.contains(key), let engine, Anchor(engine) == current.anchor,
      var commands = NotificationButtons.commands(key, engine, warning: current.warning)
    else { return }
    // The server closes a notification once it is answered: nothing is left to take back.
    shown = nil
    while !commands.isEmpty {
      let after = apply(commands.removeFirst())
      if after.isFinished { break }
    }
  }

  /// The server's name has a new owner (a restart), or none: only the new owner is believed.
  /// The old server's notifications went with it, so their ids mean nothing to the new one;
  /// one whose `Notify` is still unanswered keeps waiting, as the new server may answer it.
  private func follow(_ owner: String?) {
    server = owner
    connection?.filter = Self.filter(server: owner)
    lastID = 0
    if shown?.id != nil { shown = nil }
  }

  /// Stops using the bus: `Alerts` sends through notify-send from now on.
  private func fail() {
    connection?.close()
    connection = nil
    shown = nil
    closing = nil
    superseded = [:]
  }

  package func close() {
    connection?.close()
    connection = nil
  }
}
