/// A bus address, as `DBUS_SESSION_BUS_ADDRESS` holds it: one or more transports separated by
/// `;`, each `method:key=value,…` with bytes outside `[-0-9A-Za-z_/.\*]` escaped as `%xx`.
/// pomo connects over Unix sockets only; other transports are kept, and skipped on connect.
package struct DBusAddress: Equatable, Sendable, CustomStringConvertible {
  package enum Transport: Equatable, Sendable {
    /// `unix:path=…`: a socket file.
    case unixPath(String)
    /// `unix:abstract=…`: a Linux abstract socket name (its bytes, without the leading NUL).
    case unixAbstract([UInt8])
    /// Any other method (`tcp`, `launchd`, `unixexec`…), or a Unix one pomo cannot use.
    case unsupported(method: String)
  }

  /// The text it was parsed from.
  package let text: String
  /// The transports in order of preference.
  package let transports: [Transport]

  /// Where the system bus listens when `DBUS_SYSTEM_BUS_ADDRESS` is not set.
  package static let systemDefault = "unix:path=/var/run/dbus/system_bus_socket"

  package var description: String { text }

  package init(_ text: String) throws(DBusError) {
    self.text = text
    var transports: [Transport] = []
    for part in text.split(separator: ";", omittingEmptySubsequences: true) {
      transports.append(try Self.transport(String(part), in: text))
    }
    guard !transports.isEmpty else { throw .invalidAddress(text, reason: "no transport") }
    self.transports = transports
  }

  /// The session bus's address, from `DBUS_SESSION_BUS_ADDRESS` in `environment`.
  package static func sessionBus(environment: [String: String]) throws(DBusError) -> DBusAddress {
    guard let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty else {
      throw .noAddress(variable: "DBUS_SESSION_BUS_ADDRESS")
    }
    return try DBusAddress(text)
  }

  /// The system bus's address, from `DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket.
  package static func systemBus(environment: [String: String]) throws(DBusError) -> DBusAddress {
    let text = environment["DBUS_SYSTEM_BUS_ADDRESS"].flatMap { $0.isEmpty ? nil : $0 } ?? systemDefault
    return try DBusAddress(text)
  }

  private static func transport(_ part: String, in text: String) throws(DBusError) -> Transport {
    guard let colon = part.firstIndex(of: ":") else {
      throw .invalidAddress(text, reason: "\"\(part)\" has no method (such as unix:)")
    }
    let method = String(part[..<colon])
    guard !method.isEmpty else { throw .invalidAddress(text, reason: "\"\(part)\" has an empty method") }
    var keys: [String: [UInt8]] = [:]
    for pair in part[part.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: true) {
      guard let equals = pair.firstIndex(of: "=") else {
        throw .invalidAddress(text, reason: "\"\(pair)\" is not key=value")
      }
      let key = String(pair[..<equals])
      guard !key.isEmpty else { throw .invalidAddress(text, reason: "\"\(pair)\" has an empty key") }
      guard keys[key] == nil else { throw .invalidAddress(text, reason: "the key \"\(key)\" appears twice") }
      keys[key] = try unescape(pair[pair.index(after: equals)...], in: text)
    }
    guard method == "unix" else { return .unsupported(method: method) }
    let kinds = ["path", "abstract", "tmpdir", "dir", "runtime"].filter { keys[$0] != nil }
    guard kinds.count == 1 else {
      throw .invalidAddress(text, reason: "a unix transport needs exactly one of path, abstract, dir, tmpdir, runtime")
    }
    switch kinds[0] {
    case "path":
      let bytes = keys["path"]!
      guard !bytes.isEmpty, !bytes.contains(0) else { throw .invalidAddress(text, reason: "an empty or NUL path") }
      return .unixPath(String(decoding: bytes, as: UTF8.self))
    case "abstract":
      guard let name = keys["abstract"], !name.isEmpty else {
        throw .invalidAddress(text, reason: "an empty abstract name")
      }
      return .unixAbstract(name)
    default:
      // dir, tmpdir and runtime are for servers to listen on; a client has nothing to open.
      return .unsupported(method: "unix:" + kinds[0])
    }
  }

  /// Decodes `%xx` escapes; a byte that should have been escaped is an error.
  private static func unescape(_ value: Substring, in text: String) throws(DBusError) -> [UInt8] {
    var result: [UInt8] = []
    var bytes = Array(value.utf8)[...]
    while let byte = bytes.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard bytes.count >= 2, let high = hexDigit(bytes.popFirst()!), let low = hexDigit(bytes.popFirst()!) else {
          throw .invalidAddress(text, reason: "a % not followed by two hex digits")
        }
        result.append(high << 4 | low)
      } else if DBusNames.isNameCharacter(byte) || "-/.\\*".utf8.contains(byte) {
        result.append(byte)
      } else {
        throw .invalidAddress(text, reason: "the byte '\(Character(UnicodeScalar(byte)))' must be escaped")
      }
    }
    return result
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
