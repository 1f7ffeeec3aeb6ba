import Foundation
import PomoCore
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// `pomo start --detach`: the session runs in the background, in a session of its own, and
/// closing the terminal that started it does not end it.
@Suite("Sessions in the background", .endToEnd)
struct DetachTests {
  let home: PomoHome

  init() throws {
    home = try PomoHome(presets: [
      "tiny": #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}]}"#, "long": PomoHome.longPreset,
    ])
  }

  /// The pid a running session's `status --json` reports.
  func runningPID() async throws -> Int32? {
    let status = try await home.run(["status", "--json"])
    guard let data = status.out.data(using: .utf8),
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return nil }
    return (object["pid"] as? Int).map(Int32.init)
  }

  /// Starts the long preset in the background (with `options`), and returns the pid
  /// `status` reports for it.
  func detachedLong(_ options: [String] = []) async throws -> Int32 {
    let started = try await home.run(["start", home.file("long.json"), "--detach"] + options)
    #expect(started.status == 0, "\(started.err)")
    return try #require(try await runningPID())
  }

  /// Waits until the one session is recorded, and checks how it ended.
  func recorded(_ interruption: Interruption) async throws {
    #expect(await waitUntil { (try? home.records().count) == 1 })
    #expect(try home.records().first?.interruption == interruption)
  }

  /// Whether `pid` leads a session of its own with no controlling terminal (fields 6 and 7 of
  /// /proc/PID/stat).
  func ownSessionWithoutTerminal(_ pid: Int32) throws -> Bool {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
    return fields[3] == "\(pid)" && fields[4] == "0"
  }

  @Test("--detach returns at once; the session runs in a session of its own and is recorded")
  func detached() async throws {
    defer { home.cleanUp() }
    let result = try await home.run(["start", home.file("tiny.json"), "--detach", "--tag", "bg"])
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n")
    #expect(lines.first == "tiny: 1 round, 1 phase, 0:01")
    #expect(lines.last?.hasPrefix("Running in the background (pid ") == true)
    // It ends by itself and is recorded like any session.
    #expect(await waitUntil { (try? home.records().count) == 1 })
    let record = try #require(try home.records().first)
    #expect(record.status == .completed)
    #expect(record.tags == ["bg"])
  }

  @Test("closing the terminal that started it does not end a detached session")
  func survivesHangup() async throws {
    defer { home.cleanUp() }
    do {
      let pty = try home.terminal(["start", home.file("long.json"), "--detach"])
      #expect(await pty.waitForExit() == 0)
      #expect(pty.visible.contains("Running in the background"))
    }  // The terminal closes here: its session gets SIGHUP.
    let pid = try #require(try await runningPID())
    #expect(try ownSessionWithoutTerminal(pid))
    let status = try await home.run(["status"])
    #expect(status.out.hasPrefix("WORK focus "))
    kill(pid, SIGTERM)
    try await recorded(.signal)
  }

  @Test("a detached start while a session runs fails with the usual error, exit 1")
  func alreadyRunning() async throws {
    defer { home.cleanUp() }
    let pid = try await detachedLong()
    let second = try await home.run(["start", home.file("tiny.json"), "--detach"])
    #expect(second.status == 1)
    #expect(second.err == "Error: a session is already running (long, pid \(pid)); see 'pomo status'\n")
    #expect(second.out.isEmpty)
  }

  @Test("attach draws a detached session live; keys steer it, d detaches, q stops it")
  func attach() async throws {
    defer { home.cleanUp() }
    let pid = try await detachedLong()
    do {
      let pty = try home.terminal(["attach"])
      #expect(await pty.waitForText("long (pid \(pid)): space pause"))
      #expect(await pty.waitForText("WORK  focus"))
      pty.send(" ")
      #expect(await pty.waitForText("PAUSED  focus"))
      pty.send("d")
      #expect(await pty.waitForExit() == 0)
      #expect(pty.isCooked)
      #expect(pty.cursorShown)
    }
    // Detaching left it running, and paused.
    let status = try await home.run(["status"])
    #expect(status.out.hasPrefix("PAUSED focus "))
    let pty = try home.terminal(["attach"])
    #expect(await pty.waitForText("PAUSED  focus"))
    pty.send("q")
    #expect(await pty.waitForExit() == 0)
    #expect(pty.visible.contains("Stopped long: "))
    #expect(pty.isCooked)
    try await recorded(.quit)
  }

  @Test("pomo stop of a detached session prints the summary a session in the foreground prints")
  func stopPrintsSummary() async throws {
    defer { home.cleanUp() }
    _ = try await detachedLong()
    let stopped = try await home.run(["stop"])
    #expect(stopped.status == 0)
    #expect(stopped.out.hasPrefix("Stopped long: 0 of 1 phase done; focus 0:0"), "\(stopped.out)")
    #expect(stopped.out.hasSuffix(", rest 0:00, paused 0:00\n"), "\(stopped.out)")
    #expect(!stopped.out.contains("idle"))
    try await recorded(.quit)
  }

  @Test("resume --detach brings a crashed session back in the background")
  func resumeDetached() async throws {
    defer { home.cleanUp() }
    let crashed = try await detachedLong(["--tag", "bg"])
    kill(crashed, SIGKILL)
    // Once the killed session has let go of its lock, resume takes it up in the background.
    var answer: Finished?
    #expect(
      await waitUntil {
        answer = try? await home.run(["resume", "--detach"])
        return answer?.status == 0
      })
    let resumed = try #require(answer)
    #expect(resumed.out.split(separator: "\n").last?.hasPrefix("Running in the background (pid ") == true, "\(resumed.out)")
    #expect(await waitUntil { (try? await runningPID()).flatMap { $0 } != nil })
    let pid = try #require(try await runningPID())
    #expect(pid != crashed)
    // A session of its own, with no terminal, as after start --detach.
    #expect(try ownSessionWithoutTerminal(pid))
    #expect(try await home.run(["status"]).out.hasPrefix("WORK focus "))
    #expect(try await home.run(["stop"]).status == 0)
    #expect(await waitUntil { (try? home.records().count) == 2 })
    let both = try home.records()
    #expect(both.last?.resumedFrom == both.first?.id)
    #expect(both.last?.tags == ["bg"])
  }

  @Test("attach with nothing running says so, exit 1")
  func attachIdle() async throws {
    defer { home.cleanUp() }
    let pty = try home.terminal(["attach"])
    #expect(await pty.waitForExit() == 1)
    #expect(pty.visible.contains("Error: no session is running"))
  }
}
