/// Unmarshals D-Bus values from a message's bytes, in either byte order. Every length is
/// checked against the bytes there are before anything is read or kept, and nesting is
/// bounded, so hostile bytes give a typed error: never a crash, a huge allocation or a hang.
package struct DBusReader {
  /// The whole message: alignment counts from its first byte.
  let bytes: [UInt8]
  let bigEndian: Bool
  /// Where the next value starts.
  package private(set) var position: Int
  /// How many descriptors came with the message: a `h` must index one of them.
  let unixFDCount: UInt32

  package init(bytes: [UInt8], bigEndian: Bool, position: Int = 0, unixFDCount: UInt32 = 0) {
    self.bytes = bytes
    self.bigEndian = bigEndian
    self.position = position
    self.unixFDCount = unixFDCount
  }

  func failure(_ reason: String) -> DBusError { .malformed("\(reason) at byte \(position)") }

  /// Skips the padding up to the next multiple of `boundary`, which must be zeros.
  package mutating func align(to boundary: Int) throws(DBusError) {
    let target = (position + boundary - 1) / boundary * boundary
    guard target <= bytes.count else { throw failure("the message ends in padding") }
    while position < target {
      guard bytes[position] == 0 else { throw failure("padding that is not zero") }
      position += 1
    }
  }

  mutating func readInteger<T: FixedWidthInteger>(_: T.Type) throws(DBusError) -> T {
    let size = MemoryLayout<T>.size
    try align(to: size)
    guard bytes.count - position >= size else { throw failure("the message ends inside a number") }
    var value: T = 0
    for index in 0..<size {
      let byte = T(truncatingIfNeeded: bytes[position + index])
      value |= bigEndian ? byte << ((size - 1 - index) * 8) : byte << (index * 8)
    }
    position += size
    return value
  }

  mutating func readByte() throws(DBusError) -> UInt8 {
    guard position < bytes.count else { throw failure("the message ends before a byte") }
    defer { position += 1 }
    return bytes[position]
  }

  /// `count` bytes of text and the NUL after them; no NUL within, valid UTF-8.
  mutating func readText(count: Int) throws(DBusError) -> String {
    guard count < bytes.count - position else { throw failure("a string of \(count) bytes runs past the end") }
    let range = position..<(position + count)
    guard bytes[range.upperBound] == 0 else { throw failure("a string not ended by a NUL") }
    guard !bytes[range].contains(0) else { throw failure("a string holding a NUL") }
    var iterator = bytes[range].makeIterator()
    var decoder = UTF8()
    var text = String.UnicodeScalarView()
    decoding: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): text.append(scalar)
      case .emptyInput: break decoding
      case .error: throw failure("a string that is not UTF-8")
      }
    }
    position = range.upperBound + 1
    return String(text)
  }

  mutating func readSignatureText() throws(DBusError) -> String {
    let count = Int(try readByte())
    return try readText(count: count)
  }

  /// Reads one value of `type`; `depth` counts the containers and variants around it.
  package mutating func read(_ type: DBusType, depth: Int = 0) throws(DBusError) -> DBusValue {
    guard depth <= DBusWriter.maximumTotalDepth else {
      throw failure("values nested more than \(DBusWriter.maximumTotalDepth) deep")
    }
    switch type {
    case .byte: return .byte(try readByte())
    case .boolean:
      let raw = try readInteger(UInt32.self)
      guard raw <= 1 else { throw failure("a boolean of \(raw)") }
      return .boolean(raw == 1)
    case .int16: return .int16(try readInteger(Int16.self))
    case .uint16: return .uint16(try readInteger(UInt16.self))
    case .int32: return .int32(try readInteger(Int32.self))
    case .uint32: return .uint32(try readInteger(UInt32.self))
    case .unixFD:
      let index = try readInteger(UInt32.self)
      guard index < unixFDCount else {
        throw failure("unix fd index \(index), but the message carries \(unixFDCount) descriptors")
      }
      return .unixFD(index)
    case .int64: return .int64(try readInteger(Int64.self))
    case .uint64: return .uint64(try readInteger(UInt64.self))
    case .double: return .double(Double(bitPattern: try readInteger(UInt64.self)))
    case .string: return .string(try readText(count: Int(try readInteger(UInt32.self))))
    case .objectPath:
      let path = try readText(count: Int(try readInteger(UInt32.self)))
      guard DBusNames.isObjectPath(path) else { throw failure("an invalid object path") }
      return .objectPath(path)
    case .signature:
      let signature = try readSignatureText()
      _ = try DBusType.list(signature)
      return .signature(signature)
    case .variant:
      let inner = try DBusType.single(try readSignatureText())
      return .variant(try read(inner, depth: depth + 1))
    case .array(let element):
      let length = Int(try readInteger(UInt32.self))
      guard length <= DBusWriter.maximumArrayLength else {
        throw failure("an array of \(length) bytes, more than \(DBusWriter.maximumArrayLength)")
      }
      try align(to: element.alignment)
      guard length <= bytes.count - position else { throw failure("an array of \(length) bytes runs past the end") }
      let end = position + length
      var items: [DBusValue] = []
      // Every element takes at least one byte, so the loop ends.
      while position < end { items.append(try read(element, depth: depth + 1)) }
      guard position == end else { throw failure("an array's last element runs past its length") }
      return .array(element, items)
    case .structure(let fields):
      try align(to: 8)
      var values: [DBusValue] = []
      values.reserveCapacity(fields.count)
      for field in fields { values.append(try read(field, depth: depth + 1)) }
      return .structure(values)
    case .dictEntry(let key, let value):
      try align(to: 8)
      let keyValue = try read(key, depth: depth + 1)
      return .dictEntry(keyValue, try read(value, depth: depth + 1))
    }
  }
}
