/// Marshals values into D-Bus wire format, little endian, padding each value to its type's
/// boundary counted from the start of the message. Refuses what a reader would refuse.
package struct DBusWriter: Sendable {
  /// The bytes so far; offset 0 is the start of the message.
  package private(set) var bytes: [UInt8] = []

  /// The longest array the specification allows, in bytes.
  package static let maximumArrayLength = 64 << 20
  /// How deep containers and variants may nest in all.
  package static let maximumTotalDepth = 64

  package init() {}

  /// Pads with zeros up to the next multiple of `boundary`.
  package mutating func align(to boundary: Int) {
    while bytes.count % boundary != 0 { bytes.append(0) }
  }

  mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
    align(to: MemoryLayout<T>.size)
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  /// Overwrites the 32-bit number at `offset` (a length known only once its data is written).
  mutating func patch(_ value: UInt32, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
    }
  }

  /// Appends `value`, checking it against its type's rules (no NUL in a string, a valid
  /// object path, an array's elements of its element type, the limits of length and depth).
  package mutating func write(_ value: DBusValue) throws(DBusError) {
    try write(value, depth: 0)
  }

  private mutating func write(_ value: DBusValue, depth: Int) throws(DBusError) {
    guard depth <= Self.maximumTotalDepth else {
      throw .invalidValue("values nested more than \(Self.maximumTotalDepth) deep")
    }
    switch value {
    case .byte(let number): bytes.append(number)
    case .boolean(let truth): appendLittleEndian(UInt32(truth ? 1 : 0))
    case .int16(let number): appendLittleEndian(number)
    case .uint16(let number): appendLittleEndian(number)
    case .int32(let number): appendLittleEndian(number)
    case .uint32(let number), .unixFD(let number): appendLittleEndian(number)
    case .int64(let number): appendLittleEndian(number)
    case .uint64(let number): appendLittleEndian(number)
    case .double(let number): appendLittleEndian(number.bitPattern)
    case .string(let text):
      guard !text.utf8.contains(0) else { throw .invalidValue("a string holds a NUL byte") }
      try writeString(text)
    case .objectPath(let path):
      guard DBusNames.isObjectPath(path) else { throw .invalidValue("\"\(path)\" is not a valid object path") }
      try writeString(path)
    case .signature(let signature):
      do { _ = try DBusType.list(signature) } catch { throw .invalidValue("\(error)") }
      writeSignature(signature)
    case .variant(let inner):
      let signature = inner.type.description
      do { _ = try DBusType.single(signature) } catch { throw .invalidValue("\(error)") }
      writeSignature(signature)
      try write(inner, depth: depth + 1)
    case .array(let element, let items):
      do { _ = try DBusType.single(DBusType.array(element).description) } catch { throw .invalidValue("\(error)") }
      appendLittleEndian(UInt32(0))
      let lengthOffset = bytes.count - 4
      align(to: element.alignment)
      let start = bytes.count
      for item in items {
        guard item.type == element else {
          throw .invalidValue("an array of \(element) holds a value of type \(item.type)")
        }
        try write(item, depth: depth + 1)
        guard bytes.count - start <= Self.maximumArrayLength else {
          throw .invalidValue("an array longer than \(Self.maximumArrayLength) bytes")
        }
      }
      patch(UInt32(bytes.count - start), at: lengthOffset)
    case .structure(let fields):
      guard !fields.isEmpty else { throw .invalidValue("an empty structure") }
      align(to: 8)
      for field in fields { try write(field, depth: depth + 1) }
    case .dictEntry(let key, let value):
      guard key.type.isBasic else { throw .invalidValue("a dictionary's key of type \(key.type)") }
      align(to: 8)
      try write(key, depth: depth + 1)
      try write(value, depth: depth + 1)
    }
  }

  private mutating func writeString(_ text: String) throws(DBusError) {
    let utf8 = Array(text.utf8)
    guard utf8.count <= DBusMessage.maximumLength else { throw .invalidValue("a string of \(utf8.count) bytes") }
    appendLittleEndian(UInt32(utf8.count))
    bytes.append(contentsOf: utf8)
    bytes.append(0)
  }

  private mutating func writeSignature(_ signature: String) {
    bytes.append(UInt8(signature.utf8.count))
    bytes.append(contentsOf: signature.utf8)
    bytes.append(0)
  }
}
