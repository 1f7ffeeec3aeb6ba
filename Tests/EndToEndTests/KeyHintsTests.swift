import Foundation
import PomoTestSupport
import Testing

import PomoCore
import PomoPlatform
import PomoTerminal

/// The smaller display gaps: the keys are never out of reach (in `--big`, and at widths too
/// narrow to list them, where `? keys` points at the key that shows them), the phase log keeps
/// the phase's name longest, and `q` in `pomo attach` prints the summary `start` prints.
@Suite("key hints and narrow displays", .endToEnd)
struct KeyHintsTests {
  func environment(_ home: TemporaryFolder) -> [String: String] {
    ["HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin", "TZ": "UTC"]
  }

  func snapshot() -> SessionSnapshot {
    SessionSnapshot(
      phase: PlannedPhase(index: 0, name: "focus", kind: .work, duration: .seconds(600), round: nil, offset: .zero),
      phaseCount: 1, rounds: 1, remaining: .seconds(590), length: .seconds(600), paused: false, sessionFraction: 0)
  }

  @Test("a header too narrow for the keys says '? keys', and ? lists them in the width", arguments: [20, 30, 40, 50])
  func narrowHeader(width: Int) {
    let clock = FakeClock()
    var engine = SessionEngine(
      plan: Plan(preset: Preset(name: "work", round: [phase("focus", .work, 600)])), clock: clock.clock)
    let out = TextBuffer()
    let display = LiveDisplay(output: out, width: width, style: .plain, keyHint: true, clockTime: { _ in "10:00:00" })
    let started = engine.start()
    display.sessionDidUpdate(engine, events: started)
    let header = ANSIText.strip(out.text).split(separator: "\n").first.map(String.init) ?? ""
    #expect(header.hasSuffix("- ? keys"), "\(width): \(header)")
    #expect(header.count < width)
    let before = out.text.count
    display.showKeys()
    let listed = ANSIText.strip(String(out.text.dropFirst(before))).replacingOccurrences(of: "\r", with: "")
    let lines = listed.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count < width }, "\(lines)")
    #expect(
      lines.joined(separator: " ").replacingOccurrences(of: "  +", with: " ", options: .regularExpression)
        == "keys: space pause, s skip, + 1 min, i/e mark, q quit")
  }

  @Test("? shows the keys in a live session 40 columns wide")
  func questionMarkKey() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", "10m", "--no-notify", "--no-bell"], environment: environment(home), columns: 40, rows: 24)
    #expect(await pty.waitForText("? keys"))
    #expect(await pty.waitForText("WORK"))
    pty.send("?")
    #expect(await pty.waitForText("keys: space pause, s skip, + 1 min,"))
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
  }

  @Test("--big shows the keys at the bottom, or '? keys' and the list after ?")
  func bigScreenKeys() {
    let style = DisplayStyle(unicode: true, color: false)
    let hints = KeyHints.full(confirm: false)
    let wide = BigScreen.render(snapshot(), next: nil, columns: 80, rows: 24, style: style, footer: [hints])
    #expect(wide?.last?.trimmingCharacters(in: .whitespaces) == hints)
    #expect(wide?.count == 24)
    // In the display: the footer follows the width.
    for (columns, expected) in [(80, hints), (30, KeyHints.short)] {
      let clock = FakeClock()
      var engine = SessionEngine(
        plan: Plan(preset: Preset(name: "w", round: [phase("focus", .work, 600)])), clock: clock.clock)
      let out = TextBuffer()
      let big = BigDisplay(output: out, columns: columns, rows: 20, style: style, keyHint: true, clockTime: { _ in "" })
      let started = engine.start()
      big.sessionDidUpdate(engine, events: started)
      var model = ScreenModel(columns: columns, rows: 20)
      model.feed(out.text)
      #expect(model.lines.last?.trimmingCharacters(in: .whitespaces) == expected, "\(model.text)")
      if columns == 30 {
        big.showKeys()
        model.feed(out.text)
        #expect(model.text.contains("keys: space pause"), "\(model.text)")
      }
    }
  }

  @Test("at 20 columns the phase log keeps the phase's name, dropping the time and the verb first")
  func phaseLogKeepsTheName() {
    #expect(
      PhaseLogLine.fit("10:00:00  done    focus (25:00)", room: 40, unicode: true) == "10:00:00  done    focus (25:00)")
    #expect(PhaseLogLine.fit("10:00:00  done    focus (25:00)", room: 19, unicode: true) == "done focus (25:00)")
    #expect(PhaseLogLine.fit("10:00:00  done    focus (25:00)", room: 14, unicode: true) == "focus (25:00)")
    #expect(
      PhaseLogLine.fit("10:00:00  skip    deep work block after 3:00", room: 19, unicode: true) == "deep work block af…"
    )
    #expect(PhaseLogLine.fit("10:00:00  +1:00   focus", room: 12, unicode: true) == "+1:00 focus")
    let out = liveDisplay(
      Preset(name: "w", round: [phase("writing", .work, 60), phase("break", .rest, 60)]), width: 20, after: 60)
    #expect(ANSIText.strip(out).contains("done writing (1:00)"), "\(out.debugDescription)")
  }

  @Test("q in pomo attach prints the summary start prints when quit")
  func attachSummary() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = environment(home)
    let started = try await runPomo(["start", "10m", "--detach"], environment: env)
    #expect(started.status == 0, "\(started.err)")
    let pty = try PseudoTerminal(["attach"], environment: env)
    #expect(await pty.waitForText("WORK"))
    pty.send("q")
    #expect(await pty.waitForExit() == 0)
    #expect(pty.visible.contains("Stopped 10m: 0 of 1 phase done; focus 0:"), "\(pty.visible)")
    #expect(pty.cursorShown && pty.isCooked)
  }

  /// What the live display (plain, with its key hint, at `width`) wrote for a session of
  /// `preset` from its start to a tick `seconds` in, on a fake clock.
  func liveDisplay(_ preset: Preset, width: Int, after seconds: Int) -> String {
    let clock = FakeClock()
    var engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    let out = TextBuffer()
    let display = LiveDisplay(output: out, width: width, style: .plain, keyHint: true, clockTime: { _ in "10:00:00" })
    let started = engine.start()
    display.sessionDidUpdate(engine, events: started)
    clock.advance(.seconds(seconds))
    let events = engine.tick()
    display.sessionDidUpdate(engine, events: events)
    return out.text
  }

  func waiting() -> SessionSnapshot {
    SessionSnapshot(
      phase: PlannedPhase(index: 0, name: "focus", kind: .work, duration: .seconds(60), round: 1, offset: .zero),
      phaseCount: 2, rounds: 1, remaining: .zero, length: .seconds(60), paused: false, sessionFraction: 0.5,
      overtime: .seconds(5))
  }

  @Test("a phase that waits says how to go on down to 18 columns: the name, bar and badge go first", arguments: 18...40)
  func waitingHintNarrow(width: Int) {
    for style in [DisplayStyle(unicode: true, color: false), .plain] {
      let text = StatusLine.render(
        waiting(), width: width, style: style, hint: KeyHints.waiting(keys: true),
        shortHint: KeyHints.waitingShort(keys: true)
      ).text
      #expect(text.contains("enter go on") || text.contains("enter to go on"), "\(width): \(text)")
      #expect(text.contains("+0:05"))
      #expect(TextLayout.width(text) < width, "\(width): \(text)")
    }
    let style = DisplayStyle(unicode: true, color: false)
    func line(_ width: Int) -> String {
      StatusLine.render(waiting(), width: width, style: style, hint: "enter to go on", shortHint: "enter go on").text
    }
    #expect(line(24) == "WORK +0:05 enter go on")
    #expect(line(20) == "+0:05 enter go on")
    #expect(line(26) == "WORK +0:05 enter to go on")
  }

  @Test("at 24 columns a confirm session that waits shows 'enter go on', through the live display")
  func confirmAt24Columns() {
    let preset = Preset(name: "c", round: [phase("focus", .work, 60), phase("break", .rest, 30)], advance: .confirm)
    var model = ScreenModel(columns: 24, rows: 10)
    model.feed(liveDisplay(preset, width: 24, after: 65))
    #expect(model.text.contains("WORK +0:05 enter go on"), "\(model.text)")
  }

  @Test(
    "pomo attach offers 'enter go on' only for a session whose phases wait for confirmation", arguments: [false, true])
  func attachOffersEnterOnlyInConfirmMode(confirm: Bool) async throws {
    let home = try PomoHome(environment: ["TERM": "xterm", "TZ": "UTC"])
    defer { home.cleanUp() }
    let started = try await home.run(["start", "10m", "--detach"] + (confirm ? ["--confirm"] : []))
    #expect(started.status == 0, "\(started.err)")
    let pty = try home.terminal(["attach"], columns: 100)
    #expect(await pty.waitForText("d detach"))
    #expect(pty.visible.contains("enter go on") == confirm, "\(pty.visible)")
    pty.send("?")
    #expect(await pty.waitForText("keys: space pause"))
    #expect(pty.visible.contains("keys: space pause, \(confirm ? "enter go on, " : "")s skip"), "\(pty.visible)")
    pty.send("d")
    #expect(await pty.waitForExit() == 0)
    #expect(try await home.run("stop").status == 0)
  }
}
