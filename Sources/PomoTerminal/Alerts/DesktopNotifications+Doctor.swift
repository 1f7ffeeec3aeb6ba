import PomoCore
import PomoPlatform

extension DesktopNotifications {
  /// What `pomo doctor` says of the notification server: which one answers on the session
  /// bus and whether it shows buttons, or why pomo falls back to notify-send.
  package static func doctor(environment: [String: String], timeout: Duration = .seconds(2)) -> [String] {
    let connection: DBusConnection
    do {
      connection = try DBusConnection.sessionBus(environment: environment, timeout: timeout)
    } catch .noAddress {
      return [OpenError.noBus.description]
    } catch {
      return [OpenError.unreachable(error).description]
    }
    defer { connection.close() }
    var lines: [String] = []
    do {
      let call = DBusMessage.methodCall(
        destination: Notifications.service, path: Notifications.path, interface: Notifications.interface,
        member: "GetServerInformation")
      let reply = try connection.call(call, timeout: timeout)
      let words = reply.body.compactMap(\.string)
      if words.count >= 3 {
        lines.append("server: \(TextLayout.inert(words[0])) \(TextLayout.inert(words[2])) (\(TextLayout.inert(words[1])))")
      } else {
        lines.append("server: answers")
      }
      let capabilities = try Notifications.capabilities(on: connection, timeout: timeout)
      lines.append(
        capabilities.contains("actions")
          ? "buttons: yes" : "buttons: no (no \"actions\" capability)")
    } catch {
      lines.append(OpenError.noServer(error).description)
    }
    return lines
  }
}
