/// The SASL exchange that opens a D-Bus connection, EXTERNAL mechanism: the client says who
/// it is (its user id, which the bus checks with the kernel), and the bus answers OK with its
/// GUID. A connection that wants Unix file descriptors then asks for them
/// (`NEGOTIATE_UNIX_FD`), and the bus agrees or says it cannot, before `BEGIN`.
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

  /// Asks that Unix file descriptors may come with messages (sent after OK, before BEGIN).
  package static let negotiateUnixFD = Array("NEGOTIATE_UNIX_FD\r\n".utf8)

  /// The bus's answer to `negotiateUnixFD`: whether it agreed (`AGREE_UNIX_FD`; an `ERROR`
  /// or anything else is no) and how many bytes the line took, or nil when the line has not
  /// all arrived. Throws when the line is too long.
  package static func agreement(from bytes: [UInt8]) throws(DBusError) -> (agreed: Bool, count: Int)? {
    guard let (line, count) = try line(from: bytes) else { return nil }
    return (line == "AGREE_UNIX_FD", count)
  }

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
    guard let (line, count) = try line(from: bytes) else { return nil }
    let words = line.split(separator: " ", omittingEmptySubsequences: true)
    if words.count == 2 && words[0] == "OK" {
      return (.ok(guid: String(words[1])), count)
    }
    return (.refused(line), count)
  }

  /// The first line of `bytes` without its CR LF, and how many bytes it took with them.
  private static func line(from bytes: [UInt8]) throws(DBusError) -> (String, Int)? {
    let scanned = bytes.prefix(maximumLineLength)
    guard let newline = scanned.firstIndex(of: UInt8(ascii: "\n")) else {
      if bytes.count >= maximumLineLength {
        throw .authentication("the bus's answer is longer than \(maximumLineLength) bytes")
      }
      return nil
    }
    var line = String(decoding: bytes[..<newline], as: UTF8.self)
    if line.hasSuffix("\r") { line.removeLast() }
    return (line, newline + 1)
  }
}
