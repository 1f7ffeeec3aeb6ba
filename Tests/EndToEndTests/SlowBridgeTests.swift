import Foundation
import PomoTestSupport
import Testing

/// A slow bridge is not a failed command: a `timew` that takes 7 s to stop an interval (a
/// stand-in on PATH, as a Timewarrior on a slow disk or a hook of its own might be) holds up
/// nothing the user asked for. The steering command that set it off is answered at once and
/// succeeds, so nobody retries a skip that was applied.
@Suite("End to end: a slow bridge is not a failed command", .endToEnd)
struct SlowBridgeTests {
  /// Logs each call; `stop` takes 7 s, longer than a steering command waits for its answer.
  static let slowTimew = """
    #!/bin/sh
    here=$(dirname "$0")
    echo "$1 begins" >> "$here/calls"
    case "$1" in stop|cancel) sleep 7 ;; esac
    echo "$1 ends" >> "$here/calls"
    """

  static let preset =
    #"{"round": [{"name": "deep", "kind": "work", "duration": "10m"}, {"name": "breathe", "kind": "rest", "duration": "10m"}]}"#

  func home() throws -> PomoHome {
    var home = try PomoHome(presets: ["plan": Self.preset])
    chmod(try home.folder.write("bin/timew", Self.slowTimew), 0o755)
    home.environment["PATH"] = home.folder.file("bin") + ":/usr/bin:/bin"
    try home.folder.write(".config/pomo/config.json", #"{"bell": false, "notify": false, "timewarrior": true}"#)
    return home
  }

  /// The stand-in's calls so far.
  func calls(_ home: PomoHome) -> [String] {
    (home.folder.read("bin/calls") ?? "").split(separator: "\n").map(String.init)
  }

  @Test(
    "a slow bridge: 'pomo skip' and 'pomo stop' are answered at once and succeed while a 7-second timew runs after them",
    .hangLimit, arguments: ["skip", "stop"])
  func slowBridge(_ command: String) async throws {
    let home = try home()
    defer { home.cleanUp() }
    let session = try home.launch(["start", home.preset("plan")], name: "session")
    #expect(await waitUntil { calls(home) == ["start begins", "start ends"] }, "\(calls(home))")
    #expect(await waitUntil { (try? await home.run("status"))?.out.hasPrefix("WORK") == true })

    let run = try await home.run(command)
    #expect(run.status == 0, "\(command): \(run.out) \(run.err)")
    #expect(!run.err.contains("nothing changed"), "\(run.err)")
    // The bridge runs after the answer, and is not cut short: it stops the interval (or
    // cancels it, when it began in the same second, as Timewarrior keeps none shorter).
    func closing(_ part: String) async -> Bool { calls(home).contains("stop \(part)") || calls(home).contains("cancel \(part)") }
    #expect(await waitUntil { await closing("begins") }, "\(calls(home))")
    if command == "skip" {
      #expect(run.out.hasPrefix("REST"), "the break's status line: \(run.out)")
      #expect(await waitUntil { await closing("ends") }, "\(calls(home))")
      // Skipped once, to the break.
      _ = await home.run(["status"], until: { $0.out.hasPrefix("REST") })
      kill(session.processIdentifier, SIGTERM)
    } else {
      #expect(run.out.hasPrefix("Stopped plan:"), "the summary: \(run.out)")
    }
    await session.waitForExit()
    #expect(
      calls(home).last == "stop ends" || calls(home).last == "cancel ends",
      "the bridge finished before pomo exited: \(calls(home))")
    let err = home.folder.read("session.err") ?? ""
    #expect(!err.contains("warning"), "\(err)")
  }
}
