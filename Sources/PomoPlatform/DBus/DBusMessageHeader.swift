/// The header of a received message: what it is, who sent it and to whom, and how long its
/// body is. A connection reads it before the body, so that a message nobody asked for can be
/// skipped without its body ever being decoded (see `DBusMessageFilter`).
package struct DBusMessageHeader: Equatable, Sendable {
  package var kind: DBusMessage.Kind
  package var flags: DBusMessage.Flags
  package var serial: UInt32
  package var path: String?
  package var interface: String?
  package var member: String?
  package var errorName: String?
  package var replySerial: UInt32?
  package var destination: String?
  /// The unique name of the sending connection, as the bus wrote it (or the bus's own name).
  package var sender: String?
  /// The body's signature, "" for none.
  package var signature: String
  /// How many Unix file descriptors came with the message (the `unix_fds` field).
  package var unixFDs: UInt32 = 0
  /// The header's length with the padding after it: where the body starts.
  package var length: Int
  package var bodyLength: Int
  let bigEndian: Bool

  /// Decodes the header at the start of `bytes`, which holds all of it (`DBusMessage.frame`
  /// says how long it is); the body need not be there. Unknown fields are ignored, as the
  /// specification asks.
  package init(decoding bytes: [UInt8]) throws(DBusError) {
    guard let frame = try DBusMessage.frame(header: bytes[...]), bytes.count >= frame.headerLength else {
      throw .malformed("\(bytes.count) bytes do not hold a whole header")
    }
    bigEndian = bytes[0] == UInt8(ascii: "B")
    guard let kind = DBusMessage.Kind(rawValue: bytes[1]) else {
      throw .malformed("unknown message type \(bytes[1])")
    }
    self.kind = kind
    flags = DBusMessage.Flags(rawValue: bytes[2])
    length = frame.headerLength
    bodyLength = frame.total - frame.headerLength
    // A header field holds no descriptor worth the name: any index passes here, unused.
    var reader = DBusReader(bytes: bytes, bigEndian: bigEndian, position: 8, unixFDCount: .max)
    serial = try reader.readInteger(UInt32.self)
    let fields = try reader.read(.array(.structure([.byte, .variant])))
    signature = ""
    guard case .array(_, let entries) = fields else { throw .malformed("no header fields") }
    for entry in entries {
      guard case .structure(let pair) = entry, case .byte(let code) = pair[0], case .variant(let value) = pair[1]
      else { continue }
      /// The field's value, which must be of `type`.
      func checked(_ type: DBusType) throws(DBusError) -> DBusValue {
        guard value.type == type else { throw .malformed("header field \(code) of type \(value.type), not \(type)") }
        return value
      }
      switch DBusMessage.Field(rawValue: code) {
      case .path: path = try checked(.objectPath).string
      case .interface: interface = try checked(.string).string
      case .member: member = try checked(.string).string
      case .errorName: errorName = try checked(.string).string
      case .replySerial: replySerial = try checked(.uint32).uint32
      case .destination: destination = try checked(.string).string
      case .sender: sender = try checked(.string).string
      case .signature: signature = try checked(.signature).string ?? ""
      case .unixFDs: unixFDs = try checked(.uint32).uint32 ?? 0
      case nil: break
      }
    }
    try reader.align(to: 8)
    guard reader.position == length else { throw .malformed("the header fields run into the body") }
  }
}
