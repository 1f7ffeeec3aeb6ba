import PomoCore

/// Shows `Alerts`' desktop notifications another way than a program such as notify-send:
/// pomo's own D-Bus notifications, with buttons (`DesktopNotifications`).
package protocol DesktopNotifier: AnyObject {
  /// Shows a notification about `engine` as it stands: the warning before the end when
  /// `warning`, else the moment a phase's time is up. False when it cannot (no bus any
  /// more): `Alerts` then runs the notifier program as it would without one.
  func post(_ engine: SessionEngine, title: String, body: String, warning: Bool) -> Bool
}
