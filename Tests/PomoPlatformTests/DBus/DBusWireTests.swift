import PomoPlatform
import Testing

@Suite("DBus wire format")
struct DBusWireTests {
  /// Every type the client knows, in one body.
  static let everyType: [DBusValue] = [
    .byte(0xFE), .boolean(true), .int16(-2), .uint16(0xBEEF), .int32(-70_000), .uint32(0xDEAD_BEEF),
    .int64(-5_000_000_000), .uint64(0xFEDC_BA98_7654_3210), .double(-2.5), .string("grüße, ünïcode"),
    .objectPath("/org/freedesktop/login1/session/_31"), .signature("a{sv}(ii)"),
    .variant(.variant(.uint32(7))),
    .array(.uint64, []), .array(.byte, [.byte(1), .byte(2), .byte(3)]),
    .array(.array(.string), [.strings(["a", "b"]), .strings([])]),
    .structure([.byte(1), .structure([.int64(2), .string("x")]), .boolean(false)]),
    .dictionary(["urgency": .byte(2), "category": .string("im"), "nested": .dictionary(["k": .double(1)])]),
    .array(.dictEntry(key: .uint32, value: .array(.int16)), [.dictEntry(.uint32(1), .array(.int16, [.int16(9)]))]),
  ]

  @Test("every type survives a round trip through a message", arguments: everyType.indices)
  func roundTrip(index: Int) throws {
    var message = DBusMessage.signal(
      path: "/p", interface: "a.b", member: "C", body: [.byte(1), Self.everyType[index]])
    message.serial = 9
    let bytes = try message.encoded()
    let decoded = try DBusMessage(decoding: bytes)
    #expect(decoded == message)
    #expect(decoded.signature == "y" + Self.everyType[index].type.description)
  }

  @Test("all types at once, with every header field, round trip and keep the body 8-aligned")
  func wholeMessage() throws {
    var message = DBusMessage.methodCall(
      destination: ":1.7", path: "/a/b", interface: "org.pomo.Test", member: "All", body: Self.everyType)
    message.serial = 0xFFFF_FFFF
    message.flags = [.noAutoStart]
    message.sender = ":1.1"
    let bytes = try message.encoded()
    #expect(bytes[0] == UInt8(ascii: "l") && bytes[1] == 1 && bytes[2] == 2 && bytes[3] == 1)
    #expect(try DBusMessage.length(header: bytes[...]) == bytes.count)
    #expect(try DBusMessage(decoding: bytes) == message)
  }

  @Test("values are padded to their alignment, counted from the start, and the padding is zero")
  func alignment() throws {
    var writer = DBusWriter()
    try writer.write(.byte(1))
    try writer.write(.uint64(2))  // 7 bytes of padding
    try writer.write(.byte(3))
    try writer.write(.int16(4))  // 1 byte
    try writer.write(.byte(9))
    try writer.write(.array(.uint64, []))  // length at 24, then 4 bytes of padding though it is empty
    try writer.write(.byte(5))
    try writer.write(.structure([.byte(6)]))  // structures start on 8
    try writer.write(.variant(.int32(7)))  // signature "i" at 41, the number padded to 44
    let expected: [UInt8] = [
      1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0,
      3, 0, 4, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
      5, 0, 0, 0, 0, 0, 0, 0, 6,
      1, UInt8(ascii: "i"), 0, 7, 0, 0, 0,
    ]
    #expect(writer.bytes == expected)
    var reader = DBusReader(bytes: expected, bigEndian: false)
    for type in [DBusType.byte, .uint64, .byte, .int16, .byte, .array(.uint64), .byte, .structure([.byte]), .variant] {
      _ = try reader.read(type)
    }
    #expect(reader.position == expected.count)
    var dirty = expected
    dirty[29] = 1  // padding before the empty array's (absent) first element
    var strict = DBusReader(bytes: dirty, bigEndian: false, position: 24)
    #expect(throws: DBusError.malformed("padding that is not zero at byte 29")) { try strict.read(.array(.uint64)) }
  }

  @Test("an array's length counts its elements, not the padding before the first")
  func arrayLength() throws {
    var writer = DBusWriter()
    try writer.write(.array(.uint64, [.uint64(1), .uint64(2)]))
    #expect(writer.bytes.count == 24)
    #expect(Array(writer.bytes[0..<4]) == [16, 0, 0, 0])
    #expect(Array(writer.bytes[4..<8]) == [0, 0, 0, 0])
    var strings = DBusWriter()
    try strings.write(.strings(["ab", "c"]))
    // "ab": 4 + 3, padded to 8; "c": 4 + 2
    #expect(strings.bytes == [14, 0, 0, 0, 2, 0, 0, 0, 97, 98, 0, 0, 1, 0, 0, 0, 99, 0])
  }

  @Test("a big-endian message is read as well as a little-endian one")
  func bigEndian() throws {
    // A METHOD_RETURN, serial 7, reply to 3, body "u" 42, written by hand in big endian.
    let bytes: [UInt8] = [
      UInt8(ascii: "B"), 2, 0, 1, 0, 0, 0, 4, 0, 0, 0, 7, 0, 0, 0, 15,
      5, 1, UInt8(ascii: "u"), 0, 0, 0, 0, 3,
      8, 1, UInt8(ascii: "g"), 0, 1, UInt8(ascii: "u"), 0, 0,
      0, 0, 0, 42,
    ]
    let message = try DBusMessage(decoding: bytes)
    #expect(message.kind == .methodReturn)
    #expect(message.serial == 7)
    #expect(message.replySerial == 3)
    #expect(message.body == [.uint32(42)])
    var reader = DBusReader(
      bytes: [0xFF, 0xFE, 0, 0, 0, 0, 0, 0, 0x40, 0x09, 0x21, 0xFB, 0x54, 0x44, 0x2D, 0x18], bigEndian: true)
    #expect(try reader.read(.int16) == .int16(-2))
    #expect(try reader.read(.double) == .double(3.141592653589793))
  }

  @Test(
    "signatures are held to the specification's rules",
    arguments: [
      ("a{sv}", true), ("(i(s)ay)", true), ("", true), (String(repeating: "a", count: 32) + "y", true),
      (String(repeating: "a", count: 33) + "y", false),
      (String(repeating: "(", count: 33) + "y" + String(repeating: ")", count: 33), false),
      ("()", false), ("{sv}", false), ("a{vs}", false), ("a{s}", false), ("a{svs}", false), ("(i", false), ("a", false),
      ("h", true), ("ah", true), ("z", false), (String(repeating: "y", count: 256), false),
    ])
  func signatures(signature: String, valid: Bool) {
    #expect(((try? DBusType.list(signature)) != nil) == valid)
  }

  @Test("what cannot be sent is refused before a byte goes out")
  func refusedValues() {
    var writer = DBusWriter()
    #expect(throws: DBusError.invalidValue("a string holds a NUL byte")) { try writer.write(.string("a\u{0}b")) }
    #expect(throws: DBusError.invalidValue("\"/a//b\" is not a valid object path")) {
      try writer.write(.objectPath("/a//b"))
    }
    #expect(throws: DBusError.invalidValue("an array of s holds a value of type u")) {
      try writer.write(.array(.string, [.uint32(1)]))
    }
    var deep = DBusValue.byte(0)
    for _ in 0..<70 { deep = .variant(deep) }
    #expect(throws: DBusError.invalidValue("values nested more than 64 deep")) { try writer.write(deep) }
    var unsent = DBusMessage.signal(path: "/p", interface: "a.b", member: "C")
    #expect(throws: DBusError.invalidValue("a message with serial 0")) { try unsent.encoded() }
    unsent.serial = 1
    unsent.interface = nil
    #expect(throws: DBusError.malformed("a signal message without an interface")) { try unsent.encoded() }
  }

  @Test(
    "object paths",
    arguments: [("/", true), ("/a/b_1/C", true), ("", false), ("a", false), ("/a/", false), ("/a-b", false)])
  func objectPaths(path: String, valid: Bool) {
    #expect(DBusNames.isObjectPath(path) == valid)
  }

  @Test("the message buffer hands back whole messages however the bytes are cut")
  func bufferChunks() throws {
    var messages: [DBusMessage] = []
    var stream: [UInt8] = []
    for index in 1...5 {
      var message = DBusMessage.signal(
        path: "/p", interface: "a.b", member: "M\(index)", body: [.string(String(repeating: "x", count: index * 7))])
      message.serial = UInt32(index)
      messages.append(message)
      stream += try message.encoded()
    }
    for chunk in [1, 3, 16, 17, 1000] {
      var buffer = DBusMessageBuffer()
      var received: [DBusMessage] = []
      var offset = 0
      while offset < stream.count {
        buffer.append(Array(stream[offset..<min(stream.count, offset + chunk)]))
        offset += chunk
        while let message = try buffer.next() { received.append(message) }
      }
      #expect(received == messages, "chunks of \(chunk)")
      #expect(!buffer.isMidMessage)
    }
  }

  @Test("a message larger than the buffer keeps is skipped as it arrives, and the next one is read")
  func oversizedSkipped() throws {
    var big = DBusMessage.signal(
      path: "/p", interface: "a.b", member: "Big", body: [.string(String(repeating: "z", count: 5000))])
    big.serial = 1
    var small = DBusMessage.signal(path: "/p", interface: "a.b", member: "Small")
    small.serial = 2
    let stream = try big.encoded() + small.encoded()
    var buffer = DBusMessageBuffer(limit: 1024)
    let results = DBusMessageFilterTests.drain(&buffer, stream, chunk: 100, appended: { #expect($0 <= 1124) })
    let bigLength = try big.encoded().count
    #expect(results == [.failure(.messageTooLarge(length: bigLength, limit: 1024)), .success(small)])
    #expect(
      DBusError.messageTooLarge(length: bigLength, limit: 1024).description
        == "d-bus message of \(bigLength) bytes skipped: more than the 1024 this connection accepts")
  }

  @Test("a broken frame breaks the stream for good, with the reason named")
  func brokenFrame() {
    var buffer = DBusMessageBuffer()
    buffer.append([UInt8(ascii: "X")] + [UInt8](repeating: 0, count: 20))
    #expect(throws: DBusError.malformed("byte order '88' is neither 'l' nor 'B'")) { try buffer.next() }
    #expect(throws: DBusError.malformed("byte order '88' is neither 'l' nor 'B'")) { try buffer.next() }
    var huge = DBusMessageBuffer()
    huge.append([UInt8(ascii: "l"), 4, 0, 1, 0xFF, 0xFF, 0xFF, 0x7F, 1, 0, 0, 0, 0, 0, 0, 0])
    #expect(throws: DBusError.malformed("a message of 2147483663 bytes, more than 134217728")) { try huge.next() }
  }

  @Test("the SASL greeting carries the user id as hex digits after a NUL, and the answer is parsed")
  func authentication() throws {
    #expect(DBusAuthentication.greeting(userID: 1000) == [0] + Array("AUTH EXTERNAL 31303030\r\n".utf8))
    #expect(DBusAuthentication.greeting(userID: 0) == [0] + Array("AUTH EXTERNAL 30\r\n".utf8))
    #expect(try DBusAuthentication.reply(from: Array("OK 1234abcd\r".utf8)) == nil)
    let ok = try #require(try DBusAuthentication.reply(from: Array("OK 1234abcd\r\nl".utf8)))
    #expect(ok.reply == .ok(guid: "1234abcd") && ok.count == 13)
    #expect(
      try DBusAuthentication.reply(from: Array("REJECTED EXTERNAL\r\n".utf8))?.reply == .refused("REJECTED EXTERNAL"))
    #expect(throws: DBusError.authentication("the bus's answer is longer than 1024 bytes")) {
      try DBusAuthentication.reply(from: [UInt8](repeating: 65, count: 2000))
    }
  }

  @Test("match rules quote their values")
  func matchRules() {
    #expect(
      DBusMatchRule.signal(interface: "org.freedesktop.Notifications", member: "ActionInvoked").text
        == "type='signal',interface='org.freedesktop.Notifications',member='ActionInvoked'")
    #expect(DBusMatchRule.signal(path: "/it's").text == "type='signal',path='/it'\\''s'")
  }

  @Test("signals decode into their typed forms, and anything else is not mistaken for them")
  func typedSignals() {
    /// What the notification server's signal `member` with `body` decodes to.
    func notification(_ member: String, _ body: [DBusValue]) -> NotificationSignal? {
      NotificationSignal(.signal(path: Notifications.path, interface: Notifications.interface, member: member, body: body))
    }
    #expect(notification("ActionInvoked", [.uint32(4), .string("skip")]) == .actionInvoked(id: 4, action: "skip"))
    #expect(notification("NotificationClosed", [.uint32(4), .uint32(2)]) == .closed(id: 4, reason: .dismissed))
    #expect(notification("NotificationClosed", [.uint32(4), .uint32(99)]) == .closed(id: 4, reason: .undefined))
    #expect(notification("ActionInvoked", [.uint32(4)]) == nil)
    #expect(
      LogindSignal(.signal(path: "/s", interface: Logind.sessionInterface, member: "Lock")) == .lock(session: "/s"))
    #expect(
      LogindSignal(.signal(path: "/s", interface: Logind.sessionInterface, member: "Unlock")) == .unlock(session: "/s"))
    #expect(
      LogindSignal(
        .signal(
          path: Logind.managerPath, interface: Logind.managerInterface, member: "PrepareForSleep",
          body: [.boolean(true)]))
        == .prepareForSleep(true))
    #expect(
      LogindSignal(
        .signal(path: "/s", interface: Logind.managerInterface, member: "PrepareForSleep", body: [.uint32(1)])) == nil)
    #expect(
      LogindSignal(.methodCall(destination: nil, path: "/s", interface: Logind.sessionInterface, member: "Lock")) == nil
    )
  }

  @Test("a session's PropertiesChanged gives LockedHint and IdleHint; anything else is none")
  func logindHints() {
    func changed(_ interface: String, _ entries: [String: DBusValue], member: String = "PropertiesChanged")
      -> DBusMessage
    {
      .signal(
        path: "/s", interface: DBusNames.properties, member: member,
        body: [.string(interface), .dictionary(entries), .strings([])])
    }
    let session = Logind.sessionInterface
    #expect(LogindHints(changed(session, ["LockedHint": .boolean(true)])) == LogindHints(session: "/s", locked: true))
    #expect(
      LogindHints(changed(session, ["IdleHint": .boolean(false), "IdleSinceHint": .uint64(5)]))
        == LogindHints(session: "/s", idle: false))
    // Another interface, no hint, a hint that is no boolean, another member, the wrong signature.
    #expect(LogindHints(changed("org.example", ["LockedHint": .boolean(true)])) == nil)
    #expect(LogindHints(changed(session, ["Active": .boolean(true)])) == nil)
    #expect(LogindHints(changed(session, ["LockedHint": .string("yes")])) == nil)
    #expect(LogindHints(changed(session, ["LockedHint": .boolean(true)], member: "Changed")) == nil)
    #expect(
      LogindHints(
        .signal(path: "/s", interface: DBusNames.properties, member: "PropertiesChanged", body: [.string(session)]))
        == nil)
    #expect(
      LogindHints.matchRule(session: "/s").text
        == "type='signal',sender='org.freedesktop.login1',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/s'"
    )
  }

  @Test("a notification request sends the arguments of Notify in order, susssasa{sv}i")
  func notifyArguments() {
    let request = NotificationRequest(
      replacesID: 3, summary: "Focus done", body: "take a break",
      actions: [.init(key: "break", label: "Start break"), .init(key: "more", label: "+5 min")],
      hints: ["urgency": .byte(1)], expireTimeout: 0)
    #expect(request.arguments.map(\.type.description).joined() == "susssasa{sv}i")
    #expect(request.arguments[5].strings == ["break", "Start break", "more", "+5 min"])
  }
}
