import PomoCore
import PomoPlatform

/// The one notification of `pomo nudge`, sent to the freedesktop notification server on the
/// session bus with a "Start work" button, and the wait for that button, bounded: a one-shot
/// command must end, so the notification expires when the wait does, and is closed then, so
/// no button is left on screen that nothing would answer.
package enum NudgeNotification {
  /// How the wait ended.
  package enum Outcome: Equatable, Sendable {
    /// The button was clicked: start the preset.
    case clicked
    /// The notification was closed (dismissed, or expired) without a click.
    case closed
    /// Nobody clicked within the wait.
    case timedOut
    /// It was shown, but the server shows no buttons: nothing to wait for.
    case shownWithoutButton
  }

  /// The key of the button, as `ActionInvoked` names it.
  package static let startKey = "start"

  /// Shows the notification and waits up to `wait` for a click on `button`. Throws when no
  /// session bus or no server answers before it is shown (the caller falls back to
  /// notify-send); once shown, it never throws.
  package static func show(
    title: String, body: String, button: String, wait: Duration, environment: [String: String],
    timeout: Duration = .seconds(2)
  ) throws(DBusError) -> Outcome {
    let connection = try DBusConnection.sessionBus(environment: environment, timeout: timeout)
    defer { connection.close() }
    connection.filter = DBusMessageFilter()
    let call = DBusMessage.methodCall(
      destination: Notifications.service, path: Notifications.path, interface: Notifications.interface,
      member: "GetCapabilities")
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "as", let capabilities = reply.body[0].strings, let server = reply.sender else {
      throw DBusError.unexpectedReply(member: call.qualifiedMember, expected: "as", got: reply.signature)
    }
    let buttons = capabilities.contains("actions")
    if buttons {
      connection.filter = DBusMessageFilter(signals: Notifications.filterSignals(owner: server))
      for rule in Notifications.serverMatchRules { try connection.addMatch(rule, timeout: timeout) }
    }
    let milliseconds = Int32(clamping: TimeText.milliseconds(wait))
    let request = NotificationRequest(
      summary: title, body: body, actions: buttons ? [.init(key: startKey, label: button)] : [],
      hints: ["category": .string("presence")], expireTimeout: max(1, milliseconds))
    let id = try Notifications.notify(request, on: connection, timeout: timeout)
    guard buttons else { return .shownWithoutButton }
    let end = Platform.bootNanoseconds() + SessionEngine.nanos(wait)
    while true {
      let left = Duration.nanoseconds(end - Platform.bootNanoseconds())
      guard left > .zero else { break }
      let message: DBusMessage
      do {
        message = try connection.waitForMessage(timeout: left)
      } catch .timedOut {
        break
      } catch {
        // The bus went away with the notification: nothing is left to wait for, or to close.
        return .closed
      }
      guard message.sender == server, let signal = NotificationSignal(message) else { continue }
      switch signal {
      case .actionInvoked(id, startKey): return .clicked
      case .closed(id, _): return .closed
      default: continue
      }
    }
    // Nothing would answer the button any more: take the notification back.
    try? Notifications.close(id: id, on: connection, timeout: timeout)
    return .timedOut
  }
}
