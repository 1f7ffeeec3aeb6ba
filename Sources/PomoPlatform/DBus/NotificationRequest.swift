/// The arguments of a freedesktop `Notify` call.
public struct NotificationRequest: Equatable, Sendable {
  /// One button: the key `ActionInvoked` names, and the label shown.
  public struct Action: Equatable, Sendable {
    public var key: String
    public var label: String
    public init(key: String, label: String) {
      self.key = key
      self.label = label
    }
  }

  public var appName: String
  /// The notification this one replaces, 0 for a new one.
  public var replacesID: UInt32
  public var appIcon: String
  public var summary: String
  public var body: String
  public var actions: [Action]
  /// Hints such as `urgency` (a byte) or `category` (a string), sent as `a{sv}`.
  public var hints: [String: DBusValue]
  /// Milliseconds; -1 lets the server decide, 0 never expires.
  public var expireTimeout: Int32

  public init(
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
  public var arguments: [DBusValue] {
    [
      .string(appName), .uint32(replacesID), .string(appIcon), .string(summary), .string(body),
      .strings(actions.flatMap { [$0.key, $0.label] }), .dictionary(hints), .int32(expireTimeout),
    ]
  }
}
