/// A session's `PropertiesChanged` from logind, as far as pomo cares: the new `LockedHint`
/// and `IdleHint` (nil when the signal does not give it).
package struct LogindHints: Equatable, Sendable {
  package var session: String
  package var locked: Bool?
  package var idle: Bool?

  package init(session: String, locked: Bool? = nil, idle: Bool? = nil) {
    self.session = session
    self.locked = locked
    self.idle = idle
  }

  /// The hints in `message`, or nil when it is not a session's `PropertiesChanged`
  /// (`sa{sv}as` for `org.freedesktop.login1.Session`), or has neither hint as a boolean.
  package init?(_ message: DBusMessage) {
    guard message.kind == .signal, message.interface == DBusNames.properties, message.member == "PropertiesChanged",
      message.signature == "sa{sv}as", let path = message.path, message.body[0].string == Logind.sessionInterface
    else { return nil }
    self.init(session: path, properties: message.body[1])
  }

  /// The hints of the session at `session` in the answer to `Logind.getHints`
  /// (`GetAll`, `a{sv}`), or nil when it holds neither as a boolean.
  package init?(session: String, reply: DBusMessage) {
    guard reply.kind == .methodReturn, reply.signature == "a{sv}" else { return nil }
    self.init(session: session, properties: reply.body[0])
  }

  /// The hints among `properties`, a dictionary `a{sv}`; nil when it holds neither.
  init?(session: String, properties: DBusValue) {
    guard case .array(_, let entries) = properties else { return nil }
    var hints = LogindHints(session: session)
    for entry in entries {
      guard case .dictEntry(let key, let value) = entry, let name = key.string else { continue }
      switch name {
      case "LockedHint": hints.locked = value.bool
      case "IdleHint": hints.idle = value.bool
      default: continue
      }
    }
    guard hints.locked != nil || hints.idle != nil else { return nil }
    self = hints
  }

  /// The rule that brings the session's `PropertiesChanged` from logind.
  package static func matchRule(session: String) -> DBusMatchRule {
    .signal(sender: Logind.service, interface: DBusNames.properties, member: "PropertiesChanged", path: session)
  }
}
