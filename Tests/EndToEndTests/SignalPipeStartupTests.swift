import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoJournal

@Suite("SignalPipe: a signal during start-up is held, then handled", .endToEnd)
struct SignalPipeStartupTests {
  /// Exit status as the shell shows it, and whether the process was killed rather than exiting.
  static func wait(_ pid: pid_t, timeout: TimeInterval = 60) async -> (code: Int32, killed: Bool)? {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      if waitpid(pid, &status, WNOHANG) == pid {
        let killed = (status & 0x7F) != 0
        return (killed ? 128 + (status & 0x7F) : (status >> 8) & 0xFF, killed)
      }
      await pause(milliseconds: 5)
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    return nil
  }

  static func records(_ home: SampleHome) throws -> [JournalRecord] {
    let text = home.folder.read(journalFile(home.folder.path)) ?? ""
    return try text.split(separator: "\n").map { try JournalRecord(line: Array($0.utf8)) }
  }

  /// pomo is held at a known point after it started and before its handlers exist: writing its
  /// second warning to a full stderr pipe. A signal sent then must not kill it; it must be
  /// handled once the session runs.
  @Test("SIGTERM or SIGHUP while pomo starts up: exit 128+N and a signal record", arguments: [SIGTERM, SIGHUP])
  func heldAtStartUp(signal: Int32) async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    try home.folder.write(
      ".config/pomo/config.json", #"{"hooks": {"phase_start": ["no-such-a"], "phase_end": ["no-such-b"]}}"#)
    let first =
      "pomo: warning: the phase_start hook's program 'no-such-a' is not found or not executable; it will not run\n"

    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { close(fds[0]) }
    // One page, filled so that the first warning fits and the second cannot.
    let pageSize: Int32 = 4096
    #expect(fcntl(fds[1], fSetPipeSize, pageSize) == pageSize)
    var filler = [UInt8](repeating: UInt8(ascii: "x"), count: Int(pageSize) - first.utf8.count - 8)
    #expect(write(fds[1], &filler, filler.count) == filler.count)

    let pid = try spawnPomo(["start", home.long], home: home, pipe: fds[1], as: 2)
    close(fds[1])

    // Wait until the first warning is in the pipe: pomo is now blocked writing the second.
    var waiting = 0
    _ = await waitUntil(30) {
      _ = ioctl(fds[0], UInt(FIONREAD), &waiting)
      return waiting >= filler.count + first.utf8.count
    }
    #expect(waiting == filler.count + first.utf8.count)
    kill(pid, signal)
    // Let it write again; then read to the end, so it never blocks on stderr.
    var buffer = [UInt8](repeating: 0, count: 65536)
    var stderrText: [UInt8] = []
    while true {
      let n = read(fds[0], &buffer, buffer.count)
      if n <= 0 { break }
      stderrText += buffer[0..<n]
    }
    let finished = try #require(await Self.wait(pid))
    #expect(finished.code == 128 + signal)
    #expect(!finished.killed, "pomo died of the signal instead of handling it")
    let records = try Self.records(home)
    #expect(records.count == 1)
    #expect(records.first?.interruption == .signal)
    #expect(!FileManager.default.fileExists(atPath: home.folder.file(".local/state/pomo/current.json")))
  }

  @Test("SIGTERM right after spawn, many times: always 143, never a lost session or a hang")
  func rightAfterSpawn() async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    let environment = home.environment(["LANG": "C.UTF-8", "TERM": "xterm-256color"])
    var started = 0
    for run in 0..<20 {
      let pty = try PseudoTerminal(["start", home.long], environment: environment)
      // Later and later: from at once to a few milliseconds in, across start-up.
      if run > 0 { usleep(useconds_t(run * 500)) }
      kill(pty.pid, SIGTERM)
      #expect(await pty.waitForExit() == 143, "run \(run): \(pty.visible)")
      #expect(pty.isCooked, "run \(run)")
      if pty.visible.contains("focus") { started += 1 }
    }
    // Every session that began is recorded, interrupted by the signal; none is left running.
    let status = try await runPomo(["status"], environment: environment)
    #expect(status.out == "idle\n", "\(status.out)")
    let records = try Self.records(home)
    #expect(records.count >= started)
    #expect(records.allSatisfy { $0.interruption == .signal }, "\(records.map(\.interruption))")
  }

  @Test("other commands still die of SIGTERM and SIGHUP at once")
  func otherCommands() async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    // `pomo report` with its output on a pipe nobody reads blocks in write; a signal must end it.
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { close(fds[0]) }
    #expect(fcntl(fds[1], fSetPipeSize, Int32(4096)) == 4096)
    let pid = try spawnPomo(["completions", "zsh"], home: home, pipe: fds[1], as: 1)
    close(fds[1])
    var waiting = 0
    _ = await waitUntil(30) {
      _ = ioctl(fds[0], UInt(FIONREAD), &waiting)
      return waiting >= 4096
    }
    #expect(waiting == 4096)
    kill(pid, SIGTERM)
    let finished = try #require(await Self.wait(pid))
    #expect(finished.code == 143)
    #expect(finished.killed)
  }
}
