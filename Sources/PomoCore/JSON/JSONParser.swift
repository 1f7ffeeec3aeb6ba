import PomoPlatform

/// A strict RFC 8259 parser over UTF-8 bytes that records each value's line and column.
///
/// It refuses nesting deeper than `maxDepth` instead of overflowing the stack, and invalid
/// UTF-8, so that any input at all ends in a `JSONSyntaxError` rather than a crash.
package struct JSONParser {
  package static let maxDepth = 128

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1
  private var depth = 0

  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    return try parser.parseDocument()
  }

  package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  /// The value that starts at `start` (after any whitespace), whatever follows it: a member
  /// read out of a document cut short. Its span counts from the start of `bytes`.
  package static func parse(_ bytes: [UInt8], valueAt start: Int) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.index = start
    parser.skipWhitespace()
    return try parser.parseValue()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var position: SourcePosition { SourcePosition(line: line, column: column) }

  private func fail(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: message, position: position)
  }

  private mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw fail("the file is empty; expected a JSON object") }
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw fail("unexpected \(describe(bytes[index])) after the end of the JSON value")
    }
    return value
  }

  private mutating func advance() {
    let byte = bytes[index]
    index += 1
    if byte == UInt8(ascii: "\n") {
      line += 1
      column = 1
    } else if byte & 0xC0 != 0x80 {
      // Count characters, not bytes: continuation bytes of UTF-8 do not move the column.
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: advance()
      default: return
      }
    }
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte == 0x20 { return "space" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    let from = index
    var value = try parseBareValue()
    value.span = from..<index
    return value
  }

  private mutating func parseBareValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw fail("unexpected end of file; expected a value") }
    let start = position
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), position: start)
    case UInt8(ascii: "t"):
      try expectWord("true")
      return JSONValue(kind: .bool(true), position: start)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return JSONValue(kind: .bool(false), position: start)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return JSONValue(kind: .null, position: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(kind: .number(try parseNumber()), position: start)
    case UInt8(ascii: "'"): throw fail("strings must use double quotes, not single quotes")
    default: throw fail("unexpected \(describe(bytes[index])); expected a value")
    }
  }

  private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
    for expected in word.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        throw fail("invalid literal; expected '\(word)'")
      }
      advance()
    }
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maxDepth { throw fail("nesting deeper than \(Self.maxDepth) levels") }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    try enter()
    advance()  // {
    var members: [JSONValue.Member] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      advance()
      depth -= 1
      return JSONValue(kind: .object(members), position: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of file inside an object") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "}") { throw fail("trailing comma before '}'") }
        throw fail("unexpected \(describe(bytes[index])); expected a key in double quotes")
      }
      let keyPosition = position
      let key = try parseString()
      if members.contains(where: { $0.key == key }) {
        throw JSONSyntaxError(message: "duplicate key \"\(key)\"", position: keyPosition)
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw fail("expected ':' after the key \"\(key)\"")
      }
      advance()
      skipWhitespace()
      let value = try parseValue()
      members.append(JSONValue.Member(key: key, keyPosition: keyPosition, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of file; expected ',' or '}'") }
      switch bytes[index] {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "}"):
        advance()
        depth -= 1
        return JSONValue(kind: .object(members), position: start)
      default: throw fail("unexpected \(describe(bytes[index])); expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    let start = position
    try enter()
    advance()  // [
    var items: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      advance()
      depth -= 1
      return JSONValue(kind: .array(items), position: start)
    }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw fail("trailing comma before ']'") }
      items.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw fail("unexpected end of file; expected ',' or ']'") }
      switch bytes[index] {
      case UInt8(ascii: ","): advance()
      case UInt8(ascii: "]"):
        advance()
        depth -= 1
        return JSONValue(kind: .array(items), position: start)
      default: throw fail("unexpected \(describe(bytes[index])); expected ',' or ']'")
      }
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
    if bytes[index] == UInt8(ascii: "-") { advance() }
    guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      advance()
      if index < bytes.count, isDigit(bytes[index]) { throw fail("numbers cannot have leading zeros") }
    } else {
      while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      advance()
      guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number: expected a digit after '.'") }
      while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      advance()
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw fail("invalid number: expected a digit in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { advance() }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    advance()  // opening quote
    var scalars = String.UnicodeScalarView()
    while true {
      guard index < bytes.count else { throw fail("unexpected end of file inside a string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        return String(scalars)
      case UInt8(ascii: "\\"):
        advance()
        scalars.append(try parseEscape())
      case 0x00..<0x20:
        throw fail(
          byte == 0x0A ? "unterminated string (line break inside a string)" : "control character in a string; escape it"
        )
      case 0x20..<0x80:
        scalars.append(Unicode.Scalar(byte))
        advance()
      default:
        scalars.append(try parseUTF8Scalar())
      }
    }
  }

  private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    guard index < bytes.count else { throw fail("unexpected end of file in an escape") }
    let byte = bytes[index]
    advance()
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      if (0xD800..<0xDC00).contains(high) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
          throw fail("unpaired surrogate in a \\u escape")
        }
        advance()
        advance()
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in a \\u escape") }
        let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        return Unicode.Scalar(value)!
      }
      guard let scalar = Unicode.Scalar(high) else { throw fail("unpaired surrogate in a \\u escape") }
      return scalar
    default:
      throw fail("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw fail("expected four hex digits after \\u")
      }
      value = value * 16 + digit
      advance()
    }
    return value
  }

  private func hexValue(_ b: UInt8) -> UInt32? {
    switch b {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Decodes one multi-byte UTF-8 sequence, refusing overlong forms and surrogates.
  private mutating func parseUTF8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
    let lead = bytes[index]
    let count: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF:
      count = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      count = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF4:
      count = 4
      value = UInt32(lead & 0x07)
    default: throw fail("invalid UTF-8 (byte 0x\(String(lead, radix: 16, uppercase: true))); save the file as UTF-8")
    }
    guard index + count <= bytes.count else { throw fail("invalid UTF-8 (truncated sequence); save the file as UTF-8") }
    for offset in 1..<count {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { throw fail("invalid UTF-8; save the file as UTF-8") }
      value = value << 6 | UInt32(next & 0x3F)
    }
    let minimum: UInt32 = count == 2 ? 0x80 : count == 3 ? 0x800 : 0x10000
    guard value >= minimum, let scalar = Unicode.Scalar(value) else {
      throw fail("invalid UTF-8; save the file as UTF-8")
    }
    for _ in 0..<count { advance() }
    return scalar
  }
}
