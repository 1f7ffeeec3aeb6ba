import Foundation
import PomoPlatform
import PomoTestSupport

/// A bus that misbehaves on purpose, on a Unix socket of its own: it takes one client and
/// follows a script a real daemon never would, so the client's failures can be tested.
final class FakeBus {
  enum Behaviour: Sendable {
    /// Answers the authentication with REJECTED.
    case refuse
    /// Authenticates, then never answers Hello.
    case silent
    /// Authenticates, then sends half of Hello's reply and closes.
    case closeMidReply
    /// Authenticates, then answers Hello with bytes that are no message.
    case garbage
    /// Answers Hello, then sends half of a signal and closes.
    case closeMidSignal
  }

  let address: String
  private let finished = DispatchSemaphore(value: 0)

  init(in folder: TemporaryFolder, _ behaviour: Behaviour) throws {
    let path = folder.file("fake-bus")
    address = "unix:path=\(path)"
    let listener = try UnixSocket.listen(path: path)
    let finished = finished
    Thread.detachNewThread {
      Self.serve(listener, behaviour)
      UnixSocket.close(listener)
      finished.signal()
    }
  }

  /// Waits (generously) for the script to end.
  func wait() -> Bool { finished.wait(timeout: .now() + 60) == .success }

  private static func serve(_ listener: Int32, _ behaviour: Behaviour) {
    guard UnixSocket.waitReadable(listener, milliseconds: 60_000), let client = UnixSocket.accept(listener) else {
      return
    }
    defer { UnixSocket.close(client) }
    var received: [UInt8] = []
    guard read(client, until: Array("\r\n".utf8), into: &received) else { return }
    if behaviour == .refuse {
      _ = UnixSocket.sendAll(client, Array("REJECTED EXTERNAL\r\n".utf8))
      _ = read(client, until: nil, into: &received)
      return
    }
    _ = UnixSocket.sendAll(client, Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8))
    // The client's Hello follows BEGIN; answering before it has come would race its send.
    guard read(client, until: Array("Hello".utf8), into: &received) else { return }
    switch behaviour {
    case .refuse, .silent:
      _ = read(client, until: nil, into: &received)
    case .closeMidReply:
      let bytes = helloReply
      _ = UnixSocket.sendAll(client, Array(bytes.prefix(bytes.count / 2)))
    case .closeMidSignal:
      var signal = DBusMessage.signal(path: "/p", interface: "org.pomo.Test", member: "Cut", body: [.string("x")])
      signal.serial = 2
      let bytes = (try? signal.encoded()) ?? []
      _ = UnixSocket.sendAll(client, helloReply + Array(bytes.prefix(bytes.count - 3)))
    case .garbage:
      _ = UnixSocket.sendAll(client, Array("XXXXXXXXXXXXXXXXXXXXXXXX".utf8))
      _ = read(client, until: nil, into: &received)
    }
  }

  /// The reply to the client's first call, Hello (serial 1).
  private static var helloReply: [UInt8] {
    var reply = DBusMessage(kind: .methodReturn)
    reply.serial = 1
    reply.replySerial = 1
    reply.sender = "org.freedesktop.DBus"
    reply.body = [.string(":1.1")]
    return (try? reply.encoded()) ?? []
  }

  /// Reads until `marker` has arrived (true), or, with no marker, until the client closes;
  /// at most 60 s.
  private static func read(_ fd: Int32, until marker: [UInt8]?, into received: inout [UInt8]) -> Bool {
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      if let marker, received.count >= marker.count,
        (0...(received.count - marker.count)).contains(where: { Array(received[$0..<($0 + marker.count)]) == marker })
      {
        return true
      }
      guard UnixSocket.waitReadable(fd, milliseconds: 1000) else { continue }
      switch UnixSocket.receive(fd) {
      case .bytes(let bytes): received += bytes
      case .nothing: continue
      case .end: return marker == nil
      }
    }
    return false
  }
}
