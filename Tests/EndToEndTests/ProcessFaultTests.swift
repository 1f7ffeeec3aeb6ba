import Foundation
import PomoJournalTestSupport
import PomoSession
import PomoTestSupport
import Testing

import PomoJournal
import PomoPlatform

/// Faults that need real processes: one session at a time, liveness by lock, files that are not
/// regular files, signals and pipes, hooks and their children.
@Suite("Processes, locks, files, signals and hooks under faults", .endToEnd)
struct ProcessFaultTests {
  let home: PomoHome

  init() throws { home = try PomoHome() }

  /// A second `pomo start` while `first` runs: refused, naming it, and nothing recorded; then
  /// `first` is ended with SIGTERM.
  func secondStartRefused(while first: Process) async throws {
    let second = try await home.run(["start", home.file("tiny.json")])
    #expect(second.status == 1)
    #expect(second.err.hasPrefix("Error: a session is already running (long, pid \(first.processIdentifier))"))
    #expect(try home.records().isEmpty)
    first.terminate()
    await first.waitForExit()
  }

  /// A session killed with SIGKILL, leaving its state file behind.
  func deadSession() async throws {
    let process = try home.launch(["start", home.file("long.json")], name: "dead")
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    kill(process.processIdentifier, SIGKILL)
    await process.waitForExit()
  }

  // MARK: - One session at a time; liveness by lock

  @Test("one session at a time: of 20 simultaneous starts exactly one runs, 19 exit 1 at once")
  func simultaneousStarts() async throws {
    defer { home.cleanUp() }
    let processes = try (0..<20).map { try home.launch(["start", home.file("long.json")], name: "start\($0)") }
    defer { processes.forEach { if $0.isRunning { kill($0.processIdentifier, SIGKILL) } } }
    // Nineteen give up without waiting for the session; the winner keeps running.
    #expect(await waitUntil { processes.filter(\.isRunning).count <= 1 })
    let running = processes.filter(\.isRunning)
    #expect(running.count == 1)
    let losers = processes.filter { !$0.isRunning }
    for process in losers {
      await process.waitForExit()
      #expect(process.terminationStatus == 1)
    }
    let refused = (0..<20).map { home.read("start\($0).err") ?? "" }.filter {
      $0.hasPrefix("Error: a session is already running")
    }
    #expect(refused.count == 19)
    for process in running {
      process.terminate()
      await process.waitForExit()
    }
    #expect(try home.records().count == 1)
  }

  @Test("liveness by lock: a pomo installed under another name, or stopped, is alive; nothing is recovered")
  func livenessByLock() async throws {
    defer { home.cleanUp() }
    let renamed = home.file("bin/focus-timer")
    try await copyPomoBinary(to: renamed)
    let process = try home.launch(["start", home.file("long.json")], name: "renamed", program: renamed)
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    let status = try await home.run(["status"])
    #expect(status.out.hasPrefix("WORK focus "))
    #expect(status.err.isEmpty)
    kill(process.processIdentifier, SIGSTOP)
    let stopped = try await home.run(["status"])
    #expect(stopped.out.hasPrefix("WORK focus "))
    kill(process.processIdentifier, SIGCONT)
    try await secondStartRefused(while: process)
    let written = try home.records()
    #expect(written.count == 1)
    #expect(written.first?.interruption == .signal)
  }

  @Test("one recovery: ten status at once over a dead session append one record")
  func tenStatuses() async throws {
    defer { home.cleanUp() }
    try await deadSession()
    let processes = try (0..<10).map { try home.launch(["status", "--json"], name: "status\($0)") }
    for process in processes { await process.waitForExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let written = try home.records()
    #expect(written.count == 1)
    #expect(written.first?.interruption == .crash)
    let said = (0..<10).map { home.read("status\($0).err") ?? "" }.filter { $0.contains("ended unexpectedly") }
    #expect(said.count == 1)
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
  }

  @Test("one resume: two resumes at once continue the session once")
  func twoResumes() async throws {
    defer { home.cleanUp() }
    let interrupted = JournalRecord(
      id: "0123456789abcdef", preset: "tiny", status: .interrupted, interruption: .quit, start: 1_790_000_000,
      end: 1_790_000_001, host: "here", source: home.file("tiny.json"), rounds: 1,
      phases: [
        JournalPhase(
          name: "go", kind: .work, round: 1, start: 1_790_000_000, end: 1_790_000_001, plannedSeconds: 1,
          elapsedSeconds: 1, completed: true)
      ])
    try home.write(journalFile(home.path), interrupted.json(offset: { _ in 0 }).text + "\n")
    let processes = try (0..<2).map { try home.launch(["resume"], name: "resume\($0)") }
    for process in processes { await process.waitForExit() }
    // The second either meets the lock (exit 1) or, once the first runs, resumes it over the
    // control socket (exit 0, an unpause that changes nothing); it never runs the session twice.
    #expect(processes.allSatisfy { [0, 1].contains($0.terminationStatus) })
    #expect(processes.contains { $0.terminationStatus == 0 })
    let resumed = try home.records().filter { $0.resumedFrom == interrupted.id }
    #expect(resumed.count == 1)
    #expect(resumed.first?.phases.map(\.name) == ["breathe"])
  }

  @Test("a read-only state folder: start refuses and names the folder; nothing runs")
  func readOnlyStateFolder() async throws {
    defer { home.cleanUp() }
    let state = home.file("state")
    try FileManager.default.createDirectory(atPath: state + "/pomo", withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: home.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: state + "/pomo")
    var env = home.environment
    env["XDG_STATE_HOME"] = state
    env["POMO_JOURNAL"] = home.file("journal.jsonl")
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: home.path)
    var argv = [pomoBinary, "start", home.file("tiny.json")]
    if getuid() == 0 {  // Root ignores permissions: run as nobody, as a user would be.
      argv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + argv
    }
    let result = try await runProgram(argv, environment: env)
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: cannot use the state folder \(state)/pomo: permission denied; pomo keeps the running session there and will not run one without it\n"
    )
    #expect(result.out.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: home.file("journal.jsonl")))
  }

  // MARK: - State files that are damaged

  @Test("a truncated state file: its session is recorded from what survives, and said so")
  func truncatedStateFile() async throws {
    defer { home.cleanUp() }
    let process = try home.launch(["start", home.file("tiny.json"), "--tag", "kept"], name: "cut")
    // After the first phase: the saved record holds one finished phase.
    #expect(await waitUntil { SessionState.read(path: home.statePath)?.phaseIndex == 1 })
    kill(process.processIdentifier, SIGKILL)
    await process.waitForExit()
    let bytes = try #require(FileManager.default.contents(atPath: home.statePath))
    let text = String(decoding: bytes, as: UTF8.self)
    let cut = try #require(text.range(of: #""plan":"#)).upperBound
    try String(text[..<cut]).write(toFile: home.statePath, atomically: false, encoding: .utf8)
    let log = try await home.run(["log"])
    #expect(log.status == 0)
    #expect(log.err.contains("ended unexpectedly; recorded as interrupted (1 phase done"))
    #expect(log.err.contains("the state file was damaged, so the phase it was in is lost"))
    let saved = try #require(try home.records().first)
    #expect(saved.tags == ["kept"])
    #expect(saved.status == .interrupted)
    #expect(saved.phases.map(\.name) == ["go"])
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
  }

  @Test("a state file with nothing left to read is kept aside and said so plainly", arguments: ["", "{\"v\":1,\"pi", "\u{0}\u{0}"])
  func unreadableStateFile(contents: String) async throws {
    defer { home.cleanUp() }
    try home.write(".local/state/pomo/current.json", contents)
    let status = try await home.run(["status"])
    #expect(status.status == 0)
    #expect(status.out == "idle\n")
    #expect(
      status.err
        == "pomo: the session state file \(home.statePath) is damaged; its session could not be recorded (the file is kept as \(home.statePath).damaged)\n"
    )
    #expect(FileManager.default.fileExists(atPath: home.statePath + ".damaged"))
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
  }

  // MARK: - Nothing hangs on what is not a regular file

  @Test("nothing hangs on a FIFO, socket or device as a preset, the config or the journal")
  func notRegularFiles() async throws {
    defer { home.cleanUp() }
    let fifo = home.file("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let asPreset = try await home.run(["start", fifo], timeout: 60)
    #expect(asPreset.status == 65)
    #expect(asPreset.err == "Error: \(fifo): cannot read the file: not a regular file\n")
    let device = try await home.run(["start", "/dev/zero", "--dry-run"], timeout: 60)
    #expect(device.status == 65)
    #expect(device.err == "Error: /dev/zero: cannot read the file: not a regular file\n")

    try FileManager.default.createDirectory(atPath: home.file(".config/pomo"), withIntermediateDirectories: true)
    #expect(mkfifo(home.file(".config/pomo/config.json"), 0o600) == 0)
    let asConfig = try await home.run(["start", "work", "--dry-run"], timeout: 60)
    #expect(asConfig.status == 0)  // A dry run reads no config.
    let run = try await home.run(["start", home.file("tiny.json")], timeout: 60)
    #expect(run.status == 65)
    #expect(run.err == "Error: \(home.file(".config/pomo/config.json")): cannot read the file: not a regular file\n")
    #expect(try home.records().isEmpty)
  }

  @Test("bounded reads: a preset or config over the limit is an error, not a read of everything")
  func oversizedFiles() async throws {
    defer { home.cleanUp() }
    let big = home.file("big.json")
    #expect(FileManager.default.createFile(atPath: big, contents: Data(count: Platform.readLimit + 1)))
    let result = try await home.run(["start", big, "--dry-run"])
    #expect(result.status == 65)
    #expect(result.err == "Error: \(big): cannot read the file: larger than the limit of 4 MB\n")
  }

  @Test("an unreadable entry among the presets is a warning for 'presets' and never blocks the built-ins")
  func unreadablePresetEntries() async throws {
    defer { home.cleanUp() }
    let folder = home.file(".config/pomo/presets")
    try FileManager.default.createDirectory(atPath: folder + "/folder.json", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.json", withDestinationPath: "/nonexistent")
    #expect(mkfifo(folder + "/pipe.json", 0o600) == 0)
    try home.write(".config/pomo/presets/mine.json", #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}]}"#)
    let list = try await home.run(["presets"], timeout: 60)
    #expect(list.status == 0)
    #expect(list.out.contains("mine "))
    #expect(list.out.contains("work "))
    #expect(
      list.err.split(separator: "\n") == [
        "pomo: warning: skipped \(folder)/dangling.json: cannot read the file: no such file or directory",
        "pomo: warning: skipped \(folder)/folder.json: cannot read the file: is a directory",
        "pomo: warning: skipped \(folder)/pipe.json: cannot read the file: not a regular file",
      ])
    let start = try await home.run(["start", "work", "--dry-run"], timeout: 60)
    #expect(start.status == 0)
    let mine = try await home.run(["start", "mine"], timeout: 60)
    #expect(mine.status == 0)
    #expect(try home.records().count == 1)
  }

  // MARK: - Signals and pipes

  @Test("a closed stdout ends the session as a SIGPIPE would, recorded, the terminal restored")
  func closedPipe() async throws {
    defer { home.cleanUp() }
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    // `pomo start tiny | head -1` typed in a terminal: stdin is the terminal, stdout a pipe.
    let pty = try home.terminal(["start", home.file("tiny.json")], stdout: fds[1])
    close(fds[1])
    var byte: UInt8 = 0
    while read(fds[0], &byte, 1) == 1 && byte != 0x0A {}  // head -1
    close(fds[0])
    #expect(await pty.waitForExit() == 141)
    #expect(pty.isCooked)
    let record = try #require(try home.records().first)
    #expect(record.status == .interrupted)
    #expect(record.interruption == .signal)
    #expect(!FileManager.default.fileExists(atPath: home.statePath))
  }

  @Test("SIGTERM with stdout on a closed pipe: exit 143 and a signal record, not a crash")
  func sigtermClosedPipe() async throws {
    defer { home.cleanUp() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: pomoBinary)
    process.arguments = ["start", home.file("long.json")]
    process.environment = home.environment
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    try out.fileHandleForReading.close()
    process.terminate()
    await process.waitForExit()
    #expect(process.terminationStatus == 143)
    #expect(try home.records().first?.interruption == .signal)
  }

  // MARK: - Hooks die with their children

  @Test("hooks die with their children: a child that ignores SIGTERM is killed after the hook exits")
  func hookChildren() async throws {
    defer { home.cleanUp() }
    let pidFile = home.file("child.pid")
    let hook = try home.write(
      "hook.sh",
      """
      #!/bin/sh
      ( trap '' TERM; exec sleep 300 ) &
      echo $! > \(pidFile).tmp && mv \(pidFile).tmp \(pidFile)
      exit 0
      """)
    chmod(hook, 0o755)
    try home.write(".config/pomo/config.json", #"{"notify": false, "hooks": {"session_end": ["\#(hook)"]}}"#)
    let result = try await home.run(["start", home.file("tiny.json")])
    #expect(result.status == 0)
    #expect(await waitUntil { FileManager.default.fileExists(atPath: pidFile) })
    let child = try #require(Int32((home.read("child.pid") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
    // Gone within the grace period (a second after the hook exits), well before 300 s.
    #expect(await waitUntil { kill(child, 0) != 0 })
    if kill(child, 0) == 0 { kill(child, SIGKILL) }
  }

  @Test("a hook whose program does not exist gives one warning line")
  func missingHookProgram() async throws {
    defer { home.cleanUp() }
    try home.write(
      ".config/pomo/config.json", #"{"notify": false, "hooks": {"phase_end": ["no-such-program-pomo", "x"]}}"#)
    let result = try await home.run(["start", home.file("tiny.json")])
    #expect(result.status == 0)
    #expect(
      result.err
        == "pomo: warning: the phase_end hook's program 'no-such-program-pomo' is not found or not executable; it will not run\n"
    )
    #expect(try home.records().count == 1)
  }

  // MARK: - Cleaners, ending signals, devices, link loops and oversized input

  @Test("one session at a time: deleting files in the state folder does not let a second session in")
  func lockSurvivesCleaners() async throws {
    defer { home.cleanUp() }
    let journal = home.journalPath  // The machine id, made before the session reads it.
    let process = try home.launch(["start", home.file("long.json")], name: "first")
    #expect(await waitUntil { FileManager.default.fileExists(atPath: home.statePath) })
    for name in (try? FileManager.default.contentsOfDirectory(atPath: home.stateFolder)) ?? [] where name != "current.json" {
      try? FileManager.default.removeItem(atPath: home.stateFolder + "/" + name)
    }
    try await secondStartRefused(while: process)
    #expect(try journalRecords(journal).map(\.interruption) == [.signal])
  }

  @Test(
    "signals that would end pomo end the session properly: recorded, terminal restored, 128+N",
    arguments: [SIGUSR1, SIGQUIT, SIGALRM])
  func endingSignals(signal: Int32) async throws {
    defer { home.cleanUp() }
    let pty = try home.terminal(["start", home.file("long.json")])
    #expect(await pty.waitForText("WORK  focus"))
    kill(pty.pid, signal)
    #expect(await pty.waitForExit() == 128 + signal)
    #expect(pty.isCooked)
    #expect(pty.cursorShown)
    #expect(try home.records().map(\.interruption) == [.signal])
  }

  @Test("a TZ naming a FIFO warns and uses UTC; nothing hangs")
  func timeZoneFIFO() async throws {
    defer { home.cleanUp() }
    let fifo = home.file("zone")
    #expect(mkfifo(fifo, 0o600) == 0)
    var env = home.environment
    env["TZ"] = fifo
    for words in [["report", "--today"], ["log"]] {
      let result = try await runPomo(words, environment: env, timeout: 60)
      #expect(result.status == 0)
      #expect(result.err.contains("pomo: warning: TZ '\(fifo)' is neither a time zone"))
    }
  }

  @Test("import from standard input refuses a device that would never end")
  func importFromDevice() async throws {
    defer { home.cleanUp() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: pomoBinary)
    process.arguments = ["import", "-"]
    process.environment = home.environment
    process.standardInput = FileHandle(forReadingAtPath: "/dev/zero")
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    await process.waitForExit()
    #expect(process.terminationStatus == 1)
    #expect(text == "Error: cannot read the journal /dev/stdin: not a regular file\n")
  }

  @Test("a journal path that can never be written (a link loop) is refused before the session")
  func journalLinkLoop() async throws {
    defer { home.cleanUp() }
    let loop = home.file("loop.jsonl")
    try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
    let result = try await home.run(["start", home.file("tiny.json"), "--journal", loop])
    #expect(result.status == 1)
    #expect(result.err == "Error: cannot record to the journal \(loop): too many levels of symbolic links\n")
    #expect(result.out.isEmpty)
  }

  @Test("a journal of garbage names 20 damaged lines and counts the rest, for every reader")
  func boundedWarnings() async throws {
    defer { home.cleanUp() }
    try home.write(journalFile(home.path), String(repeating: "x\n", count: 500))
    for words in [["log"], ["report", "--today"], ["import", home.journalPath, "--journal", home.file("other.jsonl")]] {
      let result = try await home.run(words)
      // An import that gave nothing from a file that is not empty says so with 65.
      #expect(result.status == (words[0] == "import" ? 65 : 0), "\(words): \(result.err)")
      let lines = result.err.split(separator: "\n")
      #expect(lines.filter { $0.contains("skipped a damaged line") }.count == 20, "\(words)")
      #expect(lines.contains { $0.hasSuffix("skipped 480 more damaged lines (--strict names the first)") }, "\(words)")
    }
  }

  @Test("a record with 100,000 tags is counted in time proportional to it")
  func manyTags() async throws {
    defer { home.cleanUp() }
    let tags = (0..<100_000).map { "\"t\($0)\"" }.joined(separator: ",")
    let line =
      #"{"v":1,"id":"many","preset":"p","status":"completed","start":"2026-11-30T09:00:00Z","end":"2026-11-30T09:25:00Z","host":"h","rounds":1,"tags":["#
      + tags
      + #"],"phases":[{"name":"f","kind":"work","round":1,"start":"2026-11-30T09:00:00Z","end":"2026-11-30T09:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#
    try home.write(journalFile(home.path), line + "\n")
    var env = home.environment
    env["TZ"] = "UTC"
    let report = try await runPomo(["report", "--from", "2026-11-01", "--to", "2026-12-31", "--format", "json"], environment: env, timeout: 60)
    #expect(report.status == 0)
    #expect(report.out.contains(#""name":"t99999""#))
    let tagsList = try await runPomo(["completions", "--list", "tags"], environment: env, timeout: 60)
    #expect(tagsList.status == 0)
    #expect(tagsList.out.split(separator: "\n").count == 100_000)
  }
}
