/// The standard `org.freedesktop.DBus.Properties` interface, as a client reads it.
package enum DBusProperties {
  /// The value of property `name` of `interface` on `path` at `destination`: what the
  /// variant `Get` returns holds (`.boolean(true)` for logind's `LockedHint`).
  package static func get(
    _ name: String, interface: String, path: String, destination: String, on connection: DBusConnection,
    timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> DBusValue {
    let call = DBusMessage.methodCall(
      destination: destination, path: path, interface: DBusNames.properties, member: "Get",
      body: [.string(interface), .string(name)])
    let reply = try connection.call(call, timeout: timeout)
    guard reply.signature == "v", case .variant(let value) = reply.body[0] else {
      throw .unexpectedReply(member: call.qualifiedMember, expected: "v", got: reply.signature)
    }
    return value
  }

  /// A boolean property, such as `LockedHint` and `IdleHint`.
  package static func bool(
    _ name: String, interface: String, path: String, destination: String, on connection: DBusConnection,
    timeout: Duration = DBusConnection.defaultTimeout
  ) throws(DBusError) -> Bool {
    let value = try get(
      name, interface: interface, path: path, destination: destination, on: connection, timeout: timeout)
    guard case .boolean(let truth) = value else {
      throw .unexpectedReply(member: "\(DBusNames.properties).Get(\(name))", expected: "b", got: value.type.description)
    }
    return truth
  }
}
