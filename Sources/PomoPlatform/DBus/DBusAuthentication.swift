/// The SASL exchange that opens a D-Bus connection, EXTERNAL mechanism: the client says who
/// it is (its user id, which the bus checks with the kernel), and the bus answers OK with its
/// GUID. No Unix file descriptor passing is negotiated.
package enum DBusAuthentication {
  /// The longest line the bus may answer with; a longer one is refused, not buffered.
  package static let maximumLineLength = 1024

  /// The NUL byte every client starts with, then `AUTH EXTERNAL` and the user id as the hex
  /// of its decimal digits ("1000" is "31303030").
  package static func greeting(userID: UInt32) -> [UInt8] {
    let hex = String(userID).utf8.map { String($0, radix: 16) }.joined()
    return [0] + Array("AUTH EXTERNAL \(hex)\r\n".utf8)
  }

  /// What ends the exchange once the bus said OK; the binary protocol follows.
  package static let begin = Array("BEGIN\r\n".utf8)

  /// The bus's answer to the greeting.
  package enum Reply: Equatable, Sendable {
    /// Accepted: the server's GUID.
    case ok(guid: String)
    /// Refused (`REJECTED`, `ERROR`) or anything unexpected: the line as it came.
    case refused(String)
  }

  /// Reads the bus's first line from `bytes`: the reply and how many bytes it took, or nil
  /// when the line has not all arrived. Throws when the line is too long.
  package static func reply(from bytes: [UInt8]) throws(DBusError) -> (reply: Reply, count: Int)? {
    let scanned = bytes.prefix(maximumLineLength)
    guard let newline = scanned.firstIndex(of: UInt8(ascii: "\n")) else {
      if bytes.count >= maximumLineLength {
        throw .authentication("the bus's answer is longer than \(maximumLineLength) bytes")
      }
      return nil
    }
    var line = String(decoding: bytes[..<newline], as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    if words.count == 2 && words[0] == "OK" {
      return (.ok(guid: String(words[1])), newline + 1)
    }
    return (.refused(line), newline + 1)
  }
}
