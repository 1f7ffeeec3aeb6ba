/// A D-Bus type, as a signature spells it: the basic types, variants and the three containers.
/// A Unix file descriptor (`h`) is an index into the descriptors that came with the message
/// (`DBusMessage.unixFDs`); only a connection opened with `unixFDs` receives any.
package indirect enum DBusType: Hashable, Sendable, CustomStringConvertible {
  case byte, boolean, int16, uint16, int32, uint32, int64, uint64, double
  case string, objectPath, signature, variant
  /// `h`: on the wire, the index of a descriptor among those passed with the message.
  case unixFD
  case array(DBusType)
  case structure([DBusType])
  /// Only as the element of an array: a dictionary's key (a basic type) and value.
  case dictEntry(key: DBusType, value: DBusType)

  /// The longest signature the specification allows, in bytes.
  package static let maximumSignatureLength = 255
  /// How deep arrays may nest, and separately structures (dictionary entries count as these).
  package static let maximumContainerDepth = 32

  /// The signature code of this type, `a{sv}` for a dictionary of variants.
  package var description: String {
    switch self {
    case .byte: "y"
    case .boolean: "b"
    case .int16: "n"
    case .uint16: "q"
    case .int32: "i"
    case .uint32: "u"
    case .int64: "x"
    case .uint64: "t"
    case .double: "d"
    case .string: "s"
    case .objectPath: "o"
    case .signature: "g"
    case .variant: "v"
    case .unixFD: "h"
    case .array(let element): "a" + element.description
    case .structure(let fields): "(" + fields.map(\.description).joined() + ")"
    case .dictEntry(let key, let value): "{\(key)\(value)}"
    }
  }

  /// The boundary a value of this type starts on, from the start of the message.
  package var alignment: Int {
    switch self {
    case .byte, .signature, .variant: 1
    case .int16, .uint16: 2
    case .boolean, .int32, .uint32, .string, .objectPath, .array, .unixFD: 4
    case .int64, .uint64, .double, .structure, .dictEntry: 8
    }
  }

  /// Whether this is a basic type: what a dictionary's key must be.
  package var isBasic: Bool {
    switch self {
    case .variant, .array, .structure, .dictEntry: false
    default: true
    }
  }

  /// The types a signature lists, in order (a message body's, `sa{sv}`).
  package static func list(_ signature: String) throws(DBusError) -> [DBusType] {
    var parser = try SignatureParser(signature)
    var types: [DBusType] = []
    while !parser.atEnd { types.append(try parser.completeType(arrays: 0, structures: 0)) }
    return types
  }

  /// The one complete type a signature holds, as a variant's must.
  package static func single(_ signature: String) throws(DBusError) -> DBusType {
    let types = try list(signature)
    guard types.count == 1 else {
      throw .malformed("a variant's signature \"\(signature)\" must hold one complete type")
    }
    return types[0]
  }
}

/// Reads signature text into types, holding it to the specification's limits.
private struct SignatureParser {
  let codes: [UInt8]
  let text: String
  var index = 0

  init(_ signature: String) throws(DBusError) {
    codes = Array(signature.utf8)
    text = signature
    guard codes.count <= DBusType.maximumSignatureLength else {
      throw .malformed("a signature of \(codes.count) bytes, more than \(DBusType.maximumSignatureLength)")
    }
  }

  var atEnd: Bool { index >= codes.count }

  func failure(_ reason: String) -> DBusError { .malformed("signature \"\(text)\": \(reason)") }

  mutating func completeType(arrays: Int, structures: Int) throws(DBusError) -> DBusType {
    guard index < codes.count else { throw failure("ends in the middle of a type") }
    let code = codes[index]
    index += 1
    switch code {
    case UInt8(ascii: "y"): return .byte
    case UInt8(ascii: "b"): return .boolean
    case UInt8(ascii: "n"): return .int16
    case UInt8(ascii: "q"): return .uint16
    case UInt8(ascii: "i"): return .int32
    case UInt8(ascii: "u"): return .uint32
    case UInt8(ascii: "x"): return .int64
    case UInt8(ascii: "t"): return .uint64
    case UInt8(ascii: "d"): return .double
    case UInt8(ascii: "s"): return .string
    case UInt8(ascii: "o"): return .objectPath
    case UInt8(ascii: "g"): return .signature
    case UInt8(ascii: "v"): return .variant
    case UInt8(ascii: "h"): return .unixFD
    case UInt8(ascii: "a"):
      guard arrays < DBusType.maximumContainerDepth else {
        throw failure("arrays nested more than \(DBusType.maximumContainerDepth) deep")
      }
      if index < codes.count && codes[index] == UInt8(ascii: "{") {
        index += 1
        guard structures < DBusType.maximumContainerDepth else {
          throw failure("structures nested more than \(DBusType.maximumContainerDepth) deep")
        }
        let key = try completeType(arrays: arrays + 1, structures: structures + 1)
        guard key.isBasic else { throw failure("a dictionary's key must be a basic type, not \(key)") }
        let value = try completeType(arrays: arrays + 1, structures: structures + 1)
        guard index < codes.count && codes[index] == UInt8(ascii: "}") else {
          throw failure("a dictionary entry must hold exactly a key and a value")
        }
        index += 1
        return .array(.dictEntry(key: key, value: value))
      }
      return .array(try completeType(arrays: arrays + 1, structures: structures))
    case UInt8(ascii: "("):
      guard structures < DBusType.maximumContainerDepth else {
        throw failure("structures nested more than \(DBusType.maximumContainerDepth) deep")
      }
      var fields: [DBusType] = []
      while index < codes.count && codes[index] != UInt8(ascii: ")") {
        fields.append(try completeType(arrays: arrays, structures: structures + 1))
      }
      guard index < codes.count else { throw failure("a structure is not closed") }
      guard !fields.isEmpty else { throw failure("an empty structure") }
      index += 1
      return .structure(fields)
    case UInt8(ascii: "{"): throw failure("a dictionary entry outside an array")
    default:
      let shown = code >= 0x20 && code < 0x7F ? String(UnicodeScalar(code)) : "\\x" + String(code, radix: 16)
      throw failure("unknown type code '\(shown)'")
    }
  }
}
