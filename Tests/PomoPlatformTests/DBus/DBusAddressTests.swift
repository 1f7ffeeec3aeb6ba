import PomoPlatform
import Testing

@Suite("DBusAddress")
struct DBusAddressTests {
  @Test(
    "a valid address gives its transports in order",
    arguments: [
      ("unix:path=/run/user/1000/bus", [DBusAddress.Transport.unixPath("/run/user/1000/bus")]),
      ("unix:path=/tmp/a%20b%3bc,guid=0123abcd", [.unixPath("/tmp/a b;c")]),
      ("unix:abstract=/tmp/dbus-XYZ,guid=0f", [.unixAbstract(Array("/tmp/dbus-XYZ".utf8))]),
      ("unix:abstract=nul%00byte", [.unixAbstract(Array("nul".utf8) + [0] + Array("byte".utf8))]),
      (
        "tcp:host=localhost,port=4;unix:path=/var/run/dbus/system_bus_socket;",
        [.unsupported(method: "tcp"), .unixPath("/var/run/dbus/system_bus_socket")]
      ),
      ("unix:tmpdir=/tmp", [.unsupported(method: "unix:tmpdir")]),
      ("unix:path=%2Fescaped%2fslashes", [.unixPath("/escaped/slashes")]),
    ])
  func parses(text: String, transports: [DBusAddress.Transport]) throws {
    #expect(try DBusAddress(text).transports == transports)
  }

  @Test(
    "an invalid address is a typed error that names the address and the fault",
    arguments: [
      ("", "invalid d-bus address \"\": no transport"),
      ("unix", "invalid d-bus address \"unix\": \"unix\" has no method (such as unix:)"),
      ("unix:path", "invalid d-bus address \"unix:path\": \"path\" is not key=value"),
      ("unix:path=/a b", "invalid d-bus address \"unix:path=/a b\": the byte ' ' must be escaped"),
      ("unix:path=/a%2", "invalid d-bus address \"unix:path=/a%2\": a % not followed by two hex digits"),
      ("unix:path=/a%zz", "invalid d-bus address \"unix:path=/a%zz\": a % not followed by two hex digits"),
      (
        "unix:path=/a,abstract=b",
        "invalid d-bus address \"unix:path=/a,abstract=b\": a unix transport needs exactly one of path, abstract, dir, tmpdir, runtime"
      ),
      ("unix:path=/a,path=/b", "invalid d-bus address \"unix:path=/a,path=/b\": the key \"path\" appears twice"),
      ("unix:path=", "invalid d-bus address \"unix:path=\": an empty or NUL path"),
      (":path=/a", "invalid d-bus address \":path=/a\": \":path=/a\" has an empty method"),
    ])
  func refuses(text: String, message: String) {
    #expect(throws: DBusError.self) { try DBusAddress(text) }
    do {
      _ = try DBusAddress(text)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("the session bus comes from DBUS_SESSION_BUS_ADDRESS, and its absence is a clear error")
  func sessionBus() throws {
    #expect(
      try DBusAddress.sessionBus(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/x"]).transports == [
        .unixPath("/x")
      ])
    do {
      _ = try DBusAddress.sessionBus(environment: [:])
      Issue.record("no error without the variable")
    } catch {
      #expect(error == .noAddress(variable: "DBUS_SESSION_BUS_ADDRESS"))
      #expect(error.description == "no bus address: DBUS_SESSION_BUS_ADDRESS is not set")
    }
  }

  @Test("the system bus falls back to the well-known socket")
  func systemBus() throws {
    #expect(
      try DBusAddress.systemBus(environment: [:]).transports == [.unixPath("/var/run/dbus/system_bus_socket")])
    #expect(try DBusAddress.systemBus(environment: ["DBUS_SYSTEM_BUS_ADDRESS": ""]).text == DBusAddress.systemDefault)
    #expect(
      try DBusAddress.systemBus(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:abstract=sys"]).transports
        == [.unixAbstract(Array("sys".utf8))])
  }
}
