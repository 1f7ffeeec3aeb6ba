import PomoPlatform

/// A JSON value to write: pomo's records, state file and machine-readable output.
package indirect enum JSONOutput: Equatable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  /// A number of seconds, written with at most millisecond precision.
  case seconds(Double)
  case string(String)
  case array([JSONOutput])
  /// Members in the order given, so records read the same every time.
  case object([(String, JSONOutput)])

  package static func == (a: JSONOutput, b: JSONOutput) -> Bool { a.text == b.text }

  /// Compact JSON text on one line.
  package var text: String {
    var out: [UInt8] = []
    write(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The one JSON writer: compact text as UTF-8 bytes, appended to `out` (records, state,
  /// reports, exports), with no string built per value; its primitives are `JSONWriter`'s.
  package func write(to out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: JSONWriter.nullBytes)
    case .bool(let b): out.append(contentsOf: b ? JSONWriter.trueBytes : JSONWriter.falseBytes)
    case .int(let n): JSONWriter.digits(n, into: &out)
    case .seconds(let s): JSONWriter.seconds(s, into: &out)
    case .string(let s): JSONWriter.quote(s, into: &out)
    case .array(let items):
      out.append(0x5B)
      for (i, item) in items.enumerated() {
        if i > 0 { out.append(0x2C) }
        item.write(to: &out)
      }
      out.append(0x5D)
    case .object(let members):
      out.append(0x7B)
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out.append(0x2C) }
        JSONWriter.quote(key, into: &out)
        out.append(0x3A)
        value.write(to: &out)
      }
      out.append(0x7D)
    }
  }

  /// "1500", "12.5", "0.001": no exponent, no trailing zeros.
  package static func seconds(_ value: Double) -> String {
    var out: [UInt8] = []
    JSONWriter.seconds(value, into: &out)
    return String(decoding: out, as: UTF8.self)
  }
}

package extension JSONOutput {
  /// A JSON line read from a file, for printing: control characters inside strings (which a
  /// lenient reader may have let through raw) are written as `\u` escapes, and line breaks
  /// between values as spaces, so the text stays the same JSON and cannot drive a terminal.
  /// Spaces, tabs and line breaks around the line are left out, and so is a UTF-8 byte order
  /// mark before it (a file's first line may start with one, which the journal's reader
  /// accepts): it is no part of the JSON, and a reader of the printed text would refuse it.
  static func inertLine(_ line: [UInt8]) -> String {
    var out: [UInt8] = []
    line.withUnsafeBufferPointer { inertLine($0, into: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The same, appended to `out` as bytes; those that are not UTF-8 are left for the string
  /// made of `out` to replace, as `String(decoding:as:)` does.
  static func inertLine(_ line: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
    let line = line.starts(with: [0xEF, 0xBB, 0xBF]) ? UnsafeBufferPointer(rebasing: line[3...]) : line
    guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) })
    else { return }
    let bytes = UnsafeBufferPointer(rebasing: line[first...last])
    // Nearly every line has no control character and no C1 lead byte: it is printed as it is.
    if isPlain(bytes) { return out.append(contentsOf: bytes) }
    out.reserveCapacity(out.count + bytes.count)
    var inString = false
    var escaped = false
    var previous: UInt8 = 0
    func escape(_ value: UInt8) {
      let hex = Array("0123456789abcdef".utf8)
      out += Array(#"\u00"#.utf8) + [hex[Int(value >> 4)], hex[Int(value & 0xF)]]
    }
    for byte in bytes {
      defer { previous = byte }
      if !inString {
        if byte == 0x22 { inString = true }
        out.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte)
        continue
      }
      if escaped {
        escaped = false
        out.append(byte)
      } else if byte == 0x5C {
        escaped = true
        out.append(byte)
      } else if byte == 0x22 {
        inString = false
        out.append(byte)
      } else if byte < 0x20 || byte == 0x7F {
        escape(byte)
      } else if previous == 0xC2 && (0x80...0x9F).contains(byte) {
        out.removeLast()  // the lead byte of a C1 control
        escape(byte)
      } else {
        out.append(byte)
      }
    }
  }

  /// Whether `bytes` hold no control character (below 0x20, or DEL) and no 0xC2 (the lead
  /// byte of a C1 control): looked at a word (8 bytes) at a time, as a line is nearly always.
  private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    /// Whether a byte of `w` is below `n` (at most 0x80): exact, with no false alarm.
    func hasLess(_ w: UInt64, _ n: UInt64) -> Bool { (w &- ones &* n) & ~w & highs != 0 }
    var k = 0
    while k + 8 <= bytes.count {
      let w = UInt64(littleEndian: UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self))
      if hasLess(w, 0x20) || hasLess(w ^ (ones &* 0x7F), 1) || hasLess(w ^ (ones &* 0xC2), 1) { return false }
      k += 8
    }
    while k < bytes.count {
      let byte = base[k]
      if byte < 0x20 || byte == 0x7F || byte == 0xC2 { return false }
      k += 1
    }
    return true
  }
}

package extension JSONValue {
  /// The member named `key`, for objects.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.key == key }?.value
  }

  var stringValue: String? {
    if case .string(let s) = kind { return s }
    return nil
  }

  var doubleValue: Double? {
    if case .number(let n) = kind { return Double(n) }
    return nil
  }

  var intValue: Int? {
    if case .number(let n) = kind { return Int(n) }
    return nil
  }

  var boolValue: Bool? {
    if case .bool(let b) = kind { return b }
    return nil
  }

  var arrayValue: [JSONValue]? {
    if case .array(let items) = kind { return items }
    return nil
  }
}

package extension JSONOutput {
  /// JSON text with every character outside ASCII written as a `\u` escape (a surrogate pair
  /// above U+FFFF), for a locale that is not UTF-8: the same JSON, in ASCII. Only for text that
  /// is JSON throughout, where such characters can stand only inside strings.
  static func asciiEscaped(_ json: String) -> String {
    guard json.utf8.contains(where: { $0 >= 0x80 }) else { return json }
    var out = ""
    for scalar in json.unicodeScalars {
      if scalar.isASCII {
        out.unicodeScalars.append(scalar)
        continue
      }
      for unit in String(scalar).utf16 {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return out
  }
}
