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
    let capabilities: [String]
    do {
      capabilities = try Notifications.capabilities(on: connection, timeout: timeout)
    } catch {
      return [OpenError.noServer(error).description]
    }
    var lines = ["server: " + serverName(connection, timeout: timeout)]
    lines.append(capabilities.contains("actions") ? "buttons: yes" : "buttons: no (no \"actions\" capability)")
    return lines
  }

  /// "dunst 1.11.0 (dunst-project)", from `GetServerInformation`; "answers" when it does not say.
  private static func serverName(_ connection: DBusConnection, timeout: Duration) -> String {
    let call = DBusMessage.methodCall(
      destination: Notifications.service, path: Notifications.path, interface: Notifications.interface,
      member: "GetServerInformation")
    guard let reply = try? connection.call(call, timeout: timeout), reply.signature == "ssss" else { return "answers" }
    let words = reply.body.compactMap(\.string).map(TextLayout.inert)
    guard words.count == 4 else { return "answers" }
    return "\(words[0]) \(words[2]) (\(words[1]))"
  }
}
