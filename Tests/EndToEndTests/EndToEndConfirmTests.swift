import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore
import PomoJournal

/// Confirm mode, hooks on every event and the window title, through the real binary in a
/// pseudo-terminal, steered by keys. Every wait is for a condition, never a fixed time.
@Suite("End to end: confirm mode, hooks, terminal title", .endToEnd)
struct EndToEndConfirmTests {
  let home: PomoHome
  static let esc = "\u{1B}"

  init() throws {
    home = try PomoHome(presets: ["tiny": #"{"rounds": 2, "skip_last_rest": true, "round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "1s"}]}"#, "long": #"{"round": [{"name": "focus", "kind": "work", "duration": "25m"}, {"name": "break", "kind": "rest", "duration": "5m"}], "rounds": 4}"#], environment: ["TERM": "xterm-256color"])
  }

  /// Whether one drawing of the status line held both texts.
  static func drawn(_ pty: PseudoTerminal, _ a: String, _ b: String) -> Bool {
    pty.visible.split(separator: "\r").contains { $0.contains(a) && $0.contains(b) }
  }

  var journal: String { home.read(journalFile(home.path)) ?? "" }

  @Test("--confirm: the phase waits counting overtime until space; the overtime is recorded and counted as focus")
  func confirmWithSpace() async throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", #"{"notify": false, "bell": false}"#)
    let pty = try home.terminal(["start", home.file("tiny.json"), "--confirm"])
    // Overtime counts up past the deadline: the phase is not over.
    #expect(await pty.waitFor(15) { Self.drawn($0, "WORK  go", "+0:01") })
    #expect(!pty.visible.contains("REST  breathe"))
    pty.send(" ")
    #expect(await pty.waitForText("REST  breathe"))
    #expect(await pty.waitFor(15) { Self.drawn($0, "REST  breathe", "+0:01") })
    pty.send("s")  // Skip goes on too.
    // The last phase does not wait: the session completes on its own.
    #expect(await pty.waitForExit() == 0)
    let record = try JournalRecord(line: Array(journal.split(separator: "\n").last!.utf8))
    #expect(record.status == .completed)
    #expect(record.phases.map(\.completed) == [true, true, true])
    #expect(record.phases[0].overtimeSeconds >= 1)
    #expect(record.phases[1].overtimeSeconds > 0)
    #expect(record.phases[2].overtimeSeconds == 0)
    #expect(record.phases[0].elapsedSeconds >= 2)
    #expect(journal.contains(#""overtime_seconds":"#))
    #expect(pty.isCooked)
  }

  @Test("a preset's \"advance\": \"confirm\" waits; --no-confirm runs it straight through")
  func presetAdvance() async throws {
    defer { home.cleanUp() }
    let preset = try home.write(
      "wait.json",
      #"{"advance": "confirm", "round": [{"name": "a", "kind": "work", "duration": "1s"}, {"name": "b", "kind": "rest", "duration": "1s"}]}"#
    )
    var env = home.environment
    env["TERM"] = "dumb"  // The plain lines say that the phase waits.
    let pty = try PseudoTerminal(["start", preset], environment: env)
    #expect(await pty.waitForText("a is up; waiting for space or 'pomo next'"))
    // Status bars see the wait too: the overtime, counting up.
    #expect(await waitUntil { (try? await runPomo(["status"], environment: env))?.out.hasPrefix("WORK a +") == true })
    pty.send(" ")
    #expect(await pty.waitForExit() == 0)
    #expect(pty.visible.contains(" over)"))
    let straight = try await home.run(["start", preset, "--no-confirm"])
    #expect(straight.status == 0)
    #expect(!straight.out.contains("waiting"))
    let both = try await home.run(["start", preset, "--confirm", "--no-confirm"])
    #expect(both.status == 64)
    #expect(both.err.hasPrefix("Error: --confirm and --no-confirm cannot be used together\n"))
  }

  @Test("hooks run on pause, resume, extend, skip and stop, driven by keys")
  func hooksOnEveryEvent() async throws {
    defer { home.cleanUp() }
    let log = home.file("events.log")
    let script = try home.write("hook.sh", "#!/bin/sh\necho \"$POMO_EVENT\" >> '\(log)'\n")
    chmod(script, 0o755)
    let events = HookEvent.allCases.map { "\"\($0.rawValue)\": [\"\(script)\"]" }.joined(separator: ", ")
    try home.write(".config/pomo/config.json", #"{"notify": false, "bell": false, "hooks": {\#(events)}}"#)
    let pty = try home.terminal(["start", home.file("long.json")])
    func logged() -> [String] { (home.read("events.log") ?? "").split(separator: "\n").map(String.init) }
    func waitForLog(_ event: String, count: Int = 1) async -> Bool {
      await pty.waitFor(20) { _ in logged().filter { $0 == event }.count >= count }
    }
    #expect(await pty.waitForText("WORK  focus"))
    #expect(await waitForLog("phase_start"))
    for (key, event) in [(" ", "pause"), (" ", "resume"), ("+", "extend"), ("s", "skip")] {
      pty.send(key)
      #expect(await waitForLog(event), "no \(event) after '\(key)'")
    }
    #expect(await waitForLog("phase_start", count: 2))
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    // The hooks of one step run side by side: wait for each, not for the last one started.
    #expect(await waitForLog("stop"))
    #expect(await waitForLog("phase_end", count: 2))
    #expect(await waitForLog("session_end"))
    let own = logged().filter { ["pause", "resume", "extend", "skip", "stop"].contains($0) }
    #expect(own == ["pause", "resume", "extend", "skip", "stop"])
    #expect(logged().filter { $0 == "phase_end" }.count == 2)  // The skipped one and the stopped one.
  }

  @Test("the window title shows the session and is put back at the end")
  func title() async throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", #"{"notify": false, "bell": false}"#)
    let pty = try home.terminal(["start", home.file("long.json")])
    #expect(await pty.waitFor { $0.text.contains("\(Self.esc)]2;WORK 25:00 focus\(Self.esc)\\") })
    #expect(pty.text.contains("\(Self.esc)[22;0t"))
    pty.send(" ")
    #expect(await pty.waitFor { $0.text.contains("\(Self.esc)]2;PAUSED ") })
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    let text = pty.text
    #expect(
      text.hasSuffix("\(Self.esc)]2;\(Self.esc)\\\(Self.esc)[23;0t")
        || text.contains("\(Self.esc)]2;\(Self.esc)\\\(Self.esc)[23;0t"))
    let push = text.range(of: "\(Self.esc)[22;0t")!
    let pop = text.range(of: "\(Self.esc)[23;0t", options: .backwards)!
    #expect(push.upperBound <= pop.lowerBound)
    #expect(
      text.components(separatedBy: "\(Self.esc)[22;0t").count == text.components(separatedBy: "\(Self.esc)[23;0t").count
    )
    // Only when the text changed: no title written twice in a row.
    let titles = text.components(separatedBy: "\(Self.esc)]2;").dropFirst().map {
      $0.components(separatedBy: "\(Self.esc)\\")[0]
    }
    #expect(zip(titles, titles.dropFirst()).allSatisfy { $0 != $1 })
  }

  @Test(
    "no title, progress or terminal notification with TERM=dumb or with the title turned off",
    arguments: [
      ("dumb", #"{"terminal_progress": "always", "terminal_notify": "osc9"}"#),
      ("xterm-256color", #"{"terminal_title": false}"#),
    ])
  func noTitle(term: String, config: String) async throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", config)
    var env = home.environment
    env["TERM"] = term
    let pty = try PseudoTerminal(["start", home.file("tiny.json")], environment: env)
    #expect(await pty.waitForExit() == 0)
    #expect(!pty.text.contains("\(Self.esc)]"))
    #expect(!pty.text.contains("\(Self.esc)[22;0t"))
  }
}
