import Foundation
import PomoTestSupport
import Testing

/// `pomo doctor` through the real binary, on a private session bus with the stand-in
/// notification server: what it says is what pomo's notifications will find.
@Suite("End to end: pomo doctor", .endToEnd, .hangLimit)
struct DoctorEndToEndTests {
  typealias Desk = DBusNotificationEndToEndTests.Desk

  @Test(
    "the notification server that answers, and whether it shows buttons",
    .requires(.dbusDaemon, .pythonDBus, .pythonGLib),
    arguments: [("actions", "buttons: yes"), ("noactions", "buttons: no (no \"actions\" capability)")])
  func notifications(mode: String, buttons: String) async throws {
    try await Desk.with(clicks: [], mode: mode) { desk in
      let run = try await desk.home.run(["doctor"])
      #expect(run.status == 0, "\(run.err)")
      let lines = run.out.split(separator: "\n").map(String.init)
      let section = try #require(lines.firstIndex(of: "Notifications"), "\(run.out)")
      // The stand-in does not say its name (no GetServerInformation): it answers, and that is said.
      #expect(Array(lines[(section + 1)...].prefix(2)) == ["  server: answers", "  " + buttons], "\(run.out)")
    }
  }
}
