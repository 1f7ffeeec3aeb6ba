/// A match rule for `AddMatch`: which signals the bus should send this connection.
package struct DBusMatchRule: Equatable, Sendable {
  /// The rule as the bus reads it: `type='signal',interface='…',member='…'`.
  package let text: String

  /// Signals, narrowed by any of sender, interface, member, object path and first argument
  /// (a string) given.
  package static func signal(
    sender: String? = nil, interface: String? = nil, member: String? = nil, path: String? = nil, arg0: String? = nil
  ) -> DBusMatchRule {
    let pairs: [(String, String?)] = [
      ("type", "signal"), ("sender", sender), ("interface", interface), ("member", member), ("path", path),
      ("arg0", arg0),
    ]
    return DBusMatchRule(
      text: pairs.compactMap { key, value in value.map { "\(key)=\(quoted($0))" } }.joined(separator: ","))
  }

  /// A value in quotes; a quote inside is written `'\''`, as the specification says.
  static func quoted(_ value: String) -> String {
    "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
