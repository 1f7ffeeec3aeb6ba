import PomoTestSupport
import Testing

/// Without the system bus a session runs as ever: silently where none is named (a container,
/// a console), with one warning where `DBUS_SYSTEM_BUS_ADDRESS` names one that cannot be
/// reached.
@Suite("End to end: no system bus", .endToEnd)
struct SystemBusWarningEndToEndTests {
  @Test("a named system bus that cannot be reached: one warning line, and the session runs on")
  func namedButGone() async throws {
    try await PomoHome.with(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/pomo-test-bus"]) { home in
      let run = try await home.run("start", "1s", "--no-notify")
      #expect(run.status == 0, "\(run.err)")
      let warnings = run.err.split(separator: "\n").filter { $0.contains("warning") }
      #expect(warnings.count == 1, "\(run.err)")
      #expect(
        warnings.first?.hasPrefix("pomo: warning: the system bus cannot be reached: ") == true
          && warnings.first?.hasSuffix("locking, idleness and sleep are not heard ('pomo away' and 'pomo back' still work)")
            == true, "\(run.err)")
      #expect(try await home.run("log").out.contains("completed"))
    }
  }

  @Test("no system bus named and none at its usual place: not a word")
  func noneNamed() async throws {
    // The usual socket may exist on a developer's machine: the test asks only for silence
    // about the system bus, whichever way it goes.
    try await PomoHome.with { home in
      let run = try await home.run("start", "1s", "--no-notify")
      #expect(run.status == 0)
      #expect(!run.err.contains("system bus"), "\(run.err)")
    }
  }
}
