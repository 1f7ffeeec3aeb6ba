/// One D-Bus message: a method call, its return or error, or a signal. The header fields
/// pomo needs are properties; the body is a list of values, its signature worked out from them.
package struct DBusMessage: Equatable, Sendable {
  package enum Kind: UInt8, Sendable {
    case methodCall = 1
    case methodReturn = 2
    case error = 3
    case signal = 4
  }

  package struct Flags: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let noReplyExpected = Flags(rawValue: 1)
    package static let noAutoStart = Flags(rawValue: 2)
  }

  /// The longest message the specification allows, header and body, in bytes.
  package static let maximumLength = 128 << 20
  /// The fixed part of the header, before the header fields' array.
  package static let fixedHeaderLength = 16

  package var kind: Kind
  package var flags: Flags = []
  /// Set by the connection that sends the message; never 0 on the wire.
  package var serial: UInt32 = 0
  package var path: String?
  package var interface: String?
  package var member: String?
  package var errorName: String?
  package var replySerial: UInt32?
  package var destination: String?
  package var sender: String?
  package var body: [DBusValue] = []
  /// The Unix file descriptors that came with the message, which a `h` in the body indexes
  /// (the `unix_fds` header field counts them). Each closes when nobody holds it any more.
  package var unixFDs: [DBusUnixFD] = []

  package init(kind: Kind) { self.kind = kind }

  /// The descriptor a `h` value of this message's body stands for.
  package func unixFD(_ value: DBusValue) -> DBusUnixFD? {
    guard case .unixFD(let index) = value.unwrapped, index < unixFDs.count else { return nil }
    return unixFDs[Int(index)]
  }

  /// The body's signature, `su` for a string and a number.
  package var signature: String { body.map(\.type.description).joined() }

  /// A call of `interface.member` on `path` of `destination`.
  package static func methodCall(
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
  package static func signal(path: String, interface: String, member: String, body: [DBusValue] = []) -> DBusMessage {
    var message = DBusMessage(kind: .signal)
    message.path = path
    message.interface = interface
    message.member = member
    message.body = body
    return message
  }

  /// "org.freedesktop.DBus.Hello": what a reply or an error names.
  package var qualifiedMember: String { [interface, member].compactMap { $0 }.joined(separator: ".") }

  enum Field: UInt8 {
    case path = 1
    case interface, member, errorName, replySerial, destination, sender, signature, unixFDs
  }

  /// The message in wire format (little endian); `serial` must be set.
  package func encoded() throws(DBusError) -> [UInt8] {
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
    if !unixFDs.isEmpty { add(.unixFDs, .uint32(UInt32(unixFDs.count))) }

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

  /// How a message lies in the stream: its header's length with the padding after it (where
  /// the body starts), and its total length.
  package struct Frame: Equatable, Sendable {
    package var headerLength: Int
    package var total: Int
  }

  /// The total length of the message whose first 16 bytes are `header`, checked against the
  /// specification's limits; nil when fewer than 16 bytes are there yet.
  package static func length(header: ArraySlice<UInt8>) throws(DBusError) -> Int? {
    try frame(header: header)?.total
  }

  /// The frame of the message whose first 16 bytes are `header`, checked against the
  /// specification's limits; nil when fewer than 16 bytes are there yet.
  package static func frame(header: ArraySlice<UInt8>) throws(DBusError) -> Frame? {
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
    let headerLength = (fixedHeaderLength + fieldsLength + 7) / 8 * 8
    let total = headerLength + bodyLength
    guard total <= maximumLength else {
      throw .malformed("a message of \(total) bytes, more than \(maximumLength)")
    }
    return Frame(headerLength: headerLength, total: total)
  }

  /// Decodes one whole message, exactly `bytes.count` long, which came with `unixFDs`.
  package init(decoding bytes: [UInt8], unixFDs: [DBusUnixFD] = []) throws(DBusError) {
    guard let frame = try Self.frame(header: bytes[...]), frame.total == bytes.count else {
      throw .malformed("\(bytes.count) bytes are not one whole message")
    }
    try self.init(header: try DBusMessageHeader(decoding: bytes), in: bytes, unixFDs: unixFDs)
  }

  /// The message whose header, already read, is `header`, and whose bytes, header and body,
  /// are `bytes`: the body is decoded here. `unixFDs` are the descriptors that came with it,
  /// as many as the header says.
  init(header: DBusMessageHeader, in bytes: [UInt8], unixFDs: [DBusUnixFD] = []) throws(DBusError) {
    kind = header.kind
    flags = header.flags
    serial = header.serial
    path = header.path
    interface = header.interface
    member = header.member
    errorName = header.errorName
    replySerial = header.replySerial
    destination = header.destination
    sender = header.sender
    guard header.length + header.bodyLength == bytes.count else {
      throw .malformed("\(bytes.count) bytes are not the message its header describes")
    }
    guard unixFDs.count == header.unixFDs else {
      throw .malformed("the header counts \(header.unixFDs) unix fds, but \(unixFDs.count) came with the message")
    }
    self.unixFDs = unixFDs
    var reader = DBusReader(
      bytes: bytes, bigEndian: header.bigEndian, position: header.length, unixFDCount: header.unixFDs)
    for type in try DBusType.list(header.signature) { body.append(try reader.read(type)) }
    guard reader.position == bytes.count else {
      throw .malformed(
        "the body is \(header.bodyLength) bytes but its signature \"\(header.signature)\" reads \(reader.position - header.length)"
      )
    }
    try checkRequiredFields()
  }
}
