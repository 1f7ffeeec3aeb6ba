import Foundation
import PomoPlatform
import PomoTestSupport
import Testing

/// The connection's failures, against a bus that misbehaves: each is a typed error, in time.
@Suite("DBusConnection failures")
struct DBusConnectionTests {
  func connect(_ behaviour: FakeBus.Behaviour, timeout: Duration = .seconds(60)) throws -> (DBusError?, FakeBus) {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let bus = try FakeBus(in: folder, behaviour)
    do {
      _ = try DBusConnection(address: DBusAddress(bus.address), timeout: timeout)
      return (nil, bus)
    } catch {
      return (error, bus)
    }
  }

  @Test("a bus that refuses the authentication")
  func refused() throws {
    let (error, bus) = try connect(.refuse)
    #expect(bus.wait())
    #expect(
      error?.description
        == "cannot connect to the bus at \"\(bus.address)\": \(bus.address): d-bus authentication failed: the bus answered \"REJECTED EXTERNAL\""
    )
  }

  @Test("a bus that never answers Hello: the call times out at its deadline")
  func silent() throws {
    let started = Date()
    let (error, bus) = try connect(.silent, timeout: .milliseconds(500))
    #expect(Date().timeIntervalSince(started) < 30)
    guard case .timedOut(let what, _) = error else {
      Issue.record("expected a time-out, got \(String(describing: error))")
      return
    }
    #expect(what == "the reply to org.freedesktop.DBus.Hello")
    #expect(bus.wait())
  }

  @Test("a bus that closes in the middle of a message")
  func closedMidMessage() throws {
    let (error, bus) = try connect(.closeMidReply)
    #expect(bus.wait())
    #expect(error == .closed(midMessage: true))
    #expect(error?.description == "the bus closed the connection in the middle of a message")
  }

  @Test("a bus that answers with bytes that are no message")
  func garbage() throws {
    let (error, bus) = try connect(.garbage)
    #expect(error == .malformed("byte order '88' is neither 'l' nor 'B'"))
    #expect(bus.wait())
  }

  @Test("a bus that closes in the middle of a signal, read as an event loop would")
  func closedMidSignal() async throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let bus = try FakeBus(in: folder, .closeMidSignal)
    let connection = try DBusConnection(address: DBusAddress(bus.address), timeout: .seconds(60))
    #expect(connection.uniqueName == ":1.1")
    var failure: DBusError?
    let ended = await waitUntil(60) {
      guard UnixSocket.waitReadable(connection.fileDescriptor, milliseconds: 100) else { return false }
      do {
        try connection.readAvailable()
        let message = try connection.nextMessage()
        if let message { Issue.record("a cut signal came out whole: \(message)") }
        return false
      } catch {
        failure = error as? DBusError
        return true
      }
    }
    #expect(ended)
    #expect(failure == .closed(midMessage: true))
    #expect(throws: DBusError.closed(midMessage: true)) { try connection.waitForMessage(timeout: .seconds(60)) }
    #expect(bus.wait())
  }

  @Test("nobody listening")
  func nobody() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let address = "unix:path=\(folder.file("none"))"
    #expect(throws: DBusError.cannotConnect(address, reasons: ["\(address): no such file or directory"])) {
      try DBusConnection(address: DBusAddress(address), timeout: .seconds(60))
    }
  }
}
