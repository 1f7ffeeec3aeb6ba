/// The bus's `NameOwnerChanged`: a well-known name got a new owner, or lost its owner. A
/// service that restarts comes back under a new unique name; a listener that believes only
/// the old one follows this to believe the new one.
package struct DBusNameOwnerChanged: Equatable, Sendable {
  package var name: String
  /// The unique name of the connection that owned it, nil when none did.
  package var oldOwner: String?
  /// The unique name of the connection that owns it now, nil when none does.
  package var newOwner: String?

  package init(name: String, oldOwner: String?, newOwner: String?) {
    self.name = name
    self.oldOwner = oldOwner
    self.newOwner = newOwner
  }

  package static let member = "NameOwnerChanged"

  /// The change `message` tells, or nil when it is not the bus's `NameOwnerChanged` (`sss`).
  /// Only the bus can send a message whose sender is `org.freedesktop.DBus`.
  package init?(_ message: DBusMessage) {
    guard message.kind == .signal, message.sender == DBusNames.bus, message.interface == DBusNames.bus,
      message.member == Self.member, message.signature == "sss", let name = message.body[0].string,
      let old = message.body[1].string, let new = message.body[2].string
    else { return nil }
    self.init(name: name, oldOwner: old.isEmpty ? nil : old, newOwner: new.isEmpty ? nil : new)
  }

  /// The rule that brings the changes of `name`'s owner, and only those.
  package static func matchRule(name: String) -> DBusMatchRule {
    .signal(sender: DBusNames.bus, interface: DBusNames.bus, member: member, path: DBusNames.busPath, arg0: name)
  }

  /// What a `DBusMessageFilter` admits for these changes.
  package static let filterSignal = DBusMessageFilter.Signal(
    sender: DBusNames.bus, interface: DBusNames.bus, member: member)
}
