import Foundation
import PomoJournalTestSupport
import PomoSession
import PomoTestSupport
import Testing

import PomoJournal

/// The journal through the real binary: real processes, real files, a temporary HOME.
@Suite("End to end: journal", .endToEnd)
struct EndToEndJournalTests {
  let home: PomoHome

  init() throws {
    home = try PomoHome(presets: [
      "tiny": PomoHome.tinyPreset, "long": PomoHome.longPreset,
      "slow": #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "8s"}]}"#,
    ])
  }

  func records(_ path: String? = nil) throws -> [JournalRecord] { try journalRecords(path ?? home.journalPath) }

  @Test("a completed session is recorded with tags, note, phases and private files")
  func recorded() async throws {
    defer { home.cleanUp() }
    let result = try await runPomo(
      ["start", home.file("tiny.json"), "--tag", "thesis", "-t", "ch3", "--note", "first draft"],
      environment: home.environment)
    #expect(result.status == 0)
    let all = try home.records()
    #expect(all.count == 1)
    let record = try #require(all.first)
    #expect(record.status == .completed)
    #expect(record.tags == ["thesis", "ch3"])
    #expect(record.note == "first draft")
    #expect(record.phases.map(\.name) == ["go", "breathe"])
    #expect(record.phases.allSatisfy { $0.completed && abs($0.elapsedSeconds - 1) < 0.05 })
    #expect(abs(record.focusSeconds - 1) < 0.05)
    let mode = try FileManager.default.attributesOfItem(atPath: home.journalPath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let folderMode =
      try FileManager.default.attributesOfItem(atPath: home.file(".local/share/pomo"))[.posixPermissions] as? Int
    #expect(folderMode == 0o700)
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
  }

  @Test("20 processes appending 200 records each at once: every line valid, none missing")
  func concurrentAppends() async throws {
    defer { home.cleanUp() }
    var sources: [String] = []
    for p in 0..<20 {
      var lines: [String] = []
      for i in 0..<200 {
        let record = JournalRecord(
          id: "p\(p)-r\(i)", preset: "work", status: .completed, start: 1_764_489_600 + Double(i * 60),
          end: 1_764_489_660 + Double(i * 60),
          tags: ["load"], host: "h\(p)", rounds: 1,
          phases: [
            JournalPhase(
              name: "focus", kind: .work, round: 1, start: 1_764_489_600, end: 1_764_489_660, plannedSeconds: 60,
              elapsedSeconds: 60, completed: true)
          ])
        lines.append(record.json(offset: { _ in 3600 }).text)
      }
      sources.append(try home.write("source-\(p).jsonl", lines.joined(separator: "\n") + "\n"))
    }
    let processes = try sources.map { try home.launch(["import", $0, "--journal", home.journalPath]) }
    for process in processes { await process.waitForExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let text = try String(contentsOfFile: home.journalPath, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")
    #expect(lines.count == 4001)
    let ids = try lines.dropLast().map { try JournalRecord(line: Array($0.utf8)).id }
    #expect(Set(ids).count == 4000)
  }

  @Test("kill -9: the next command records the session as interrupted, says so, and resume finishes it")
  func killNine() async throws {
    defer { home.cleanUp() }
    let process = try home.launch(["start", home.file("slow.json"), "--tag", "x"])
    // Wait until the second phase has started (the state file is rewritten at every phase change);
    // its 8 s leave room for a status and the kill on a loaded machine.
    #expect(await waitUntil { SessionState.read(path: home.statePath)?.phaseIndex == 1 })
    let status = try await home.run(["status", "--json"])
    #expect(status.out.hasPrefix(#"{"state":"running","preset":"slow","phase":"breathe","kind":"rest","#))
    kill(process.processIdentifier, SIGKILL)
    await process.waitForExit()
    #expect(FileManager.default.fileExists(atPath: home.statePath))

    let log = try await home.run(["log"])
    #expect(log.status == 0)
    #expect(log.err.hasPrefix("pomo: the slow session started at "))
    #expect(
      log.err.hasSuffix(
        "ended unexpectedly; recorded as interrupted (1 phase done, focus 0:01); 'pomo resume' continues it\n"))
    #expect(log.err.split(separator: "\n").count == 1)
    #expect(log.out.contains("  slow    interrupted   0:01  x") || log.out.contains("  slow    interrupted  0:01  x"))
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
    let interrupted = try #require(try home.records().first)
    #expect(interrupted.status == .interrupted)
    #expect(interrupted.interruption == .crash)
    #expect(interrupted.phases.count == 2)
    #expect(interrupted.phases[0].completed && interrupted.phases[1].completed == false)
    #expect(interrupted.phases[1].elapsedSeconds < 8)

    // Recovery happens once.
    #expect(try await home.run(["log"]).err == "")

    let resumed = try await home.run(["resume", "--no-input"])
    #expect(resumed.status == 0)
    #expect(resumed.out.contains("  start   breathe (rest"))
    let all = try home.records()
    #expect(all.count == 2)
    #expect(all[1].resumedFrom == interrupted.id)
    #expect(all[1].status == .completed)
    #expect(all[1].tags == ["x"])
    #expect(all[1].phases.map(\.name) == ["breathe"])
    #expect(try await home.run(["resume"]).status == 1)
  }

  @Test("q in a terminal records the session as interrupted with the phases so far", arguments: ["q", "\u{03}"])
  func quitRecords(key: String) async throws {
    defer { home.cleanUp() }
    let pty = try home.terminal(["start", home.file("long.json")])
    // Once a second of the phase has passed, so the phase so far is a real one.
    #expect(await pty.waitForText("24:59"))
    pty.send(key)
    #expect(await pty.waitForExit() == 130)
    let record = try #require(try home.records().first)
    #expect(record.status == .interrupted)
    #expect(record.interruption == .quit)
    #expect(record.phases.count == 1)
    #expect(record.phases[0].completed == false)
    #expect(record.phases[0].elapsedSeconds > 0.2)
  }

  @Test("SIGTERM records the session as interrupted by a signal")
  func sigterm() async throws {
    defer { home.cleanUp() }
    let process = try home.launch(["start", home.file("long.json")])
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    process.terminate()
    await process.waitForExit()
    #expect(process.terminationStatus == 143)
    #expect(try home.records().first?.interruption == .signal)
  }

  @Test(
    "a journal on a full disk: a clear error, the record on stderr as JSON, exit 1",
    .enabled(if: getuid() == 0, "mounting a tiny full file system needs root"))
  func diskFull() async throws {
    defer { home.cleanUp() }
    // A tmpfs of one page, filled up: the journal exists and is writable, but a byte more fails.
    let disk = home.file("disk")
    try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
    let mount = Process()
    mount.executableURL = URL(fileURLWithPath: "/bin/mount")
    mount.arguments = ["-t", "tmpfs", "-o", "size=4k", "tmpfs", disk]
    try mount.run()
    await mount.waitForExit()
    try #require(mount.terminationStatus == 0, "cannot mount a tmpfs here")
    defer {
      let umount = Process()
      umount.executableURL = URL(fileURLWithPath: "/bin/umount")
      umount.arguments = [disk]
      try? umount.run()
      umount.waitUntilExit()
    }
    #expect(FileManager.default.createFile(atPath: disk + "/journal.jsonl", contents: Data()))
    #expect(FileManager.default.createFile(atPath: disk + "/filler", contents: Data(count: 4096)))
    let result = try await home.run(["start", home.file("tiny.json"), "--journal", disk + "/journal.jsonl"])
    #expect(result.status == 1)
    let lines = result.err.split(separator: "\n")
    #expect(
      lines.first
        == "Error: cannot write the journal \(disk)/journal.jsonl: no space left on device; it is kept in \(home.file(".local/state/pomo/unrecorded.jsonl")), and the next pomo records it; the record follows:"
    )
    let record = try JournalRecord(line: Array(try #require(lines.last).utf8))
    #expect(record.status == .completed)
    #expect(record.phases.count == 2)
  }

  // (A folder is a journal of one file per machine, so it is not among these.)
  @Test("a journal that can never take the record is refused before anything runs", arguments: ["/dev/full", "fifo"])
  func unusableJournal(kind: String) async throws {
    defer { home.cleanUp() }
    var path = kind
    if kind == "fifo" {
      path = home.file("fifo")
      #expect(mkfifo(path, 0o600) == 0)
    }
    let result = try await home.run(["start", home.file("tiny.json"), "--journal", path], timeout: 60)
    #expect(result.status == 1)
    #expect(result.err == "Error: cannot record to the journal \(path): not a regular file\n")
    #expect(result.out.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
  }

  @Test("a journal in a read-only folder is refused before anything runs, naming it")
  func readOnlyFolder() async throws {
    defer { home.cleanUp() }
    let locked = home.file("locked")
    let state = home.file("state")
    for folder in [locked, state] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
    var arguments = [pomoBinary, "start", home.file("tiny.json"), "--journal", locked + "/journal.jsonl"]
    // Root ignores folder permissions, so run as nobody, as a user would be.
    if getuid() == 0 {
      try FileManager.default.setAttributes([.ownerAccountID: 65534], ofItemAtPath: state)
      arguments = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
    }
    var env = home.environment
    env["XDG_STATE_HOME"] = state
    let result = try await runProgram(arguments, environment: env)
    #expect(result.status == 1)
    #expect(result.err == "Error: cannot record to the journal \(locked)/journal.jsonl: permission denied\n")
    #expect(!FileManager.default.fileExists(atPath: locked + "/journal.jsonl"))
  }

  @Test("damaged lines are skipped with a warning naming the line; --strict makes them an error")
  func damagedJournal() async throws {
    defer { home.cleanUp() }
    #expect(try await home.run(["start", home.file("tiny.json")]).status == 0)
    let good = try String(contentsOfFile: home.journalPath, encoding: .utf8)
    try (good + "\n{garbage\n" + good + String(good.prefix(30))).write(
      toFile: home.journalPath, atomically: true, encoding: .utf8)
    let log = try await home.run(["log"])
    #expect(log.status == 0)
    #expect(
      log.err == """
        pomo: warning: \(home.journalPath):3: skipped a damaged line: invalid JSON at column 2: expected a key in double quotes

        """)
    #expect(log.out.split(separator: "\n").count == 2)  // header and one session: the duplicate counts once
    // The last line had no newline: it may have been a write in progress. Once a line follows, it is damaged.
    try (good + "\n{garbage\n" + good + String(good.prefix(30)) + "\n").write(
      toFile: home.journalPath, atomically: true, encoding: .utf8)
    let later = try await home.run(["log"])
    #expect(
      later.err == """
        pomo: warning: \(home.journalPath):3: skipped a damaged line: invalid JSON at column 2: expected a key in double quotes
        pomo: warning: \(home.journalPath):5: skipped a damaged line: invalid JSON: the line ends early (unterminated string)

        """)
    let strict = try await home.run(["log", "--strict"])
    #expect(strict.status == 65)
    #expect(
      strict.err == "Error: \(home.journalPath):3: damaged line: invalid JSON at column 2: expected a key in double quotes\n"
    )
  }

  @Test("log: newest first, --limit, --json; POMO_JOURNAL and --journal choose the file")
  func log() async throws {
    defer { home.cleanUp() }
    let other = home.file("elsewhere.jsonl")
    var lines: [String] = []
    for i in 0..<5 {
      let start = 1_764_489_600 + Double(i) * 86_400
      lines.append(
        JournalRecord(
          id: "r\(i)", preset: i % 2 == 0 ? "work" : "hiit", status: i == 3 ? .interrupted : .completed, start: start,
          end: start + 1500,
          tags: i == 4 ? ["thesis"] : [], host: "h", rounds: 1,
          phases: [
            JournalPhase(
              name: "f", kind: .work, round: 1, start: start, end: start + 1500, plannedSeconds: 1500,
              elapsedSeconds: 1500, completed: true)
          ]
        ).json(offset: { _ in 0 }).text)
    }
    try (lines.shuffled().joined(separator: "\n") + "\n").write(toFile: other, atomically: true, encoding: .utf8)
    var env = home.environment
    env["POMO_JOURNAL"] = other
    env["TZ"] = "UTC"
    let text = try await runPomo(["log", "--limit", "3"], environment: env)
    #expect(
      text.out == """
        ID  DATE        START  PRESET  STATUS       FOCUS  TAGS
        r4  2025-12-04  08:00  work    completed    25:00  thesis
        r3  2025-12-03  08:00  hiit    interrupted  25:00
        r2  2025-12-02  08:00  work    completed    25:00

        """)
    let json = try await home.run(["log", "--json", "-n", "2", "--journal", other])
    let array = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
    #expect(array?.map { $0["id"] as? String } == ["r4", "r3"])
    let empty = try await home.run(["log"])
    #expect(empty.out == "No sessions recorded yet. Start one with 'pomo start work'.\n")
    #expect(try await home.run(["log", "--json"]).out == "[]\n")
  }

  @Test("status: idle, and the documented JSON shape while running")
  func status() async throws {
    defer { home.cleanUp() }
    #expect(try await home.run(["status"]).out == "idle\n")
    #expect(try await home.run(["status", "--json"]).out == "{\"state\":\"idle\"}\n")
    let process = try home.launch(["start", home.file("long.json"), "--tag", "deep"])
    defer { process.terminate() }
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    let text = try await home.run(["status"])
    #expect(text.out.hasPrefix("WORK focus 2"))
    #expect(text.out.hasSuffix(" (0%, round 1/1)\n"))
    let json = try await home.run(["status", "--json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "state", "preset", "phase", "kind", "remaining_seconds", "remaining", "phase_progress", "session_progress",
        "phase_index", "phase_count", "round", "rounds", "deadline", "started", "tags", "pid",
      ])
    #expect(object["state"] as? String == "running")
    #expect(object["tags"] as? [String] == ["deep"])
    #expect((object["remaining_seconds"] as? Int ?? 0) > 1490)
    // A second session refuses to start while one runs.
    let second = try await home.run(["start", "work"])
    #expect(second.status == 1)
    #expect(second.err.hasPrefix("Error: a session is already running (long, pid "))
  }
}
