/// systemd-logind on the system bus, as far as pomo listens to it: a session's lock and idle
/// state, and the machine going to sleep.
package enum Logind {
  package static let service = "org.freedesktop.login1"
  package static let managerPath = "/org/freedesktop/login1"
  package static let managerInterface = "org.freedesktop.login1.Manager"
  package static let sessionInterface = "org.freedesktop.login1.Session"

  /// The object path of the session with `id` (`GetSession`; "auto" is the caller's own).
  package static func sessionPath(
    id: String, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  )
    throws(DBusError) -> String
  {
    try path(from: managerCall("GetSession", [.string(id)]), on: connection, timeout: timeout)
  }

  /// The object path of the session that process `pid` belongs to (`GetSessionByPID`; 0 is
  /// the caller).
  package static func sessionPath(
    pid: UInt32, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  )
    throws(DBusError) -> String
  {
    try path(from: managerCall("GetSessionByPID", [.uint32(pid)]), on: connection, timeout: timeout)
  }

  /// Whether the screen of the session at `session` (a path) is locked.
  package static func lockedHint(
    session: String, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  )
    throws(DBusError) -> Bool
  {
    try DBusProperties.bool(
      "LockedHint", interface: sessionInterface, path: session, destination: service, on: connection, timeout: timeout)
  }

  /// Whether the session at `session` (a path) is idle.
  package static func idleHint(
    session: String, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  )
    throws(DBusError) -> Bool
  {
    try DBusProperties.bool(
      "IdleHint", interface: sessionInterface, path: session, destination: service, on: connection, timeout: timeout)
  }

  /// The rules that bring the session's `Lock` and `Unlock` and the manager's
  /// `PrepareForSleep`: add each with `addMatch`.
  package static func matchRules(session: String) -> [DBusMatchRule] {
    [
      .signal(sender: service, interface: sessionInterface, member: "Lock", path: session),
      .signal(sender: service, interface: sessionInterface, member: "Unlock", path: session),
      .signal(sender: service, interface: managerInterface, member: "PrepareForSleep", path: managerPath),
    ]
  }

  /// The signals of `matchRules` and `LogindHints.matchRule` as a `DBusMessageFilter` reads
  /// them: sent by `owner`, the unique name of logind's connection.
  package static func filterSignals(owner: String) -> Set<DBusMessageFilter.Signal> {
    [
      .init(sender: owner, interface: sessionInterface, member: "Lock"),
      .init(sender: owner, interface: sessionInterface, member: "Unlock"),
      .init(sender: owner, interface: managerInterface, member: "PrepareForSleep"),
      .init(sender: owner, interface: DBusNames.properties, member: "PropertiesChanged"),
    ]
  }

  /// `GetAll` of the session at `session` (a path): its properties, `LockedHint` and
  /// `IdleHint` among them (`LogindHints(session:reply:)`), to send with `send` or `call`.
  package static func getHints(session: String) -> DBusMessage {
    .methodCall(
      destination: service, path: session, interface: DBusNames.properties, member: "GetAll",
      body: [.string(sessionInterface)])
  }

  /// `GetSession(id)`, to send with `call`.
  package static func getSession(_ id: String) -> DBusMessage { managerCall("GetSession", [.string(id)]) }

  /// `GetSessionByPID(pid)`, to send with `call`.
  package static func getSessionByPID(_ pid: UInt32) -> DBusMessage { managerCall("GetSessionByPID", [.uint32(pid)]) }

  private static func managerCall(_ member: String, _ body: [DBusValue]) -> DBusMessage {
    .methodCall(destination: service, path: managerPath, interface: managerInterface, member: member, body: body)
  }

  private static func path(from call: DBusMessage, on connection: DBusConnection, timeout: Duration) throws(DBusError)
    -> String
  {
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "o", let path = reply.body[0].string else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "o", got: reply.signature)
    }
    return path
  }
}
