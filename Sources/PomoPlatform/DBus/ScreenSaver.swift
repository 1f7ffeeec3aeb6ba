/// The desktop's screen saver on the session bus (`org.freedesktop.ScreenSaver`, which GNOME,
/// KDE, Xfce and others answer): pomo asks it to keep the screen on during a workout.
package enum ScreenSaver {
  package static let service = "org.freedesktop.ScreenSaver"
  package static let path = "/org/freedesktop/ScreenSaver"
  package static let interface = "org.freedesktop.ScreenSaver"

  /// Keeps the screen from blanking or locking for idleness (`Inhibit(app, reason)`): the
  /// cookie that `unInhibit` takes. The screen saver lets go by itself when the connection
  /// that asked closes (pomo ends, or dies), as it watches its clients leave the bus.
  package static func inhibit(
    application: String, reason: String, on connection: DBusConnection,
    timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> UInt32 {
    let call = DBusMessage.methodCall(
      destination: service, path: path, interface: interface, member: "Inhibit",
      body: [.string(application), .string(reason)])
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "u", let cookie = reply.body[0].uint32 else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "u", got: reply.signature)
    }
    return cookie
  }

  /// Lets go of what `inhibit` gave `cookie` for.
  package static func unInhibit(
    cookie: UInt32, on connection: DBusConnection, timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) {
    _ = try connection.call(
      .methodCall(destination: service, path: path, interface: interface, member: "UnInhibit", body: [.uint32(cookie)]),
      timeout: timeout)
  }
}
