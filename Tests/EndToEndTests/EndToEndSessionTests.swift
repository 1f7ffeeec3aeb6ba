import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// The real binary running tiny presets, in a pseudo-terminal or a pipe, in a temporary HOME.
@Suite("End to end: sessions", .endToEnd)
struct EndToEndSessionTests {
  let home: PomoHome
  var preset: String { home.preset("tiny") }

  init() throws {
    home = try PomoHome(presets: ["tiny": #"{"rounds": 2, "skip_last_rest": true, "round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#, "long": #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}, {"name": "break", "kind": "rest", "duration": "5m"}], "rounds": 4}"#], environment: ["TERM": "xterm-256color"])
  }

  /// The long preset on a terminal, once its first focus shows.
  func focusing() async throws -> PseudoTerminal {
    let pty = try home.terminal(["start", home.file("long.json")])
    #expect(await pty.waitForText("WORK  focus"))
    return pty
  }

  @Test("a session runs to the end in a terminal: live line, summary, cursor and terminal restored")
  func completes() async throws {
    defer { home.cleanUp() }
    let pty = try home.terminal(["start", preset])
    #expect(await pty.waitForExit() == 0)
    let text = pty.text
    #expect(text.contains("\u{1B}[?25l"))
    #expect(pty.cursorShown)
    let visible = pty.visible
    #expect(visible.contains("WORK  go  "))
    #expect(visible.contains("REST  breathe  "))
    #expect(visible.contains("round 1/2"))
    #expect(visible.contains("Completed tiny: 3 of 3 phases done; focus 0:02, rest 0:01, paused 0:00"))
    #expect(pty.isCooked)
    // Three phases of a second each, startup included: bounded well apart from a session held
    // up by a phase of seconds too many (the summary above has the phases' own lengths).
    #expect(Date().timeIntervalSince(pty.started) < 20)
  }

  @Test("space pauses and shows PAUSED; q quits with 130 and restores the terminal")
  func pauseAndQuit() async throws {
    defer { home.cleanUp() }
    let pty = try await focusing()
    #expect(!pty.isCooked)
    pty.send(" ")
    #expect(await pty.waitForText("PAUSED  focus"))
    pty.send("s")
    #expect(await pty.waitForText("skip    focus after"))
    #expect(await pty.waitForText("REST  break"))
    pty.send("+")
    #expect(await pty.waitForText("5:5"))  // 4:59 plus a minute
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(pty.visible.contains("Stopped long: 0 of 8 phases done"))
    #expect(pty.isCooked)
    #expect(pty.cursorShown)
  }

  /// The ways to end a focus from outside the display's keys, and the exit code each gives.
  static let endings: [(way: String, code: Int32)] = [
    ("Ctrl-C", 130), ("SIGTERM", 143), ("SIGHUP", 129), ("SIGSEGV", 128 + SIGSEGV),
  ]

  @Test(
    "Ctrl-C quits with 130, SIGTERM and SIGHUP stop with 143 and 129, and a crash still puts the terminal back before the process dies",
    arguments: endings)
  func ended(way: String, code: Int32) async throws {
    defer { home.cleanUp() }
    let pty = try await focusing()
    #expect(!pty.isCooked)
    switch way {
    case "Ctrl-C": pty.send("\u{03}")
    case "SIGTERM": kill(pty.pid, SIGTERM)
    case "SIGHUP": kill(pty.pid, SIGHUP)
    default: kill(pty.pid, SIGSEGV)
    }
    #expect(await pty.waitForExit() == code)
    #expect(pty.isCooked)
    #expect(pty.cursorShown)
  }

  @Test("Ctrl-Z restores the terminal before stopping; fg puts single-key mode back")
  func suspend() async throws {
    defer { home.cleanUp() }
    let pty = try await focusing()
    pty.send("\u{1A}")
    #expect(await pty.waitForStop())
    #expect(pty.isCooked)
    kill(pty.pid, SIGCONT)
    #expect(await pty.waitFor { !$0.isCooked })
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(pty.isCooked)
  }

  @Test("at 40 columns no line is wider than the terminal", arguments: [UInt16(40), UInt16(80)])
  func width(columns: UInt16) async throws {
    defer { home.cleanUp() }
    var env = home.environment
    env["NO_COLOR"] = "1"
    let pty = try PseudoTerminal(["start", "work"], environment: env, columns: columns)
    #expect(await pty.waitForText("focus"))
    #expect(await pty.waitForText("%"))
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    let drawn = pty.visible.components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { !$0.isEmpty }
    #expect(!drawn.isEmpty)
    for line in drawn { #expect(line.count < Int(columns), "\(line)") }
    #expect(!pty.text.contains("\u{1B}[3"))  // NO_COLOR: no colour codes
  }

  @Test("piped: plain lines, no escape codes, exit 0")
  func piped() async throws {
    defer { home.cleanUp() }
    let result = try await home.run(["start", preset])
    #expect(result.status == 0)
    #expect(!result.out.contains("\u{1B}"))
    #expect(!result.out.contains("\u{07}"))
    let lines = result.out.split(separator: "\n").map(String.init)
    #expect(lines.first == "tiny: 2 rounds, 3 phases, 0:03")
    #expect(lines.filter { $0.contains("  start   ") }.count == 3)
    #expect(lines.filter { $0.contains("  done    ") }.count == 3)
    #expect(lines.last == "Completed tiny: 3 of 3 phases done; focus 0:02, rest 0:01, paused 0:00")
  }

  @Test("warn_before: the plain log says it, and the phase_warning hook runs with the time left")
  func warnBefore() async throws {
    defer { home.cleanUp() }
    let log = home.file("warn.log")
    try home.write(
      ".config/pomo/config.json",
      """
      {"warn_before": "1s", "hooks": {"phase_warning": ["/bin/sh", "-c", "echo \\"$POMO_PHASE $POMO_REMAINING\\" >> \(log)"]}}
      """)
    let result = try await home.run(["start", "3s", "--no-notify"])
    #expect(result.status == 0)
    #expect(result.out.contains("  warn    focus: 0:01 left\n"), "\(result.out)")
    #expect(await waitUntil { home.read("warn.log") == "focus 1\n" })
  }

  @Test("a hook reads the event as JSON on stdin, with the session's id, tags and note")
  func hookJSON() async throws {
    defer { home.cleanUp() }
    let log = home.file("hook.jsonl")
    try home.write(
      ".config/pomo/config.json",
      """
      {"hooks": {"phase_start": ["/bin/sh", "-c", "cat >> \(log); echo \\"$POMO_SESSION_ID|$POMO_TAGS|$POMO_NOTE\\" >> \(log).env"]}}
      """)
    let result = try await home.run(["start", preset, "--tag", "thesis", "--note", "chapter 3"])
    #expect(result.status == 0)
    var lines: [String] { (home.read("hook.jsonl") ?? "").split(separator: "\n").map(String.init) }
    #expect(await waitUntil { lines.count >= 3 })
    let id = try #require(try home.records().last?.id)
    let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    #expect(objects.count == lines.count)
    #expect(Set(objects.compactMap { $0["phase"] as? String }) == ["go", "breathe"])
    #expect(objects.allSatisfy { $0["event"] as? String == "phase_start" && $0["session"] as? String == id })
    #expect(objects.allSatisfy { $0["tags"] as? [String] == ["thesis"] && $0["note"] as? String == "chapter 3" })
    #expect(await waitUntil { (home.read("hook.jsonl.env") ?? "").split(separator: "\n").count >= 3 })
    #expect((home.read("hook.jsonl.env") ?? "").split(separator: "\n").allSatisfy { $0 == "\(id)|thesis|chapter 3" })
  }

  @Test("hooks run without a shell, get the POMO_ variables, and never block the timer")
  func hooks() async throws {
    defer { home.cleanUp() }
    let log = home.file("hooks.log")
    try home.write(
      ".config/pomo/config.json",
      """
      {"hooks": {
        "phase_start": ["sleep", "31.4159"],
        "phase_end": ["/bin/sh", "-c", "echo \\"$POMO_EVENT|$POMO_PRESET|$POMO_PHASE|$POMO_KIND|$POMO_ROUND|$POMO_REMAINING\\" >> \(log)"],
        "session_end": ["/bin/sh", "-c", "echo \\"$POMO_EVENT\\" >> \(log)"]
      }}
      """)
    let started = Date()
    let result = try await home.run(["start", preset])
    #expect(result.status == 0)
    // Three phases of a second each: a timer that waited for the 31 s hook would take longer.
    #expect(Date().timeIntervalSince(started) < 20)
    var lines: [String] { (home.read("hooks.log") ?? "").split(separator: "\n").map(String.init) }
    #expect(await waitUntil { lines.count >= 4 })
    #expect(
      lines.sorted()
        == [
          "phase_end|tiny|breathe|rest|1|0", "phase_end|tiny|go|work|1|0", "phase_end|tiny|go|work|2|0", "session_end",
        ].sorted())
    // The slow hooks outlive pomo, and are killed 10 s after they started all the same.
    func sleepers() -> Int {
      let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      return pids.filter { pid in
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
        return String(decoding: data, as: UTF8.self) == "sleep\u{0}31.4159\u{0}"
      }.count
    }
    #expect(sleepers() > 0)
    // Killed about 10 s after they started, well before they would end by themselves at 31 s.
    #expect(await waitUntil(25 - Date().timeIntervalSince(started)) { sleepers() == 0 })
  }

  @Test("a bad config file: one line naming file, line and key, exit 65")
  func badConfig() async throws {
    defer { home.cleanUp() }
    let path = try home.write(".config/pomo/config.json", "{\n  \"hooks\": {\"phase_end\": \"notify-send\"}\n}\n")
    let result = try await home.run(["start", preset])
    #expect(result.status == 65)
    #expect(
      result.err
        == "Error: \(path):2:26: hooks.phase_end: expected a command as an array of strings, like [\"notify-send\", \"pomo\"], got a string\n"
    )
  }
}
