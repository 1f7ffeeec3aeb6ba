/// The arguments of a freedesktop `Notify` call.
package struct NotificationRequest: Equatable, Sendable {
  /// One button: the key `ActionInvoked` names, and the label shown.
  package struct Action: Equatable, Sendable {
    package var key: String
    package var label: String
    package init(key: String, label: String) {
      self.key = key
      self.label = label
    }
  }

  package var appName: String
  /// The notification this one replaces, 0 for a new one.
  package var replacesID: UInt32
  package var appIcon: String
  package var summary: String
  package var body: String
  package var actions: [Action]
  /// Hints such as `urgency` (a byte) or `category` (a string), sent as `a{sv}`.
  package var hints: [String: DBusValue]
  /// Milliseconds; -1 lets the server decide, 0 never expires.
  package var expireTimeout: Int32

  package init(
    appName: String = "pomo", replacesID: UInt32 = 0, appIcon: String = "", summary: String, body: String = "",
    actions: [Action] = [], hints: [String: DBusValue] = [:], expireTimeout: Int32 = -1
  ) {
    self.appName = appName
    self.replacesID = replacesID
    self.appIcon = appIcon
    self.summary = summary
    self.body = body
    self.actions = actions
    self.hints = hints
    self.expireTimeout = expireTimeout
  }

  /// The body of the call, `susssasa{sv}i`; actions as key, label, key, label…
  package var arguments: [DBusValue] {
    [
      .string(appName), .uint32(replacesID), .string(appIcon), .string(summary), .string(body),
      .strings(actions.flatMap { [$0.key, $0.label] }), .dictionary(hints), .int32(expireTimeout),
    ]
  }
}
