/// JSON written as it is made, straight into UTF-8 bytes: for output too large to build as a
/// tree of `JSONOutput` values first (a report of every day of a long history). The same
/// text `JSONOutput` writes, which writes its values through the same primitives.
package struct JSONWriter {
  /// The compact JSON text so far.
  package private(set) var bytes: [UInt8] = []
  /// Whether the next member or element needs a comma before it.
  private var needsComma = false

  package init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The text so far, as a string.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Ends the text with a newline (the end of a document a command prints).
  package mutating func endLine() { bytes.append(0x0A) }

  /// Before a value: a comma when it follows another in its array or object.
  private mutating func separate() {
    if needsComma { bytes.append(0x2C) }
    needsComma = true
  }

  package mutating func beginObject() {
    separate()
    bytes.append(0x7B)
    needsComma = false
  }

  package mutating func endObject() {
    bytes.append(0x7D)
    needsComma = true
  }

  package mutating func beginArray() {
    separate()
    bytes.append(0x5B)
    needsComma = false
  }

  package mutating func endArray() {
    bytes.append(0x5D)
    needsComma = true
  }

  /// A member's key; its value follows.
  package mutating func key(_ name: String) {
    separate()
    Self.quote(name, into: &bytes)
    bytes.append(0x3A)
    needsComma = false
  }

  /// A member's key written in the program, plain printable ASCII (copied as it is).
  package mutating func key(_ name: StaticString) {
    separate()
    bytes.append(0x22)
    bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    bytes.append(0x22)
    bytes.append(0x3A)
    needsComma = false
  }

  /// A day as a string, "2026-11-23" (`LocalCalendar.isoDate`).
  package mutating func date(_ day: Int64) {
    separate()
    bytes.append(0x22)
    LocalCalendar.isoDate(day, into: &bytes)
    bytes.append(0x22)
  }

  package mutating func string(_ value: String) {
    separate()
    Self.quote(value, into: &bytes)
  }

  package mutating func int(_ value: Int64) {
    separate()
    Self.digits(value, into: &bytes)
  }

  package mutating func bool(_ value: Bool) {
    separate()
    bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
  }

  package mutating func null() {
    separate()
    bytes.append(contentsOf: Self.nullBytes)
  }

  /// A value built as a tree (a small part of a large output).
  package mutating func value(_ value: JSONOutput) {
    separate()
    value.write(to: &bytes)
  }

  // MARK: - The primitives

  static let nullBytes = Array("null".utf8)
  static let trueBytes = Array("true".utf8)
  static let falseBytes = Array("false".utf8)

  /// The decimal digits of `n`, with its sign.
  static func digits(_ n: Int64, into out: inout [UInt8]) {
    if n >= 0 && n < 10 { return out.append(0x30 + UInt8(n)) }
    if n < 0 { out.append(0x2D) }
    DecimalText.append(n.magnitude, to: &out)
  }

  /// "1500", "12.5", "0.001": no exponent, no trailing zeros.
  static func seconds(_ value: Double, into out: inout [UInt8]) {
    guard value.isFinite else { return out.append(0x30) }
    let millis = Int64((value * 1000).rounded())
    if millis < 0 { out.append(0x2D) }
    let m = Int64(millis.magnitude)
    digits(m / 1000, into: &out)
    var fraction = m % 1000
    guard fraction != 0 else { return }
    var places = 3
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    out.append(0x2E)
    var scale: Int64 = places == 3 ? 100 : places == 2 ? 10 : 1
    while scale > 0 {
      out.append(0x30 + UInt8(fraction / scale % 10))
      scale /= 10
    }
  }

  /// `s` as a JSON string, controls escaped so that JSON printed on a terminal cannot drive it.
  static func quote(_ s: String, into out: inout [UInt8]) {
    out.append(0x22)
    // Most strings are printable ASCII with nothing to escape: copied whole.
    let plain = { (byte: UInt8) in byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C }
    if s.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(plain) }) ?? s.utf8.allSatisfy(plain) {
      out.append(contentsOf: s.utf8)
      out.append(0x22)
      return
    }
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: [0x5C, 0x22])
      case "\\": out.append(contentsOf: [0x5C, 0x5C])
      case "\n": out.append(contentsOf: [0x5C, 0x6E])
      case "\r": out.append(contentsOf: [0x5C, 0x72])
      case "\t": out.append(contentsOf: [0x5C, 0x74])
      // C0, DEL and C1 controls too, so that JSON printed on a terminal cannot drive it.
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
        || scalar.value == 0x2029:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])
        out[out.count - 2] = hex[Int(scalar.value >> 12 & 0xF)]
        out[out.count - 1] = hex[Int(scalar.value >> 8 & 0xF)]
        out.append(hex[Int(scalar.value >> 4 & 0xF)])
        out.append(hex[Int(scalar.value & 0xF)])
      default: out.append(contentsOf: String(scalar).utf8)
      }
    }
    out.append(0x22)
  }
}
