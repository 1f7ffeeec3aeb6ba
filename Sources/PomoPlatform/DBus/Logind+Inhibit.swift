extension Logind {
  /// What an inhibitor holds back, as logind spells it (`Inhibit`'s first argument).
  package static let idleAndSleep = "idle:sleep"

  /// Takes an inhibitor lock (`Manager.Inhibit(what, who, why, mode)`): logind holds `what`
  /// back ("idle:sleep"; `mode` "block", or "delay" for a short grace) for as long as the
  /// descriptor it returns is open anywhere. The caller owns it: closing it lets go, and so
  /// does the kernel when pomo dies, even by SIGKILL, so no inhibitor outlives its session.
  /// The connection must pass Unix file descriptors (`DBusConnection(unixFDs: true)`).
  package static func inhibit(
    what: String, who: String, why: String, mode: String, on connection: DBusConnection,
    timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> DBusUnixFD {
    let call = inhibitCall(what: what, who: who, why: why, mode: mode)
    guard connection.passesUnixFDs else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "h (the bus passes no file descriptors)", got: "")
    }
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "h", let fd = reply.unixFD(reply.body[0]), fd.descriptor != nil else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "h", got: reply.signature)
    }
    return fd
  }

  /// `Manager.Inhibit(what, who, why, mode)`, to send with `call`.
  package static func inhibitCall(what: String, who: String, why: String, mode: String) -> DBusMessage {
    .methodCall(
      destination: service, path: managerPath, interface: managerInterface, member: "Inhibit",
      body: [.string(what), .string(who), .string(why), .string(mode)])
  }

  /// Locks the screen of session `id` (`Manager.LockSession`): logind tells the session's
  /// screen locker (GNOME, KDE, xss-lock, swayidle…) through the session's `Lock` signal.
  package static func lockSession(
    id: String, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) {
    _ = try connection.call(
      .methodCall(
        destination: service, path: managerPath, interface: managerInterface, member: "LockSession",
        body: [.string(id)]),
      timeout: timeout)
  }

  /// Whether logind answers now: `org.freedesktop.DBus.Peer.Ping`, which every D-Bus library
  /// answers by itself. Asked before a lock, because a call once sent cannot be taken back: a
  /// `LockSession` that a hung bus or logind holds would lock the screen whenever they wake,
  /// long after the break, even after pomo has gone.
  package static func ping(on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout)
    throws(DBusError)
  {
    _ = try connection.call(
      .methodCall(
        destination: service, path: managerPath, interface: "org.freedesktop.DBus.Peer", member: "Ping", body: []),
      timeout: timeout)
  }

  /// The id of the session at `session` (a path): its `Id` property ("2", "c1").
  package static func sessionID(
    session: String, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> String {
    let value = try DBusProperties.get(
      "Id", interface: sessionInterface, path: session, destination: service, on: connection, timeout: timeout)
    guard case .string(let id) = value, !id.isEmpty else {
      throw .unexpectedReply(member: "\(DBusNames.properties).Get(Id)", expected: "s", got: value.type.description)
    }
    return id
  }

  /// The id of pomo's own session: `XDG_SESSION_ID` when logind knows it, else the session of
  /// process `pid`, else logind's "auto" (the caller's), as the away watcher finds it.
  package static func ownSessionID(
    sessionID: String?, processID: UInt32, on connection: DBusConnection,
    timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> String {
    var lastError = DBusError.closed(midMessage: false)
    if let sessionID, !sessionID.isEmpty {
      do {
        _ = try sessionPath(id: sessionID, on: connection, timeout: timeout)
        return sessionID
      } catch {
        lastError = error
        if connection.failure != nil { throw error }
      }
    }
    for call in [getSessionByPID(processID), getSession("auto")] {
      do throws(DBusError) {
        let reply = try connection.call(call, timeout: timeout)
        guard reply.signature == "o", let path = reply.body[0].string else {
          throw DBusError.unexpectedReply(member: call.qualifiedMember, expected: "o", got: reply.signature)
        }
        return try self.sessionID(session: path, on: connection, timeout: timeout)
      } catch {
        lastError = error
        if connection.failure != nil { throw error }
      }
    }
    throw lastError
  }
}
