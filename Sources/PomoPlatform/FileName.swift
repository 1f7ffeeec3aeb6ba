/// A name in a folder as the file system holds it: bytes, which need not be UTF-8. A name that
/// is not is never turned into another (a replacement character would name no file); it is
/// shown with its bytes escaped, and said to be what it is.
package struct FileName: Equatable, Hashable, Sendable {
  package var bytes: [UInt8]

  package init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The name as text, when it is UTF-8.
  package var text: String? { String(validating: bytes, as: UTF8.self) }

  /// The name to show: itself when it is UTF-8; else each byte that is not part of a UTF-8
  /// character as `\xFF` (and a backslash as `\\`), so that the bytes can be told exactly.
  package var shown: String {
    if let text { return text }
    var out = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var rest = bytes[...]
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        out += scalar == "\\" ? "\\\\" : String(Character(scalar))
        rest = rest.dropFirst(encoded.count)
      case .error(let length):
        for byte in rest.prefix(length) {
          let hex = String(byte, radix: 16, uppercase: true)
          out += "\\x" + (hex.count == 1 ? "0" : "") + hex
        }
        rest = rest.dropFirst(length)
      case .emptyInput:
        return out
      }
    }
  }
}
