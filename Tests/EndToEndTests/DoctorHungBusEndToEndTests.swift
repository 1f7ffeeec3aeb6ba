import Foundation
import PomoPlatform
import PomoTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `pomo doctor` where things go wrong: buses that take the connection and never answer, and a
/// config that does not load. It finishes in a few seconds, exits 0, and says why.
@Suite("End to end: pomo doctor on a hung bus and a broken config", .endToEnd, .hangLimit)
struct DoctorHungBusEndToEndTests {
  static let config =
    #"{"music": {"work": "play", "rest": "pause"}, "inhibit": true, "break_lock": true, "sounds": {"ambient": "brown"}}"#

  @Test(
    "a session and a system bus that accept and never answer cost the doctor one timeout, not one for each check",
    .timeLimit(.minutes(2)))
  func hungBus() async throws {
    let home = try PomoHome(config: Self.config)
    defer { home.cleanUp() }
    // Listening, never accepting: the kernel takes the connection and what pomo writes, and
    // nothing ever answers.
    let path = home.file("hung.sock")
    let socket = try UnixSocket.listen(path: path)
    defer { close(socket) }
    var environment = home.environment
    environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(path)"
    environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=\(path)"
    let hung = PomoHome(folder: home.folder, environment: environment)
    let started = Date()
    let run = try await hung.run(["doctor"])
    let took = Date().timeIntervalSince(started)
    #expect(run.status == 0, "\(run.err)")
    // Each check waits two seconds at most for a bus; checked one after the other they took 12.
    #expect(took < 8, "pomo doctor took \(took) s")
    for title in ["Notifications", "Music", "Sleep, screen and break lock"] {
      #expect(run.out.contains("\n\(title)\n"), "\(run.out)")
    }
    #expect(run.out.contains("timed out"), "\(run.out)")
  }

  @Test("a config that does not load is said as 'pomo start' says it, naming the file, line and field")
  func brokenConfig() async throws {
    let home = try PomoHome(config: #"{"inhibit": "yes"}"#)
    defer { home.cleanUp() }
    let run = try await home.run(["doctor"])
    #expect(run.status == 0, "\(run.err)")
    let file = home.file(".config/pomo/config.json")
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.prefix(2)) == [
        "Config",
        "  \(file):1:13: inhibit: expected true, false or an object like {\"sleep\": \"work\", \"screen\": \"workout\"}, got a string; the checks below use the defaults",
      ], "\(run.out)")
  }
}
