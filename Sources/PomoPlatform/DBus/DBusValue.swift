/// A D-Bus value: what a message body holds, and what a variant wraps. An array keeps its
/// element type, so an empty one still has a signature.
package enum DBusValue: Equatable, Sendable {
  case byte(UInt8)
  case boolean(Bool)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case double(Double)
  case string(String)
  case objectPath(String)
  case signature(String)
  indirect case variant(DBusValue)
  /// `h`: the index of a descriptor among those that came with the message; the message
  /// holds the descriptor itself (`DBusMessage.unixFD(_:)`).
  case unixFD(UInt32)
  case array(DBusType, [DBusValue])
  case structure([DBusValue])
  indirect case dictEntry(DBusValue, DBusValue)

  /// The type of this value (an array's from its element type, never from its elements).
  package var type: DBusType {
    switch self {
    case .byte: .byte
    case .boolean: .boolean
    case .int16: .int16
    case .uint16: .uint16
    case .int32: .int32
    case .uint32: .uint32
    case .int64: .int64
    case .uint64: .uint64
    case .double: .double
    case .string: .string
    case .objectPath: .objectPath
    case .signature: .signature
    case .variant: .variant
    case .unixFD: .unixFD
    case .array(let element, _): .array(element)
    case .structure(let fields): .structure(fields.map(\.type))
    case .dictEntry(let key, let value): .dictEntry(key: key.type, value: value.type)
    }
  }

  /// A dictionary (`a{sv}` for hints and properties): string keys to variants, sorted by key
  /// so the bytes sent do not depend on a hash order.
  package static func dictionary(_ entries: [String: DBusValue]) -> DBusValue {
    .array(
      .dictEntry(key: .string, value: .variant),
      entries.sorted { $0.key < $1.key }.map { .dictEntry(.string($0.key), .variant($0.value)) })
  }

  /// An array of strings (`as`).
  package static func strings(_ items: [String]) -> DBusValue { .array(.string, items.map { .string($0) }) }

  /// The value a variant wraps, and any other value as it is.
  package var unwrapped: DBusValue {
    if case .variant(let inner) = self { return inner.unwrapped }
    return self
  }

  package var bool: Bool? {
    if case .boolean(let value) = unwrapped { return value }
    return nil
  }

  package var uint32: UInt32? {
    if case .uint32(let value) = unwrapped { return value }
    return nil
  }

  /// The text of a string, an object path or a signature.
  package var string: String? {
    switch unwrapped {
    case .string(let text), .objectPath(let text), .signature(let text): return text
    default: return nil
    }
  }

  /// The items of an array of strings.
  package var strings: [String]? {
    guard case .array(.string, let items) = unwrapped else { return nil }
    return items.compactMap(\.string)
  }
}
