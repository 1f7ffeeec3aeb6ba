/// Follows JSON text byte by byte to tell the bytes of its strings from its structure, without
/// parsing it: for text that is not one whole document (a file cut short, the elements of an
/// array taken apart).
struct JSONStrings {
  private var inString = false
  private var escaped = false

  /// Takes the next byte: whether it belongs to a string, its quotes included.
  mutating func take(_ byte: UInt8) -> Bool {
    if inString {
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = true
      } else if byte == UInt8(ascii: "\"") {
        inString = false
      }
      return true
    }
    inString = byte == UInt8(ascii: "\"")
    return inString
  }
}
