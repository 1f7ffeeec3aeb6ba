/// The freedesktop notification server on the session bus (`org.freedesktop.Notifications`).
package enum Notifications {
  package static let service = "org.freedesktop.Notifications"
  package static let path = "/org/freedesktop/Notifications"
  package static let interface = "org.freedesktop.Notifications"

  /// Shows `request`: the id the server gave it (the one to replace or close later).
  package static func notify(
    _ request: NotificationRequest, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> UInt32 {
    let reply = try connection.call(notifyMessage(request), timeout: timeout)
    return try id(fromReply: reply)
  }

  /// The `Notify` call for `request`, to send without waiting (an event loop matches the reply
  /// by its serial and reads the id with `id(fromReply:)`).
  package static func notifyMessage(_ request: NotificationRequest) -> DBusMessage {
    message("Notify", request.arguments)
  }

  /// The notification's id in `Notify`'s reply.
  package static func id(fromReply reply: DBusMessage) throws(DBusError) -> UInt32 {
    guard reply.kind == .methodReturn, reply.signature == "u", let id = reply.body[0].uint32 else {
      throw .unexpectedReply(member: "\(interface).Notify", expected: "u", got: reply.signature)
    }
    return id
  }

  /// The `CloseNotification` call for `id`, to send without waiting.
  package static func closeMessage(id: UInt32) -> DBusMessage {
    message("CloseNotification", [.uint32(id)])
  }

  /// Closes the notification `id`.
  package static func close(id: UInt32, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout)
    throws(DBusError)
  {
    _ = try connection.call(closeMessage(id: id), timeout: timeout)
  }

  /// What the server can do: "actions" when it shows buttons, "body", "persistence"…
  package static func capabilities(on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout)
    throws(DBusError) -> [String]
  {
    let call = message("GetCapabilities", [])
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "as", let names = reply.body[0].strings else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "as", got: reply.signature)
    }
    return names
  }

  /// The rules that bring `ActionInvoked` and `NotificationClosed`: add each with `addMatch`.
  package static let matchRules: [DBusMatchRule] = [
    .signal(interface: interface, member: "ActionInvoked", path: path),
    .signal(interface: interface, member: "NotificationClosed", path: path),
  ]

  /// The same rules, narrowed to signals the owner of the server's name sends: the bus then
  /// drops another peer's forged `ActionInvoked` before it reaches pomo.
  package static let serverMatchRules: [DBusMatchRule] = [
    .signal(sender: service, interface: interface, member: "ActionInvoked", path: path),
    .signal(sender: service, interface: interface, member: "NotificationClosed", path: path),
  ]

  /// The signals of `serverMatchRules` as a `DBusMessageFilter` reads them: sent by
  /// `owner`, the unique name of the server's connection.
  package static func filterSignals(owner: String) -> Set<DBusMessageFilter.Signal> {
    [
      .init(sender: owner, interface: interface, member: "ActionInvoked"),
      .init(sender: owner, interface: interface, member: "NotificationClosed"),
    ]
  }

  private static func message(_ member: String, _ body: [DBusValue]) -> DBusMessage {
    .methodCall(destination: service, path: path, interface: interface, member: member, body: body)
  }
}
