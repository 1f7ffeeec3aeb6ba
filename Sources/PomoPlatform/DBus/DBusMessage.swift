/// One D-Bus message: a method call, its return or error, or a signal. The header fields
/// pomo needs are properties; the body is a list of values, its signature worked out from them.
public struct DBusMessage: Equatable, Sendable {
  public enum Kind: UInt8, Sendable {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
  }

  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let noReplyExpected = Flags(rawValue: 1)
    public static let noAutoStart = Flags(rawValue: 2)
  }

  /// The longest message the specification allows, header and body, in bytes.
  public static let maximumLength = 128 << 20
  /// The fixed part of the header, before the header fields' array.
  public static let fixedHeaderLength = 16

  public var kind: Kind
  public var flags: Flags = []
  /// Set by the connection that sends the message; never 0 on the wire.
  public var serial: UInt32 = 0
  public var path: String?
  public var interface: String?
  public var member: String?
  public var errorName: String?
  public var replySerial: UInt32?
  public var destination: String?
  public var sender: String?
  public var body: [DBusValue] = []

  public init(kind: Kind) { self.kind = kind }

  /// The body's signature, `su` for a string and a number.
  public var signature: String { body.map(\.type.description).joined() }

  /// A call of `interface.member` on `path` of `destination`.
  public static func methodCall(
    destination: String?, path: String, interface: String?, member: String, body: [DBusValue] = []
  ) -> DBusMessage {
    var message = DBusMessage(kind: .methodCall)
    message.destination = destination
    message.path = path
    message.interface = interface
    message.member = member
    message.body = body
    return message
  }

  /// A signal `interface.member` from `path`.
  public static func signal(path: String, interface: String, member: String, body: [DBusValue] = []) -> DBusMessage {
    var message = DBusMessage(kind: .signal)
    message.path = path
    message.interface = interface
    message.member = member
    message.body = body
    return message
  }

  /// "org.freedesktop.DBus.Hello": what a reply or an error names.
  public var qualifiedMember: String { [interface, member].compactMap { $0 }.joined(separator: ".") }

  private enum Field: UInt8 {
    case path = 1
    case interface, member, errorName, replySerial, destination, sender, signature, unixFDs
  }

  /// The message in wire format (little endian); `serial` must be set.
  public func encoded() throws(DBusError) -> [UInt8] {
    guard serial != 0 else { throw .invalidValue("a message with serial 0") }
    try checkRequiredFields()
    var fields: [DBusValue] = []
    func add(_ field: Field, _ value: DBusValue?) {
      if let value { fields.append(.structure([.byte(field.rawValue), .variant(value)])) }
    }
    add(.path, path.map { .objectPath($0) })
    add(.interface, interface.map { .string($0) })
    add(.member, member.map { .string($0) })
    add(.errorName, errorName.map { .string($0) })
    add(.replySerial, replySerial.map { .uint32($0) })
    add(.destination, destination.map { .string($0) })
    add(.sender, sender.map { .string($0) })
    let signature = self.signature
    do { _ = try DBusType.list(signature) } catch { throw .invalidValue("\(error)") }
    if !signature.isEmpty { add(.signature, .signature(signature)) }

    var writer = DBusWriter()
    for byte in [UInt8(ascii: "l"), kind.rawValue, flags.rawValue, 1] { writer.appendLittleEndian(byte) }
    writer.appendLittleEndian(UInt32(0))  // the body's length, patched below
    writer.appendLittleEndian(serial)
    try writer.write(.array(.structure([.byte, .variant]), fields))
    writer.align(to: 8)
    let bodyStart = writer.bytes.count
    for value in body { try writer.write(value) }
    guard writer.bytes.count <= Self.maximumLength else {
      throw .invalidValue("a message of \(writer.bytes.count) bytes, more than \(Self.maximumLength)")
    }
    writer.patch(UInt32(writer.bytes.count - bodyStart), at: 4)
    return writer.bytes
  }

  private func checkRequiredFields() throws(DBusError) {
    let missing: String? =
      switch kind {
      case .methodCall: path == nil ? "a path" : member == nil ? "a member" : nil
      case .signal: path == nil ? "a path" : interface == nil ? "an interface" : member == nil ? "a member" : nil
      case .methodReturn: replySerial == nil ? "a reply serial" : nil
      case .error: errorName == nil ? "an error name" : replySerial == nil ? "a reply serial" : nil
      }
    if let missing { throw .malformed("a \(kind) message without \(missing)") }
  }

  /// The total length of the message whose first 16 bytes are `header`, checked against the
  /// specification's limits; nil when fewer than 16 bytes are there yet.
  public static func length(header: ArraySlice<UInt8>) throws(DBusError) -> Int? {
    guard header.count >= fixedHeaderLength else { return nil }
    let fixed = Array(header.prefix(fixedHeaderLength))
    let bigEndian: Bool
    switch fixed[0] {
    case UInt8(ascii: "l"): bigEndian = false
    case UInt8(ascii: "B"): bigEndian = true
    default: throw .malformed("byte order '\(fixed[0])' is neither 'l' nor 'B'")
    }
    guard fixed[3] == 1 else { throw .malformed("protocol version \(fixed[3]), not 1") }
    var reader = DBusReader(bytes: fixed, bigEndian: bigEndian, position: 4)
    let bodyLength = Int(try reader.readInteger(UInt32.self))
    let serial = try reader.readInteger(UInt32.self)
    let fieldsLength = Int(try reader.readInteger(UInt32.self))
    guard serial != 0 else { throw .malformed("serial 0") }
    guard fieldsLength <= DBusWriter.maximumArrayLength else {
      throw .malformed("header fields of \(fieldsLength) bytes, more than \(DBusWriter.maximumArrayLength)")
    }
    let total = (fixedHeaderLength + fieldsLength + 7) / 8 * 8 + bodyLength
    guard total <= maximumLength else {
      throw .malformed("a message of \(total) bytes, more than \(maximumLength)")
    }
    return total
  }

  /// Decodes one whole message, exactly `bytes.count` long.
  public init(decoding bytes: [UInt8]) throws(DBusError) {
    guard let total = try Self.length(header: bytes[...]), total == bytes.count else {
      throw .malformed("\(bytes.count) bytes are not one whole message")
    }
    let bigEndian = bytes[0] == UInt8(ascii: "B")
    guard let kind = Kind(rawValue: bytes[1]) else { throw .malformed("unknown message type \(bytes[1])") }
    self.kind = kind
    flags = Flags(rawValue: bytes[2])
    var reader = DBusReader(bytes: bytes, bigEndian: bigEndian, position: 4)
    let bodyLength = Int(try reader.readInteger(UInt32.self))
    serial = try reader.readInteger(UInt32.self)
    let fields = try reader.read(.array(.structure([.byte, .variant])))
    var signature = ""
    guard case .array(_, let entries) = fields else { throw .malformed("no header fields") }
    for entry in entries {
      guard case .structure(let pair) = entry, case .byte(let code) = pair[0], case .variant(let value) = pair[1]
      else { continue }
      /// The field's value, which must be of `type`.
      func checked(_ type: DBusType) throws(DBusError) -> DBusValue {
        guard value.type == type else { throw .malformed("header field \(code) of type \(value.type), not \(type)") }
        return value
      }
      switch Field(rawValue: code) {
      case .path: path = try checked(.objectPath).string
      case .interface: interface = try checked(.string).string
      case .member: member = try checked(.string).string
      case .errorName: errorName = try checked(.string).string
      case .replySerial: replySerial = try checked(.uint32).uint32
      case .destination: destination = try checked(.string).string
      case .sender: sender = try checked(.string).string
      case .signature: signature = try checked(.signature).string ?? ""
      case .unixFDs: _ = try checked(.uint32)
      case nil: break  // unknown fields are ignored, as the specification asks
      }
    }
    try reader.align(to: 8)
    guard reader.position + bodyLength == bytes.count else {
      throw .malformed("the header fields run into the body")
    }
    for type in try DBusType.list(signature) { body.append(try reader.read(type)) }
    guard reader.position == bytes.count else {
      throw .malformed(
        "the body is \(bodyLength) bytes but its signature \"\(signature)\" reads \(reader.position - bytes.count + bodyLength)"
      )
    }
    try checkRequiredFields()
  }
}
