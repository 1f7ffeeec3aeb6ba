import Foundation
import PomoTestSupport
import Testing

/// A session whose pomo was killed (`kill -9`) is never steered: every command that looks for
/// the running session records the dead one first, turns off the do-not-disturb it left on
/// (a real dunst, under Xvfb on a private bus), and then answers as with no session running.
@Suite("End to end: a dead session, steered", .endToEnd)
struct DeadSessionSteeringTests {
  @Test(
    "after kill -9 mid-focus, 'pomo stop', 'pomo toggle' and 'pomo back' record the dead session, turn dunst back and say no session runs",
    .requires(.xvfb, .dunst, .dunstctl, .dbusDaemon), .hangLimit,
    arguments: ["stop", "toggle", "back"])
  func deadSessionSteered(_ command: String) async throws {
    let dunst = try await DunstDesk()
    defer { dunst.stop() }
    let home = try PomoHome(
      presets: ["long": #"{"round": [{"name": "deep", "kind": "work", "duration": "10m"}]}"#],
      environment: dunst.environment)
    defer { home.cleanUp() }
    try home.folder.write(".config/pomo/config.json", #"{"bell": false, "dnd": true}"#)
    let stateFile = home.folder.file(".local/state/pomo/current.json")
    let session = try home.launch(["start", home.preset("long")], name: "session")
    #expect(
      await waitUntil {
        await dunst.isPaused() == "true"
          && ((try? String(contentsOfFile: stateFile, encoding: .utf8)) ?? "").contains(#""dnd""#)
      })
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    #expect(await dunst.isPaused() == "true", "nothing could put it back yet")

    let run = try await home.run(command)
    #expect(run.status == 1, "\(command): \(run.out) \(run.err)")
    let lines = run.err.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "pomo: turned do-not-disturb off again (dunst), as the session that turned it on had ended unexpectedly",
      "\(command): \(run.err)")
    #expect(
      lines.dropFirst().first?.hasPrefix("pomo: the long session started at ") == true, "\(command): \(run.err)")
    #expect(lines.last == "Error: no session is running", "\(command): \(run.err)")
    #expect(!run.err.contains("cannot be steered"), "\(command): \(run.err)")
    #expect(await dunst.isPaused() == "false", "\(command) turned do-not-disturb off")
    #expect(!FileManager.default.fileExists(atPath: stateFile))
    // Recorded once: the next command has only its own answer.
    let again = try await home.run(command)
    #expect(again.err == "Error: no session is running\n", "\(again.err)")
    let log = try await home.run("log")
    #expect(log.out.contains("long"), "the dead session is in the journal: \(log.out)")
  }
}
