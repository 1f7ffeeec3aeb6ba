import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoControl
import PomoCore
import PomoJournal
import PomoKit
import PomoPlatform

/// The control socket end to end: real sessions, real sockets, real processes. Each test has
/// a temporary HOME with XDG_RUNTIME_DIR inside it.
@Suite("Control socket: commands, the feed, other users, fuzz", .endToEnd)
struct ControlSocketTests {
  let home: PomoHome
  var environment: [String: String] { home.environment }
  var runtime: String { home.file("run") }
  var socketFolder: String { runtime + "/pomo" }
  var socketPath: String { client.socketPath }
  /// This profile's client, as pomo makes it.
  var client: ControlClient { Paths(environment: environment).controlClient }
  var journalPath: String { home.file(journalFile(home.path)) }

  init() throws {
    // A write to a connection the session closed must fail with EPIPE, not end the tests.
    Platform.ignoreBrokenPipes()
    var home = try PomoHome(presets: [
      "long":
        #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}, {"name": "break", "kind": "rest", "duration": "5m"}]}"#,
      "tiny":
        #"{"round": [{"name": "go", "kind": "work", "duration": "2s"}, {"name": "breathe", "kind": "rest", "duration": "2s"}]}"#,
    ])
    try FileManager.default.createDirectory(
      atPath: home.file("run"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    home.environment["XDG_RUNTIME_DIR"] = home.file("run")
    self.home = home
  }

  // MARK: - Helpers

  /// Starts pomo in the background; stdout and stderr go to files in the home folder.
  func launch(_ arguments: [String], name: String, prefix: [String] = []) throws -> Process {
    try home.launch(arguments, name: name, prefix: prefix)
  }

  /// Starts the long preset in the background (killed by `home.cleanUp` if it still runs),
  /// and waits until it answers on the socket.
  func startLong() async throws -> Process {
    let session = try launch(["start", home.file("long.json")], name: "session")
    #expect(await waitForSession())
    return session
  }

  /// Waits until a session answers on the socket.
  func waitForSession() async -> Bool {
    await waitUntil { (try? client.send(.state)) != nil }
  }

  func pomo(_ arguments: String...) async throws -> Finished {
    try await runPomo(arguments, environment: environment)
  }

  func records() throws -> [JournalRecord] { try journalRecords(journalPath) }

  /// The seconds left in a status line such as "WORK focus 29:58 (0%, round 1/1)".
  func secondsLeft(_ line: String) -> Int? {
    let words = line.split(separator: " ")
    guard words.count >= 3 else { return nil }
    let parts = words[2].split(separator: ":").compactMap { Int($0) }
    guard parts.count == 2 else { return nil }
    return parts[0] * 60 + parts[1]
  }

  // MARK: - Commands

  @Test("every command against a running session: its new status line, exit 0; stop ends it as q does")
  func everyCommand() async throws {
    defer { home.cleanUp() }
    let session = try await startLong()
    #expect(Platform.mode(socketFolder) == 0o700)
    #expect(Platform.mode(socketPath) == 0o600)

    let paused = try await pomo("pause")
    #expect(paused.status == 0)
    #expect(paused.err == "")
    #expect(paused.out.hasPrefix("PAUSED focus 2") && paused.out.hasSuffix(" (0%, round 1/1)\n"))
    // Paused, the time left stands still: a second pause changes nothing.
    #expect(try await pomo("pause").out == paused.out)
    #expect(try await pomo("status").out == paused.out)
    let resumed = try await pomo("resume")
    #expect(resumed.status == 0)
    #expect(resumed.out.hasPrefix("WORK focus 2"))
    #expect(try await pomo("resume").out.hasPrefix("WORK focus 2"))
    #expect(try await pomo("toggle").out.hasPrefix("PAUSED focus 2"))
    #expect(try await pomo("toggle").out.hasPrefix("WORK focus 2"))

    let extended = try await pomo("extend", "5m")
    #expect(extended.status == 0)
    #expect(extended.out.hasPrefix("WORK focus "))
    #expect((29 * 60...30 * 60).contains(secondsLeft(extended.out) ?? 0), "\(extended.out)")
    let again = try await pomo("extend")
    #expect((30 * 60...31 * 60).contains(secondsLeft(again.out) ?? 0), "\(again.out)")
    // Nothing waits for confirmation in this preset: next changes nothing.
    let next = try await pomo("next")
    #expect(next.status == 0)
    #expect(next.out.hasPrefix("WORK focus "))
    // The same focus, less the time between the two commands (an extend would add 300 s).
    #expect(abs((secondsLeft(next.out) ?? 0) - (secondsLeft(again.out) ?? 0)) <= 30, "\(next.out)")

    let skipped = try await pomo("skip")
    #expect(skipped.status == 0)
    #expect(skipped.out.hasPrefix("REST break "), "\(skipped.out)")
    #expect((4 * 60...5 * 60).contains(secondsLeft(skipped.out) ?? 0))

    let stop = try await pomo("stop")
    #expect(stop.status == 0)
    #expect(stop.out.hasPrefix("Stopped "), "\(stop.out)")
    await session.waitForExit()
    #expect(session.terminationStatus == 130)
    #expect(try await pomo("status").out == "idle\n")
    #expect(!FileManager.default.fileExists(atPath: socketPath))

    let record = try #require(try records().first)
    #expect(try records().count == 1)
    #expect(record.status == .interrupted)
    #expect(record.interruption == .quit)
    #expect(record.phases.map(\.name) == ["focus", "break"])
    #expect(record.phases.map(\.completed) == [false, false])
    #expect(record.phases[0].extendedSeconds == 360)
    #expect(record.phases[0].pausedSeconds > 0)
  }

  static let commands: [[String]] = [
    ["pause"], ["toggle"], ["skip"], ["extend"], ["extend", "5m"], ["next"], ["stop"],
  ]

  @Test("nothing running: each command says so and exits 1", arguments: commands)
  func nothingRunning(command: [String]) async throws {
    defer { home.cleanUp() }
    let result = try await runPomo(command, environment: environment)
    #expect(result.status == 1)
    #expect(result.err == "Error: no session is running\n")
    #expect(result.out == "")
  }

  @Test("a dead session's socket: nothing runs; the next session replaces it and is reached")
  func staleSocket() async throws {
    defer { home.cleanUp() }
    let dead = try launch(["start", home.file("long.json")], name: "dead")
    #expect(await waitForSession())
    kill(dead.processIdentifier, SIGKILL)
    await dead.waitForExit()
    #expect(FileManager.default.fileExists(atPath: socketPath))
    // The dead session is recorded on the way, as any command that looks for it does.
    let refused = try await pomo("pause")
    #expect(refused.status == 1)
    #expect(refused.err.hasPrefix("pomo: the long session started at "), "\(refused.err)")
    #expect(
      refused.err.hasSuffix("; 'pomo resume' continues it\nError: no session is running\n"), "\(refused.err)")

    // A focus long enough for the two commands below on a loaded machine, then a short break.
    let slow = try home.write(
      "slow.json",
      #"{"round": [{"name": "go", "kind": "work", "duration": "60s"}, {"name": "breathe", "kind": "rest", "duration": "2s"}]}"#
    )
    let session = try launch(["start", slow], name: "session")
    #expect(await waitForSession())
    // A second start is refused by the lock and leaves the first session's socket alone.
    let second = try await pomo("start", home.file("long.json"))
    #expect(second.status == 1)
    let skipped = try await pomo("skip")
    #expect(skipped.status == 0)
    #expect(skipped.out.hasPrefix("REST breathe 0:0"), "\(skipped.out)")
    await session.waitForExit()
    #expect(session.terminationStatus == 0)
    let record = try #require(try records().last)
    #expect(record.phases.map(\.completed) == [false, true])
  }

  @Test("a socket folder that cannot be made: a warning, and the session runs and is recorded")
  func unusableFolder() async throws {
    defer { home.cleanUp() }
    try home.write("run/pomo", "not a folder")
    let result = try await pomo("start", home.file("tiny.json"))
    #expect(result.status == 0)
    #expect(
      result.err
        == "pomo: warning: this session has no control socket: cannot use the folder \(socketFolder): not a folder; 'pomo pause', 'pomo stop' and 'pomo status --follow' cannot reach it\n"
    )
    #expect(try records().count == 1)
  }

  @Test("bad arguments are usage errors before anything is sent")
  func badDuration() async throws {
    defer { home.cleanUp() }
    let result = try await pomo("extend", "soon")
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: '<duration>' must be a duration like 25m, 1h30m or 90s, got 'soon'\n"))
  }

  // MARK: - The feed

  @Test("status --follow: each second, pause and resume, each phase, idle, then the next session")
  func follow() async throws {
    defer { home.cleanUp() }
    let follower = try launch(["status", "--follow"], name: "follow")
    func lines() -> [String] { (home.read("follow.out") ?? "").split(separator: "\n").map(String.init) }
    #expect(await waitUntil { lines() == ["idle"] })

    let first = try launch(["start", home.file("tiny.json")], name: "first")
    #expect(await waitUntil { lines().count > 1 })
    let paused = try await pomo("pause")
    #expect(paused.status == 0)
    let pauseLine = String(paused.out.dropLast())
    #expect(await waitUntil { lines().contains(pauseLine) }, "\(lines())")
    let resumed = try await pomo("resume")
    #expect(resumed.status == 0)
    #expect(await waitUntil { !first.isRunning })
    #expect(await waitUntil { lines().last == "idle" && lines().count > 4 })

    let second = try launch(["start", home.file("tiny.json")], name: "second")
    #expect(await waitUntil { !second.isRunning })
    #expect(await waitUntil { lines().filter { $0 == "idle" }.count == 3 }, "\(lines())")

    let all = lines()
    let idles = all.indices.filter { all[$0] == "idle" }
    #expect(idles.first == 0 && idles.last == all.count - 1)
    let sessions = [Array(all[idles[0] + 1..<idles[1]]), Array(all[idles[1] + 1..<idles[2]])]
    for lines in sessions {
      // Every second of every phase is shown, in order.
      var at = 0
      for expected in ["WORK go 0:02", "WORK go 0:01", "REST breathe 0:02", "REST breathe 0:01"] {
        let found = lines[at...].firstIndex { $0.hasPrefix(expected + " ") }
        #expect(found != nil, "\(expected) not in \(lines)")
        at = found ?? at
      }
      #expect(lines.allSatisfy { $0.hasPrefix("WORK go ") || $0.hasPrefix("REST breathe ") || $0.hasPrefix("PAUSED ") })
    }
    // The pause shows, then the phase goes on.
    let pausedAt = try #require(sessions[0].firstIndex(of: pauseLine))
    #expect(sessions[0][(pausedAt + 1)...].first?.hasPrefix("PAUSED") == false)
    #expect(!sessions[1].contains { $0.hasPrefix("PAUSED") })
    #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
    #expect(follower.isRunning)
  }

  static let followFormats: [(format: String, idle: String)] = [
    ("text", "idle"), ("json", #"{"state":"idle"}"#), ("waybar", "waybar"), ("i3blocks", "i3blocks"),
    ("{badge} {remaining}", ""),
  ]

  @Test(
    "status --follow in each format: the idle form, a line per second in that format, idle again",
    arguments: followFormats)
  func followFormat(format: String, idle: String) async throws {
    defer { home.cleanUp() }
    _ = try launch(["status", "--follow", "--format", format], name: "follow")
    func lines() -> [String] {
      (home.read("follow.out") ?? "").split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
        String.init)
    }
    #expect(await waitUntil { lines().count == 1 })
    let session = try launch(["start", home.file("tiny.json")], name: "session")
    #expect(await waitUntil { !session.isRunning })
    #expect(await waitUntil { lines().count >= 5 && lines().last == lines().first }, "\(lines())")
    let all = lines()
    let running = all.dropFirst().dropLast()
    #expect(running.count >= 4, "\(all)")
    switch format {
    case "text":
      #expect(all.first == "idle")
      #expect(running.allSatisfy { $0.hasPrefix("WORK go ") || $0.hasPrefix("REST breathe ") })
    case "json", "waybar", "i3blocks":
      for line in all {
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(object != nil, "\(line)")
        if format == "waybar" {
          #expect(Set((object ?? [:]).keys) == ["text", "alt", "tooltip", "class", "percentage"])
        }
        if format == "i3blocks" { #expect(object?["full_text"] != nil) }
      }
      if format == "json" { #expect(all.first == idle) }
      #expect(running.contains { $0.contains("breathe") })
    default:
      #expect(all.first == "")
      #expect(running.allSatisfy { $0.hasPrefix("WORK ") || $0.hasPrefix("REST ") }, "\(all)")
    }
  }

  /// A process's CPU so far (nanoseconds) and its voluntary context switches (its wake-ups).
  func usage(_ pid: Int32) -> (cpu: Int, wakeups: Int)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/schedstat", encoding: .utf8),
      let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let cpu = stat.split(separator: " ").first.flatMap({ Int($0) }),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
      let wakeups = line.split(separator: "\t").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
    else { return nil }
    return (cpu, wakeups)
  }

  /// The follower's usage once it has gone back to sleep: a follower preempted just after
  /// writing its line would otherwise finish that work, and wake no more, inside the interval.
  func settledUsage(_ pid: Int32) async -> (cpu: Int, wakeups: Int)? {
    var settled: (cpu: Int, wakeups: Int)?
    _ = await waitUntil {
      let first = usage(pid)
      await pause(milliseconds: 200)
      settled = usage(pid)
      return first != nil && first?.cpu == settled?.cpu && first?.wakeups == settled?.wakeups
    }
    return settled
  }

  @Test("a follower waits without waking: between sessions and while a session is paused")
  func followerSleeps() async throws {
    defer { home.cleanUp() }
    let follower = try launch(["status", "--follow"], name: "follow")
    #expect(await waitUntil { home.read("follow.out") == "idle\n" })
    // Measured over an interval on purpose: a follower that polled would wake in it.
    let pid = follower.processIdentifier
    let before = try #require(await settledUsage(pid))
    await pause(milliseconds: 1500)
    let idle = try #require(usage(pid))
    #expect(idle.wakeups == before.wakeups && idle.cpu == before.cpu, "\(before) → \(idle)")

    _ = try await startLong()
    #expect(try await pomo("pause").status == 0)
    #expect(await waitUntil { (home.read("follow.out") ?? "").contains("PAUSED focus") })
    let paused = try #require(await settledUsage(pid))
    await pause(milliseconds: 1500)
    let still = try #require(usage(pid))
    #expect(still.wakeups == paused.wakeups && still.cpu == paused.cpu, "\(paused) → \(still)")
    #expect(try await pomo("stop").status == 0)
    #expect(await waitUntil { (home.read("follow.out") ?? "").hasSuffix("idle\n") })
  }

  // MARK: - Other users

  /// Runs `pomo ARGS` as nobody (uid 65534), as root may.
  func asNobody(_ arguments: [String]) async throws -> Finished {
    try await runProgram(
      ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", pomoBinary] + arguments,
      environment: environment)
  }

  @Test(
    "another user is refused: by the folder's and socket's modes, and by the session's peer check",
    .enabled(if: getuid() == 0, "needs root, to run a client as another user"))
  func otherUserRefused() async throws {
    defer { home.cleanUp() }
    let session = try await startLong()
    // The way to the folder is open; the folder (0700) and the socket (0600) are not.
    for folder in [home.path, runtime] { chmod(folder, 0o755) }
    // nobody's client will not talk to a socket in root's folder.
    let blocked = try await asNobody(["pause"])
    #expect(blocked.status == 1)
    #expect(
      blocked.err
        == "Error: will not trust the control socket \(socketPath): the folder \(socketFolder) belongs to user 0, not to you (65534); set XDG_RUNTIME_DIR to a folder only you can write\n"
    )

    // With the modes opened (for this test only), the session itself refuses: SO_PEERCRED.
    chmod(socketFolder, 0o711)
    chmod(socketPath, 0o666)
    for request in ["pause", "stop", "extend 3600000"] {
      let reply = try await runProgram(
        [
          "/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c",
          Self.rawClient, socketPath, request,
        ], environment: environment)
      #expect(reply.status == 0 && reply.out == "", "\(reply)")
    }
    // Back to the modes the session made, which its own user's client asks for.
    chmod(socketFolder, 0o700)
    let status = try await pomo("status")
    #expect(status.out.hasPrefix("WORK focus 2"), "\(status.out)")
    #expect(session.isRunning)
    #expect(try await pomo("stop").status == 0)
    await session.waitForExit()
    let record = try #require(try records().first)
    #expect(record.phases.count == 1)
    #expect(record.phases[0].pausedSeconds == 0)
    #expect(record.phases[0].extendedSeconds == 0)
  }

  @Test(
    "a session run by nobody refuses root: the peer check, with no mode changed",
    .enabled(if: getuid() == 0, "needs root, to run the session as another user"))
  func sessionOfAnotherUser() async throws {
    defer { home.cleanUp() }
    // nobody's HOME and runtime folder, as that user would have them.
    for folder in [home.path, runtime] { chmod(folder, 0o777) }
    let session = try launch(
      ["start", home.file("long.json")], name: "session",
      prefix: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    #expect(await waitUntil { FileManager.default.fileExists(atPath: socketPath) })
    #expect(Platform.mode(socketFolder) == 0o700 && Platform.mode(socketPath) == 0o600)
    // Root's client will not talk to nobody's socket; and were it to, the session itself
    // refuses it (SO_PEERCRED), though root passes the file modes.
    let refused = try await pomo("pause")
    #expect(refused.status == 1)
    #expect(
      refused.err
        == "Error: will not trust the control socket \(socketPath): the folder \(socketFolder) belongs to user 65534, not to you (0); set XDG_RUNTIME_DIR to a folder only you can write\n"
    )
    let fd = try UnixSocket.connect(path: socketPath)
    var pause = Array("pause\n".utf8)
    _ = Platform.writeAll(fd, &pause)
    #expect(UnixSocket.waitReadable(fd, milliseconds: 10_000))
    #expect(UnixSocket.receive(fd) == .end)
    UnixSocket.close(fd)
    #expect(try await asNobody(["status"]).out.hasPrefix("WORK focus 2"))
    #expect(try await asNobody(["pause"]).out.hasPrefix("PAUSED focus 2"))
    #expect(try await asNobody(["stop"]).out.hasPrefix("Stopped "))
    await session.waitForExit()
    #expect(session.terminationStatus == 130)
  }

  /// A client with no checks of its own, in Python: connects to argv[1], sends argv[2] and a
  /// newline, prints what comes back until the connection closes.
  static let rawClient = """
    import socket, sys
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(20)
    s.connect(sys.argv[1])
    # A session that refuses the peer may close before the request is sent: no answer either way.
    try:
        s.sendall(sys.argv[2].encode() + b"\\n")
    except (BrokenPipeError, ConnectionResetError):
        sys.exit(0)
    out = b""
    while True:
        try:
            data = s.recv(65536)
        except ConnectionResetError:
            break
        if not data:
            break
        out += data
    sys.stdout.write(out.decode())
    """

  // MARK: - Fuzz

  /// Sends `bytes` in pieces, then reads what comes back until the session closes or
  /// `wait` seconds pass; closes the connection.
  func exchange(_ pieces: [[UInt8]], wait: Double = 10, close: Bool = true) throws -> String {
    let fd = try UnixSocket.connect(path: socketPath)
    defer { UnixSocket.close(fd) }
    for piece in pieces {
      var bytes = piece
      _ = Platform.writeAll(fd, &bytes)
    }
    guard close else { return "" }
    var received: [UInt8] = []
    let giveUp = Date().addingTimeInterval(wait)
    while Date() < giveUp {
      guard UnixSocket.waitReadable(fd, milliseconds: 100) else { continue }
      switch UnixSocket.receive(fd, limit: 65536) {
      case .bytes(let bytes): received += bytes
      case .nothing: continue
      case .end: return String(decoding: received, as: UTF8.self)
      }
    }
    return String(decoding: received, as: UTF8.self)
  }

  static let malformed: [String] = [
    "PAUSE\n", "pause \n", " pause\n", "pause now\n", "pause\0\n", "skip\r\n", "stop stop\n", "pausé\n", "\n",
    "extend\n", "extend 0\n", "extend -1\n", "extend 1e3\n", "extend 1.5\n", "extend 86400001\n",
    "extend 99999999999999999999\n", "extend 60 60\n", "{\"command\":\"pause\"}\n", "\u{1b}[2J\n",
  ]

  @Test("fuzz over a real socket: malformed, oversized, half-sent and random messages change nothing")
  func fuzz() async throws {
    defer { home.cleanUp() }
    let session = try await startLong()
    let before = try #require(try client.send(.state))

    // Each malformed request is answered with an error, and the connection closed.
    for text in Self.malformed {
      let reply = try exchange([Array(text.utf8)])
      let oneError = reply.hasPrefix("error ") && reply.hasSuffix("\n") && reply.filter { $0 == "\n" }.count == 1
      #expect(oneError, "\(text.debugDescription) → \(reply.debugDescription)")
    }
    // Oversized, with or without a newline at the end.
    let long = [UInt8](repeating: UInt8(ascii: "p"), count: 5000)
    #expect(try exchange([long]) == "error a request is at most 4096 bytes\n")
    #expect(try exchange([long + [0x0A]]) == "error a request is at most 4096 bytes\n")
    #expect(try exchange([Array("pause ".utf8) + long + [0x0A]]).hasPrefix("error "))
    // Half-sent: a request cut short before its newline is dropped with the connection.
    for text in ["pause", "stop", "skip", "extend 600000", "toggle"] {
      _ = try exchange([Array(text.utf8)], close: false)
    }
    // A half-sent request held open while others come and go; more connections than the limit.
    let held = try UnixSocket.connect(path: socketPath)
    var start = Array("sto".utf8)
    _ = Platform.writeAll(held, &start)
    let crowd = try (0..<(ControlServer.connectionLimit + 10)).map { _ in try UnixSocket.connect(path: socketPath) }
    #expect(try client.send(.state) != nil)
    crowd.forEach(UnixSocket.close)
    UnixSocket.close(held)

    // Random bytes, in random pieces, any of them cut short; none is a whole command.
    var random = SplitMix64(state: 0x5EED_C0DE)
    let alphabet = Array("pausekiptogle xnd0123\n".utf8)
    for _ in 0..<300 {
      let count = Int.random(in: 0...6000, using: &random)
      var bytes = (0..<count).map { _ in
        Bool.random(using: &random)
          ? UInt8.random(in: 0...255, using: &random) : alphabet.randomElement(using: &random)!
      }
      // Whole lines that happen to be commands are made harmless.
      var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      for i in lines.indices {
        if case .success(.command) = ControlProtocol.request(lines[i][...]) { lines[i].insert(0x21, at: 0) }
      }
      bytes = Array(lines.joined(separator: [0x0A]))
      let cut = Int.random(in: 0...bytes.count, using: &random)
      _ = try exchange([Array(bytes[..<cut]), Array(bytes[cut...])], wait: 2, close: Bool.random(using: &random))
    }

    // The session runs on as before: not paused, not skipped, not extended.
    let after = try #require(try client.send(.state))
    #expect(after.phaseName == "focus")
    #expect(after.pausedAt == nil)
    #expect(after.deadline == before.deadline)
    #expect(after.phaseLengthSeconds == 1500)
    #expect(try await pomo("stop").out.hasPrefix("Stopped "))
    await session.waitForExit()
    #expect(session.terminationStatus == 130)
    let record = try #require(try records().first)
    #expect(record.interruption == .quit)
    #expect(record.phases.count == 1)
    #expect(record.phases[0].pausedSeconds == 0 && record.phases[0].extendedSeconds == 0)
  }
}
