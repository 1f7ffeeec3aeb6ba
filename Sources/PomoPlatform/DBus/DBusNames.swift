/// The specification's rules for names that are not free text.
package enum DBusNames {
  /// `/`, or `/`-separated elements of `[A-Za-z0-9_]`, none empty, no slash at the end.
  package static func isObjectPath(_ path: String) -> Bool {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/") else { return false }
    if bytes.count == 1 { return true }
    guard bytes.last != UInt8(ascii: "/") else { return false }
    var previous = UInt8(ascii: "/")
    for byte in bytes.dropFirst() {
      if byte == UInt8(ascii: "/") {
        if previous == byte { return false }
      } else if !isNameCharacter(byte) {
        return false
      }
      previous = byte
    }
    return true
  }

  static func isNameCharacter(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }
}

extension DBusNames {
  /// The bus itself: its name and interface, and its object.
  package static let bus = "org.freedesktop.DBus"
  package static let busPath = "/org/freedesktop/DBus"
  /// The standard properties interface.
  package static let properties = "org.freedesktop.DBus.Properties"
}
