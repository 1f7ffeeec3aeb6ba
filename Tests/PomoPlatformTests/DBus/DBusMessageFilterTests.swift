import Foundation
import PomoPlatform
import Testing

/// The header read before the body, and the filter that skips what a listener did not ask
/// for without decoding or keeping its body.
@Suite("DBus message filter")
struct DBusMessageFilterTests {
  static let logind = ":1.5"
  static let stranger = ":1.99"

  static func signal(
    from sender: String, interface: String = Logind.sessionInterface, member: String = "Lock", serial: UInt32,
    body: [DBusValue] = []
  ) -> DBusMessage {
    var message = DBusMessage.signal(
      path: "/org/freedesktop/login1/session/_31", interface: interface, member: member, body: body)
    message.sender = sender
    message.serial = serial
    return message
  }

  /// A stranger's signal of `size` bytes of body whose string is not ended by a NUL: decoding
  /// it throws, so a buffer that reads past it without a throw never decoded it.
  static func poisoned(size: Int, serial: UInt32 = 1) throws -> [UInt8] {
    var bytes = try signal(
      from: stranger, serial: serial, body: [.string(String(repeating: "x", count: size))]
    ).encoded()
    bytes[bytes.count - 1] = UInt8(ascii: "x")
    return bytes
  }

  /// Every message `buffer` hands back or throws for, feeding `stream` in pieces of `chunk`;
  /// `appended` is told the bytes the buffer holds as each piece comes, `held` what it still
  /// holds once it has handed back what it could.
  static func drain(
    _ buffer: inout DBusMessageBuffer, _ stream: [UInt8], chunk: Int, held: (Int) -> Void = { _ in },
    appended: (Int) -> Void = { _ in }
  ) -> [Result<DBusMessage, DBusError>] {
    var results: [Result<DBusMessage, DBusError>] = []
    for start in stride(from: 0, to: stream.count, by: chunk) {
      buffer.append(Array(stream[start..<min(stream.count, start + chunk)]))
      appended(buffer.pendingCount)
      while true {
        do {
          guard let message = try buffer.next() else { break }
          results.append(.success(message))
        } catch {
          results.append(.failure(error))
        }
      }
      held(buffer.pendingCount)
    }
    return results
  }

  @Test("a header decodes to the fields of its message, with the body's length and where it starts")
  func header() throws {
    let message = Self.signal(from: Self.logind, member: "PrepareForSleep", serial: 9, body: [.boolean(true)])
    let bytes = try message.encoded()
    let header = try DBusMessageHeader(decoding: bytes)
    #expect(header.kind == .signal && header.serial == 9 && header.sender == Self.logind)
    #expect(header.path == message.path && header.interface == message.interface && header.member == message.member)
    #expect(header.signature == "b" && header.bodyLength == 4 && header.length == bytes.count - 4)
    // The header alone is enough.
    #expect(try DBusMessageHeader(decoding: Array(bytes.prefix(header.length))) == header)
  }

  @Test("a stranger's 1 MiB signal is skipped on its header: its body is never decoded nor kept, the next is read")
  func strangerSkipped() throws {
    let wanted = Self.signal(from: Self.logind, serial: 2)
    let stream = try Self.poisoned(size: 1 << 20) + wanted.encoded()
    // Unfiltered, the body is decoded, and found bad.
    var plain = DBusMessageBuffer()
    let decoded = Self.drain(&plain, stream, chunk: 64 << 10)
    #expect(decoded.count == 2)
    if case .failure(.malformed) = decoded.first {} else { Issue.record("unfiltered, the body is decoded: \(decoded)") }
    var buffer = DBusMessageBuffer()
    buffer.filter = DBusMessageFilter(signals: Logind.filterSignals(owner: Self.logind))
    var mostHeld = 0
    let results = Self.drain(&buffer, stream, chunk: 64 << 10) { mostHeld = max(mostHeld, $0) }
    #expect(results == [.success(wanted)])
    #expect(buffer.skippedCount == 1)
    #expect(mostHeld <= 64 << 10, "the skipped body was kept: \(mostHeld) bytes held")
  }

  @Test("a filter reads replies, errors and the signals it names; a method call or another signal is skipped")
  func admits() throws {
    var reply = DBusMessage(kind: .methodReturn)
    reply.replySerial = 7
    reply.serial = 1
    reply.body = [.string("ok")]
    var error = DBusMessage(kind: .error)
    error.replySerial = 8
    error.errorName = "org.example.Failed"
    error.serial = 2
    var call = DBusMessage.methodCall(
      destination: ":1.1", path: "/", interface: "org.example", member: "Do", body: [.string("x")])
    call.serial = 3
    call.sender = Self.logind
    let unlock = Self.signal(from: Self.logind, member: "Unlock", serial: 4)
    let forged = Self.signal(from: Self.stranger, member: "Unlock", serial: 5)
    let other = Self.signal(from: Self.logind, member: "Other", serial: 6)
    var owner = Self.signal(
      from: DBusNames.bus, interface: DBusNames.bus, member: "NameOwnerChanged", serial: 7,
      body: [.string(Logind.service), .string(":1.5"), .string(":1.6")])
    owner.path = DBusNames.busPath
    var stream: [UInt8] = []
    for message in [reply, error, call, unlock, forged, other, owner] { stream += try message.encoded() }
    var buffer = DBusMessageBuffer()
    buffer.filter = DBusMessageFilter(
      signals: Logind.filterSignals(owner: Self.logind).union([DBusNameOwnerChanged.filterSignal]))
    let results = Self.drain(&buffer, stream, chunk: 7)
    #expect(results == [.success(reply), .success(error), .success(unlock), .success(owner)])
    #expect(buffer.skippedCount == 3)
    #expect(
      results.last.flatMap { try? $0.get() }.flatMap(DBusNameOwnerChanged.init)
        == DBusNameOwnerChanged(name: Logind.service, oldOwner: ":1.5", newOwner: ":1.6"))
  }

  @Test("what one message may cost is bounded: a long header is skipped unread, a long wanted signal refused")
  func bounded() throws {
    // A header of more than the filter's length: skipped, whoever it claims to be.
    var longHeader = Self.signal(from: Self.logind, serial: 1)
    longHeader.path = "/" + String(repeating: "p", count: 5000)
    // logind's own signal, but longer than the filter reads.
    let longBody = Self.signal(
      from: Self.logind, member: "Unlock", serial: 2, body: [.string(String(repeating: "b", count: 5000))])
    let wanted = Self.signal(from: Self.logind, serial: 3)
    let stream = try longHeader.encoded() + longBody.encoded() + wanted.encoded()
    var buffer = DBusMessageBuffer()
    buffer.filter = DBusMessageFilter(signals: Logind.filterSignals(owner: Self.logind), maximumLength: 4096)
    var mostHeld = 0
    let results = Self.drain(&buffer, stream, chunk: 1000) { mostHeld = max(mostHeld, $0) }
    let length = try longBody.encoded().count
    #expect(results == [.failure(.messageTooLarge(length: length, limit: 4096)), .success(wanted)])
    #expect(buffer.skippedCount == 1)
    #expect(mostHeld <= 4096 + 1000)
  }

  @Test("the owner changes of one name: its match rule names the bus and arg0; only the bus's signal is believed")
  func ownerChanges() {
    #expect(
      DBusNameOwnerChanged.matchRule(name: Logind.service).text
        == "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',"
        + "path='/org/freedesktop/DBus',arg0='org.freedesktop.login1'")
    var gone = DBusMessage.signal(
      path: DBusNames.busPath, interface: DBusNames.bus, member: "NameOwnerChanged",
      body: [.string(Notifications.service), .string(":1.3"), .string("")])
    gone.sender = DBusNames.bus
    #expect(
      DBusNameOwnerChanged(gone) == DBusNameOwnerChanged(name: Notifications.service, oldOwner: ":1.3", newOwner: nil))
    gone.sender = Self.stranger
    #expect(DBusNameOwnerChanged(gone) == nil)
  }
}
