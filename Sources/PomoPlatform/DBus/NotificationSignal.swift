/// A signal from the notification server about one of its notifications.
package enum NotificationSignal: Equatable, Sendable {
  /// Why a notification closed, as the specification numbers it.
  package enum CloseReason: UInt32, Sendable {
    case expired = 1
    case dismissed = 2
    case closedByCall = 3
    case undefined = 4
  }

  /// The user chose the action with this key.
  case actionInvoked(id: UInt32, action: String)
  /// The notification closed.
  case closed(id: UInt32, reason: CloseReason)

  /// The signal `message` is, or nil when it is neither (or has the wrong arguments).
  package init?(_ message: DBusMessage) {
    guard message.kind == .signal, message.interface == Notifications.interface else { return nil }
    switch (message.member, message.signature) {
    case ("ActionInvoked", "us"):
      guard let id = message.body[0].uint32, let action = message.body[1].string else { return nil }
      self = .actionInvoked(id: id, action: action)
    case ("NotificationClosed", "uu"):
      guard let id = message.body[0].uint32, let reason = message.body[1].uint32 else { return nil }
      self = .closed(id: id, reason: CloseReason(rawValue: reason) ?? .undefined)
    default: return nil
    }
  }
}
