import CPlatform
import Foundation
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform
@testable import PomoReport
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

// The defects found when pomo was tried as a new user would (issue 10, part 8), one suite each,
// named after the type that guards against it.

/// A temporary HOME with a tiny preset, a long one, and one whose names are not ASCII.
struct DefectsHome {
  let folder: TemporaryFolder
  let tiny: String
  let long: String

  init() throws {
    folder = try TemporaryFolder()
    tiny = try folder.write(
      "tiny.json",
      #"{"rounds": 2, "skip_last_rest": true, "round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#
    )
    long = try folder.write(
      "long.json",
      #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}, {"name": "break", "kind": "rest", "duration": "5m"}], "rounds": 4}"#
    )
    try folder.write(
      ".config/pomo/presets/fokus.json",
      #"{"description": "Tiefe Arbeit · ohne Ablenkung, bis der Kopf leer ist…", "round": [{"name": "集中 Fokus", "kind": "work", "duration": "1s"}]}"#
    )
  }

  func environment(_ extra: [String: String]) -> [String: String] {
    ["HOME": folder.path, "PATH": "/usr/bin:/bin", "TZ": "UTC"].merging(extra) { $1 }
  }
}

/// fcntl's F_SETPIPE_SZ (Linux), which Glibc's Swift module does not export.
private let fSetPipeSize: Int32 = 1031

/// The bytes outside ASCII in `text`, for a readable failure.
private func nonASCII(_ text: String) -> String {
  String(text.unicodeScalars.filter { !$0.isASCII }.map(Character.init))
}

@Suite("PlainLog: TERM=dumb gets the plain lines, not escape codes")
struct PlainLogDumbTerminalTests {
  @Test("a session on a dumb terminal prints no ESC and no carriage-return animation")
  func dumbTerminal() throws {
    let home = try DefectsHome()
    defer { home.folder.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", home.tiny], environment: home.environment(["LANG": "C.UTF-8", "TERM": "dumb"]))
    #expect(pty.waitForExit() == 0)
    let text = pty.text
    #expect(!pty.output.contains(0x1B), "\(text.debugDescription)")
    // The terminal itself turns "\n" into "\r\n"; any other "\r" would be pomo redrawing.
    #expect(!text.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"), "\(text.debugDescription)")
    #expect(text.contains("tiny: 2 rounds, 3 phases, 0:03"))
    #expect(text.contains("start   go (work, 0:01, round 1/2)"))
    #expect(text.contains("Completed tiny: 3 of 3 phases done"))
    #expect(pty.isCooked)
  }

  @Test("keys still work on a dumb terminal: q quits with 130")
  func keysOnDumbTerminal() throws {
    let home = try DefectsHome()
    defer { home.folder.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", home.long], environment: home.environment(["LANG": "C.UTF-8", "TERM": "dumb"]))
    #expect(pty.waitForText("start   focus"))
    #expect(pty.waitFor { !$0.isCooked })
    pty.send("q")
    #expect(pty.waitForExit() == 130)
    #expect(!pty.output.contains(0x1B))
    #expect(pty.text.contains("Stopped long: 0 of 8 phases done"))
  }
}

@Suite("ASCIIOutput: nothing outside ASCII where the locale is not UTF-8")
struct ASCIIOutputTests {
  @Test("text people wrote: each character beyond ASCII is a ? per column it takes")
  func userText() {
    #expect(TextLayout.ascii("focus") == "focus")
    #expect(TextLayout.ascii("集中 Fokus") == "???? Fokus")
    #expect(TextLayout.ascii("cafe\u{301} ü…") == "caf? ??")
    #expect(TextLayout.ascii("🍅x") == "??x")
    let out = TextBuffer()
    ASCIIOutput(out).write("Tiefe Arbeit · ohne…\n")
    #expect(out.text == "Tiefe Arbeit ? ohne?\n")
  }

  @Test("cut text ends in ~, one column like …")
  func truncation() {
    #expect(TextLayout.truncate("a long description", 8, unicode: false) == "a long ~")
    #expect(TextLayout.truncate("a long description", 8, unicode: true) == "a long …")
    #expect(TextLayout.truncate("short", 8, unicode: false) == "short")
  }

  @Test("JSON stays the same JSON, in ASCII")
  func json() throws {
    let json = #"{"name":"集中 🍅 ü","n":1}"#
    let escaped = JSONOutput.asciiEscaped(json)
    #expect(escaped == #"{"name":"\u96c6\u4e2d \ud83c\udf45 \u00fc","n":1}"#)
    let back = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: Any]
    #expect(back?["name"] as? String == "集中 🍅 ü")
  }

  @Test("the key hint, the bar and cut names in the live display are ASCII")
  func liveDisplay() {
    let style = DisplayStyle.resolve(color: nil, environment: ["LANG": "C"], isTerminal: true)
    #expect(!style.unicode)
    #expect(style.dot == "-")
    let snapshot = SessionSnapshot(
      phase: PlannedPhase(
        index: 0, name: "a very long phase name indeed", kind: .work, duration: .seconds(60), round: 1,
        offset: .zero),
      phaseCount: 2, rounds: 1, remaining: .seconds(31), length: .seconds(60), paused: false, sessionFraction: 0.3)
    for width in 1...120 {
      let line = StatusLine.render(snapshot, width: width, style: style).text
      #expect(nonASCII(line).isEmpty, "width \(width): \(line)")
    }
  }

  static let locales: [[String: String]] = [["LANG": "C"], ["LC_ALL": "C", "LANG": "en_US.UTF-8"], [:]]

  @Test("every command's output is ASCII under LANG=C and LC_ALL=C", arguments: locales)
  func everyCommand(locale: [String: String]) throws {
    let home = try DefectsHome()
    defer { home.folder.cleanUp() }
    // Narrow, so that descriptions and names are cut.
    let environment = home.environment(locale.merging(["COLUMNS": "60"]) { $1 })
    // A session recorded first, so that log, status and report have something to show.
    let session = try runPomo(["start", "fokus", "--tag", "tëst"], environment: environment)
    #expect(session.status == 0)
    let commands: [[String]] = [
      ["--version"], ["--help"], ["help", "report"], ["presets"], ["presets", "show", "fokus"],
      ["presets", "show", "fokus", "--json"], ["presets", "show", "work"], ["start", "fokus", "--dry-run"],
      ["start", home.tiny], ["status"], ["status", "--json"], ["log"], ["log", "--json"], ["report"],
      ["report", "--format", "json"], ["report", "--format", "csv"], ["report", "--week", "last"],
      ["completions", "bash"], ["start", "fokuss"], ["nonsense"], ["presets", "show", home.folder.file("nö.json")],
    ]
    for words in commands {
      let result = try runPomo(words, environment: environment)
      #expect(nonASCII(result.out).isEmpty, "pomo \(words.joined(separator: " ")): \(result.out)")
      #expect(nonASCII(result.err).isEmpty, "pomo \(words.joined(separator: " ")): \(result.err)")
    }
    // Names people wrote show as ?, one per column; JSON keeps them, as \u escapes.
    let list = try runPomo(["presets"], environment: environment).out
    #expect(list.contains("Tiefe Arbeit ? ohne Ablenkung"), "\(list)")
    #expect(list.contains("~"), "\(list)")
    #expect(try runPomo(["start", "fokus", "--dry-run"], environment: environment).out.contains("  ???? Fokus\n"))
    let json = try runPomo(["presets", "show", "fokus", "--json"], environment: environment).out
    let preset = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((preset?["description"] as? String)?.hasSuffix("Kopf leer ist…") == true)
  }

  @Test("a live session on a terminal under LANG=C prints only ASCII", arguments: ["xterm-256color", "linux"])
  func liveSession(term: String) throws {
    let home = try DefectsHome()
    defer { home.folder.cleanUp() }
    let pty = try PseudoTerminal(["start", "fokus"], environment: home.environment(["LANG": "C", "TERM": term]))
    #expect(pty.waitForExit() == 0)
    #expect(!pty.output.contains(where: { $0 >= 0x80 }), "\(pty.text.debugDescription)")
    #expect(pty.visible.contains("- space pause"))
    #expect(pty.visible.contains("Completed fokus: 1 of 1 phase done"))
  }
}

@Suite("SignalPipe: a signal during start-up is held, then handled")
struct SignalPipeStartupTests {
  /// Exit status as the shell shows it, and whether the process was killed rather than exiting.
  static func wait(_ pid: pid_t, timeout: TimeInterval = 60) -> (code: Int32, killed: Bool)? {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while Date() < deadline {
      if waitpid(pid, &status, WNOHANG) == pid {
        let killed = (status & 0x7F) != 0
        return (killed ? 128 + (status & 0x7F) : (status >> 8) & 0xFF, killed)
      }
      usleep(5_000)
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
    return nil
  }

  static func records(_ home: DefectsHome) throws -> [JournalRecord] {
    let text = home.folder.read(journalFile(home.folder.path)) ?? ""
    return try text.split(separator: "\n").map { try JournalRecord(line: Array($0.utf8)) }
  }

  /// pomo is held at a known point after it started and before its handlers exist: writing its
  /// second warning to a full stderr pipe. A signal sent then must not kill it; it must be
  /// handled once the session runs.
  @Test("SIGTERM or SIGHUP while pomo starts up: exit 128+N and a signal record", arguments: [SIGTERM, SIGHUP])
  func heldAtStartUp(signal: Int32) throws {
    let home = try DefectsHome()
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
    let deadline = Date().addingTimeInterval(30)
    while waiting < filler.count + first.utf8.count && Date() < deadline {
      _ = ioctl(fds[0], UInt(FIONREAD), &waiting)
      usleep(2_000)
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
    let finished = try #require(Self.wait(pid))
    #expect(finished.code == 128 + signal)
    #expect(!finished.killed, "pomo died of the signal instead of handling it")
    let records = try Self.records(home)
    #expect(records.count == 1)
    #expect(records.first?.interruption == .signal)
    #expect(!FileManager.default.fileExists(atPath: home.folder.file(".local/state/pomo/current.json")))
  }

  @Test("SIGTERM right after spawn, many times: always 143, never a lost session or a hang")
  func rightAfterSpawn() throws {
    let home = try DefectsHome()
    defer { home.folder.cleanUp() }
    let environment = home.environment(["LANG": "C.UTF-8", "TERM": "xterm-256color"])
    var started = 0
    for run in 0..<20 {
      let pty = try PseudoTerminal(["start", home.long], environment: environment)
      // Later and later: from at once to a few milliseconds in, across start-up.
      if run > 0 { usleep(useconds_t(run * 500)) }
      kill(pty.pid, SIGTERM)
      #expect(pty.waitForExit() == 143, "run \(run): \(pty.visible)")
      #expect(pty.isCooked, "run \(run)")
      if pty.visible.contains("focus") { started += 1 }
    }
    // Every session that began is recorded, interrupted by the signal; none is left running.
    let status = try runPomo(["status"], environment: environment)
    #expect(status.out == "idle\n", "\(status.out)")
    let records = try Self.records(home)
    #expect(records.count >= started)
    #expect(records.allSatisfy { $0.interruption == .signal }, "\(records.map(\.interruption))")
  }

  @Test("other commands still die of SIGTERM and SIGHUP at once")
  func otherCommands() throws {
    let home = try DefectsHome()
    defer { home.folder.cleanUp() }
    // `pomo report` with its output on a pipe nobody reads blocks in write; a signal must end it.
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer { close(fds[0]) }
    #expect(fcntl(fds[1], fSetPipeSize, Int32(4096)) == 4096)
    let pid = try spawnPomo(["completions", "zsh"], home: home, pipe: fds[1], as: 1)
    close(fds[1])
    var waiting = 0
    let deadline = Date().addingTimeInterval(30)
    while waiting < 4096 && Date() < deadline {
      _ = ioctl(fds[0], UInt(FIONREAD), &waiting)
      usleep(2_000)
    }
    #expect(waiting == 4096)
    kill(pid, SIGTERM)
    let finished = try #require(Self.wait(pid))
    #expect(finished.code == 143)
    #expect(finished.killed)
  }
}

@Suite("SessionSummary: fits the width like the status line")
struct SessionSummaryWidthTests {
  static func engines() -> [SessionEngine] {
    let clock = FakeClock()
    let short = Preset(
      name: "t", round: [phase("go", .work, 10), phase("rest", .rest, 5)], rounds: 2, skipLastRest: true)
    var done = SessionEngine(plan: Plan(preset: short), clock: clock.clock)
    _ = done.start()
    clock.advance(.seconds(12))
    _ = done.togglePause()
    clock.advance(.seconds(3))
    _ = done.togglePause()
    clock.sleep(.seconds(4))
    _ = done.tick()
    clock.advance(.seconds(30))
    _ = done.tick()
    let long = Preset(name: "a preset with a rather long name, 集中作業", round: [phase("focus", .work, 1500)], rounds: 4)
    var stopped = SessionEngine(plan: Plan(preset: long), clock: clock.clock)
    _ = stopped.start()
    clock.advance(.seconds(100))
    _ = stopped.tick()
    _ = stopped.quit()
    return [done, stopped]
  }

  @Test("no line reaches the last column, at widths 1 to 200")
  func widths() {
    for engine in Self.engines() {
      #expect(engine.isFinished)
      for width in 1...200 {
        for unicode in [true, false] {
          let text = SessionSummary.render(engine, width: width, unicode: unicode)
          for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(oracleWidth(String(line)) <= max(0, width - 1), "width \(width): \(text.debugDescription)")
          }
          #expect(text.isEmpty || text.hasSuffix("\n"))
          if !unicode { #expect(nonASCII(text).isEmpty || engine.plan.presetName.contains("集")) }
        }
      }
    }
  }

  @Test("at 20 columns: the head cut, then the times a line each")
  func twenty() throws {
    let engine = try #require(Self.engines().first)
    #expect(
      SessionSummary.render(engine, width: 20, unicode: true) == """
        Completed t: 3 of …
        focus 0:20
        rest 0:05
        paused 0:03
        asleep 0:04

        """)
    #expect(
      SessionSummary.render(engine, width: 84, unicode: true)
        == "Completed t: 3 of 3 phases done; focus 0:20, rest 0:05, paused 0:03, asleep 0:04\n")
    #expect(
      SessionSummary.render(engine, width: 40, unicode: true) == """
        Completed t: 3 of 3 phases done
        focus 0:20, rest 0:05, paused 0:03
        asleep 0:04

        """)
  }
}

@Suite("StatusLine: a bar the Linux console can draw")
struct StatusLineLinuxConsoleTests {
  @Test("TERM=linux: whole cells of █ and ░, never the eighth blocks")
  func linuxConsole() {
    let style = DisplayStyle.resolve(color: nil, environment: ["TERM": "linux", "LANG": "C.UTF-8"], isTerminal: true)
    #expect(style.unicode && !style.partialBlocks)
    for step in 0...160 {
      let fraction = Double(step) / 160
      let bar = StatusLine.bar(fraction: fraction, width: 20, kind: .work, paused: false, style: style)
      #expect(bar.text.contains("\u{1B}["))  // colour is on: the glyphs are checked without it
      let text = ANSI.strip(bar.text)
      #expect(Set(text).isSubset(of: ["█", "░"]), "\(fraction): \(bar.text)")
      #expect(text.count == 20)
      #expect(text.filter { $0 == "█" }.count == Int((fraction * 20).rounded(.down)))
      let report = ANSI.strip(ReportText.bar(fraction, width: 20, style: style))
      #expect(Set(report).isSubset(of: ["█", " "]), "\(fraction): \(report)")
    }
  }

  @Test("other terminals keep the eighth blocks")
  func otherTerminals() {
    let style = DisplayStyle.resolve(
      color: nil, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"], isTerminal: true)
    #expect(style.partialBlocks)
    let bar = StatusLine.bar(fraction: 0.53, width: 10, kind: .work, paused: false, style: style)
    #expect(ANSI.strip(bar.text) == "█████▎░░░░")
  }
}

/// Starts the real binary as a shell would (signals at their defaults, none blocked), with
/// `pipe` as its descriptor `fd` (1 or 2) and /dev/null for the other standard ones.
func spawnPomo(_ words: [String], home: DefectsHome, pipe: Int32, as fd: Int32) throws -> pid_t {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  for other: Int32 in [1, 2] where other != fd { posix_spawn_file_actions_addopen(&actions, other, "/dev/null", O_WRONLY, 0) }
  posix_spawn_file_actions_adddup2(&actions, pipe, fd)
  cplatform_spawn_close_from(&actions, 3)
  let argv: [UnsafeMutablePointer<CChar>?] = ([pomoBinary] + words).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] =
    home.environment(["LANG": "C.UTF-8"]).map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  posix_spawnattr_setflags(&attributes, PseudoTerminal.cleanSignalFlags)
  PseudoTerminal.cleanSignals(&attributes)
  var pid: pid_t = 0
  let result = posix_spawn(&pid, pomoBinary, &actions, &attributes, argv, envp)
  guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
  return pid
}
