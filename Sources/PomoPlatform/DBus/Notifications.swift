/// The freedesktop notification server on the session bus (`org.freedesktop.Notifications`).
public enum Notifications {
  public static let service = "org.freedesktop.Notifications"
  public static let path = "/org/freedesktop/Notifications"
  public static let interface = "org.freedesktop.Notifications"

  /// Shows `request`: the id the server gave it (the one to replace or close later).
  public static func notify(
    _ request: NotificationRequest, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> UInt32 {
    let call = message("Notify", request.arguments)
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "u", let id = reply.body[0].uint32 else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "u", got: reply.signature)
    }
    return id
  }

  /// Closes the notification `id`.
  public static func close(id: UInt32, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout)
    throws(DBusError)
  {
    _ = try connection.call(message("CloseNotification", [.uint32(id)]), timeout: timeout)
  }

  /// What the server can do: "actions" when it shows buttons, "body", "persistence"…
  public static func capabilities(on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout)
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
  public static let matchRules: [DBusMatchRule] = [
    .signal(interface: interface, member: "ActionInvoked", path: path),
    .signal(interface: interface, member: "NotificationClosed", path: path),
  ]

  private static func message(_ member: String, _ body: [DBusValue]) -> DBusMessage {
    .methodCall(destination: service, path: path, interface: interface, member: member, body: body)
  }
}
