import Foundation
import PomoPlatform
import PomoTestSupport
import Testing

/// Unix file descriptors on the wire: the `h` type, the `unix_fds` header field, the
/// negotiation, and the rule that a descriptor nobody takes is closed.
@Suite("DBus unix fd passing")
struct DBusUnixFDTests {
  /// A pipe whose write end goes into a message: the read end tells when every copy of the
  /// write end has closed.
  struct Pipe {
    let read: Int32
    let write: Int32

    init() throws {
      var fds: [Int32] = [-1, -1]
      guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
      read = fds[0]
      write = fds[1]
    }

    /// Whether no write end is open anywhere (the read end hangs up).
    var writersGone: Bool {
      var entry = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
      return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP) != 0
    }

    func closeRead() { close(read) }
  }

  /// A signal whose body holds `h` values, with `count` descriptors.
  static func message(indices: [UInt32], fds: [DBusUnixFD], serial: UInt32 = 5) -> DBusMessage {
    var message = DBusMessage.signal(
      path: "/p", interface: "org.pomo.Test", member: "Fds", body: indices.map { .unixFD($0) } + [.string("x")])
    message.serial = serial
    message.sender = ":1.9"
    message.unixFDs = fds
    return message
  }

  @Test("h round-trips with the unix_fds header field, and the message owns its descriptors")
  func roundTrip() throws {
    let pipe = try Pipe()
    defer { pipe.closeRead() }
    let owner = DBusUnixFD(adopting: pipe.write)
    let bytes = try Self.message(indices: [0, 0], fds: [owner]).encoded()
    let header = try DBusMessageHeader(decoding: bytes)
    #expect(header.unixFDs == 1)
    #expect(header.signature == "hhs")
    let decoded = try DBusMessage(decoding: bytes, unixFDs: [owner])
    #expect(decoded.body == [.unixFD(0), .unixFD(0), .string("x")])
    #expect(decoded.unixFD(decoded.body[1]) === owner)
    #expect(decoded.unixFD(decoded.body[2]) == nil)
    #expect(
      try DBusType.list("a{hv}(h)") == [.array(.dictEntry(key: .unixFD, value: .variant)), .structure([.unixFD])])
  }

  @Test("an index past the descriptors, or a count that did not come, is malformed")
  func refused() throws {
    let pipe = try Pipe()
    defer { pipe.closeRead() }
    let owner = DBusUnixFD(adopting: pipe.write)
    let bytes = try Self.message(indices: [1], fds: [owner]).encoded()
    #expect(throws: DBusError.self) { try DBusMessage(decoding: bytes, unixFDs: [owner]) }
    let counted = try Self.message(indices: [0], fds: [owner]).encoded()
    #expect(throws: DBusError.malformed("the header counts 1 unix fds, but 0 came with the message")) {
      try DBusMessage(decoding: counted)
    }
  }

  @Test("a descriptor closes when its message goes, unless it was taken")
  func ownership() throws {
    let kept = try Pipe()
    let dropped = try Pipe()
    defer {
      kept.closeRead()
      dropped.closeRead()
    }
    var taken: Int32?
    do {
      let message = Self.message(
        indices: [0, 1], fds: [DBusUnixFD(adopting: kept.write), DBusUnixFD(adopting: dropped.write)])
      taken = message.unixFDs[0].take()
      #expect(message.unixFDs[0].take() == nil)
      #expect(!kept.writersGone && !dropped.writersGone)
    }
    #expect(dropped.writersGone)
    #expect(!kept.writersGone)
    if let taken { close(taken) }
    #expect(kept.writersGone)
  }

  @Test("the buffer gives a message the descriptors that came within its bytes")
  func bufferGives() throws {
    let pipe = try Pipe()
    defer { pipe.closeRead() }
    let bytes = try Self.message(indices: [0], fds: [DBusUnixFD(adopting: dup(pipe.write))]).encoded()
    close(pipe.write)
    var buffer = DBusMessageBuffer()
    // The descriptor comes with the read that ends inside the message, as the kernel hands it.
    buffer.append(Array(bytes.prefix(10)))
    let incoming = try Pipe()
    defer { incoming.closeRead() }
    buffer.append(Array(bytes[10...]), unixFDs: [DBusUnixFD(adopting: incoming.write)])
    let message = try #require(try buffer.next())
    #expect(message.unixFDs.count == 1)
    #expect(buffer.pendingDescriptorCount == 0)
    #expect(!incoming.writersGone)
    _ = message
  }

  @Test("descriptors of a message the filter skips, one dropped as malformed, or a closed stream are closed")
  func bufferCloses() throws {
    let skipped = try Pipe()
    let malformed = try Pipe()
    let stranded = try Pipe()
    defer { for pipe in [skipped, malformed, stranded] { pipe.closeRead() } }
    let owner = DBusUnixFD(adopting: dup(0))
    let signal = try Self.message(indices: [0], fds: [owner]).encoded()
    var filtered = DBusMessageBuffer()
    filtered.filter = DBusMessageFilter()
    filtered.append(signal, unixFDs: [DBusUnixFD(adopting: skipped.write)])
    #expect(try filtered.next() == nil)
    #expect(filtered.skippedCount == 1)
    #expect(skipped.writersGone)

    // The header says one descriptor, two came: nobody can tell which, so both go.
    var plain = DBusMessageBuffer()
    plain.append(
      signal, unixFDs: [DBusUnixFD(adopting: malformed.write), DBusUnixFD(adopting: dup(malformed.write))])
    #expect(throws: DBusError.self) { try plain.next() }
    #expect(malformed.writersGone)

    // Half a message and its descriptor, then the connection ends.
    var cut = DBusMessageBuffer()
    cut.append(Array(signal.prefix(20)), unixFDs: [DBusUnixFD(adopting: stranded.write)])
    #expect(try cut.next() == nil)
    #expect(cut.pendingDescriptorCount == 1)
    cut.closeDescriptors()
    #expect(stranded.writersGone)
  }

  @Test("the bus's answers to NEGOTIATE_UNIX_FD: AGREE_UNIX_FD is yes, anything else no")
  func negotiation() throws {
    #expect(String(decoding: DBusAuthentication.negotiateUnixFD, as: UTF8.self) == "NEGOTIATE_UNIX_FD\r\n")
    let agreed = try #require(try DBusAuthentication.agreement(from: Array("AGREE_UNIX_FD\r\nl".utf8)))
    #expect(agreed.agreed && agreed.count == 15)
    #expect(try DBusAuthentication.agreement(from: Array("ERROR \"no\"\r\n".utf8))!.agreed == false)
    #expect(try DBusAuthentication.agreement(from: Array("AGREE_UNIX".utf8)) == nil)
  }

  @Test("a descriptor received on a socket is close-on-exec from its arrival")
  func receivedCloseOnExec() throws {
    var pair: [Int32] = [-1, -1]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    defer { for fd in pair { close(fd) } }
    let pipe = try Pipe()
    defer { pipe.closeRead() }
    // Sent without close-on-exec: the receiver's copy must have it all the same.
    #expect(!UnixSocket.isCloseOnExec(pipe.write))
    #expect(UnixSocket.sendSome(pair[0], [7, 8][...], descriptors: [pipe.write]) == 2)
    close(pipe.write)
    guard case .bytes(let bytes, let fds, let truncated) = UnixSocket.receiveWithDescriptors(pair[1]) else {
      Issue.record("nothing received")
      return
    }
    #expect(bytes == [7, 8])
    #expect(!truncated)
    #expect(fds.count == 1)
    for fd in fds {
      #expect(UnixSocket.isCloseOnExec(fd))
      close(fd)
    }
    #expect(pipe.writersGone)
  }
}
