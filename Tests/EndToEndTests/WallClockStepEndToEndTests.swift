import Foundation
import PomoTestSupport
import Testing

/// A wall-clock step invents focus, with real processes: a session under faketime (its wall
/// clock an hour off the readers', or stepped ±1 h while it runs), then `pomo status` and a
/// `kill -9` with its recovery. libfaketime fakes only the wall clock here
/// (`DONT_FAKE_MONOTONIC=1`): an NTP step, a VM's clock sync or an RTC in local time moves
/// CLOCK_REALTIME, never the boot clock a session's deadlines live on.
@Suite("End to end: a wall-clock step invents no focus", .requires(.libfaketime), .endToEnd)
struct WallClockStepEndToEndTests {
  /// In a new HOME, launches the long (25-minute) preset with its wall clock at `offset`
  /// (faketime's form, "+1h"), read from a file so the test can step it while the session
  /// runs, waits for its state file and runs `body` on the home and the session.
  func withFakedSession(offset: String, _ body: (PomoHome, Process) async throws -> Void) async throws {
    try await PomoHome.with { home in try await body(home, try await launchFaked(home, offset: offset)) }
  }

  private func launchFaked(_ home: PomoHome, offset: String) async throws -> Process {
    let rc = try home.folder.write("faketime.rc", offset + "\n")
    var environment = home.environment
    environment["LD_PRELOAD"] = RequiredTool.libfaketimePath
    environment["FAKETIME_TIMESTAMP_FILE"] = rc
    environment["FAKETIME_NO_CACHE"] = "1"
    environment["DONT_FAKE_MONOTONIC"] = "1"
    // Through env, itself preloaded: libfaketime, first loaded into a process, sets up its shared
    // state with setenv in its constructor, which moves `environ` before Swift finds the
    // arguments from it (pomo then sees none); loaded first into env, it leaves pomo's alone.
    let session = try home.launch(
      ["start", home.preset("long")], name: "session", environment: environment, prefix: ["/usr/bin/env"])
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    return session
  }

  /// Kills the session with SIGKILL, lets the next pomo record it (`done` says how many phases
  /// it finished), and returns the record.
  static func killAndRecover(_ home: PomoHome, _ session: Process, done: String = "0 phases done") async throws
    -> [String: Any]
  {
    kill(session.processIdentifier, SIGKILL)
    await session.waitForExit()
    let recovered = try await home.run("status")
    #expect(recovered.err.contains("ended unexpectedly; recorded as interrupted (\(done)"))
    let log = try await home.run("log", "--json")
    let records = try #require(try JSONSerialization.jsonObject(with: Data(log.out.utf8)) as? [[String: Any]])
    return try #require(records.first)
  }

  func focus(_ record: [String: Any]) -> Double {
    ((record["phases"] as? [[String: Any]]) ?? []).reduce(0) { $0 + (($1["elapsed_seconds"] as? Double) ?? 0) }
  }

  @Test(
    "a session whose wall clock is an hour off: status shows its phase's time; killed, it records seconds, not 25:00",
    arguments: ["-1h", "+1h"])
  func offsetSession(offset: String) async throws {
    try await withFakedSession(offset: offset) { home, session in
      let status = try await home.run("status", "--format", "json")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any])
      let remaining = try #require(json["remaining_seconds"] as? Int)
      // Seconds into 25 minutes (generous for a loaded machine), never 0:00 nor 1:25:00.
      #expect(remaining > 1200 && remaining <= 1500, "status said \(status.out)")
      #expect((json["phase_progress"] as? Double ?? 1) < 0.2)

      let record = try await Self.killAndRecover(home, session)
      #expect(focus(record) < 300)
      #expect((record["phases"] as? [[String: Any]])?.first?["completed"] as? Bool == false)
    }
  }

  @Test(
    "a session stepped ±1 h while it runs notes the step; status and a kill -9 count none of it",
    arguments: ["+1h", "-1h"])
  func steppedSession(step: String) async throws {
    try await withFakedSession(offset: "+0") { home, session in
      try home.folder.write("faketime.rc", step + "\n")
      // The session looks at the clock at least every 10 s, notices the step and writes it down.
      #expect(
        await waitUntil(120) {
          (try? String(contentsOfFile: home.statePath, encoding: .utf8))?.contains(#""clock_step_seconds":"#) == true
        })

      let status = try await home.run("status", "--format", "json")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(status.out.utf8)) as? [String: Any])
      let remaining = try #require(json["remaining_seconds"] as? Int)
      #expect(remaining > 1200 && remaining <= 1500, "status said \(status.out)")

      let record = try await Self.killAndRecover(home, session)
      #expect(focus(record) < 300)
      let stepped = try #require(record["clock_step_seconds"] as? Double)
      #expect(abs(stepped - 3600) < 5)
      #expect((record["end"] as? String) != nil)
    }
  }
}

/// A crash during a confirm wait drops the overtime, with a real process: the session waits
/// for `pomo next`, its heartbeat rewrites the state file while it waits, it is killed, and
/// the next pomo records the wait the heartbeat proves, as `pomo stop` would have.
@Suite("End to end: a crash during a confirm wait keeps the overtime", .endToEnd)
struct ConfirmWaitCrashEndToEndTests {
  /// The `"updated"` time of the state file, as written.
  static func updated(_ path: String) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    else { return nil }
    return object["updated"] as? String
  }

  @Test("killed while waiting, the recovered record has the overtime of the last heartbeat")
  func killedWhileWaiting() async throws {
    let home = try PomoHome()
    defer { home.cleanUp() }
    let statePath = home.statePath
    let session = try home.launch(["start", home.preset("tiny"), "--confirm"], name: "session")
    #expect(
      await waitUntil {
        (try? String(contentsOfFile: statePath, encoding: .utf8))?.contains(#""waiting":true"#) == true
      })
    // The wait began with a write; the heartbeat writes the file again within 10 s.
    let first = Self.updated(statePath)
    #expect(await waitUntil(120) { Self.updated(statePath).map { $0 != first } ?? false })

    let record = try await WallClockStepEndToEndTests.killAndRecover(home, session, done: "1 phase done")
    let phase = try #require((record["phases"] as? [[String: Any]])?.first)
    let overtime = try #require(phase["overtime_seconds"] as? Double)
    #expect(overtime >= 9)
    #expect(phase["completed"] as? Bool == true)
    #expect(abs((phase["elapsed_seconds"] as? Double ?? 0) - (1 + overtime)) < 0.01)
  }
}
