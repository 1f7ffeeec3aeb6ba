import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Big display", .endToEnd)
struct BigDisplayTests {
  /// Round 3 of 8 of a 40s/20s timer, 25 s left in the work phase.
  static func snapshot(kind: PhaseKind = .work, paused: Bool = false, remaining: Int = 25) -> SessionSnapshot {
    let phase = PlannedPhase(
      index: 5, name: kind == .work ? "work" : "rest", kind: kind, duration: .seconds(kind == .work ? 40 : 20),
      round: 3, offset: .zero)
    return SessionSnapshot(
      phase: phase, phaseCount: 16, rounds: 8, remaining: .seconds(remaining), length: phase.duration,
      paused: paused, sessionFraction: 0.3)
  }

  static let next = PlannedPhase(index: 6, name: "rest", kind: .rest, duration: .seconds(20), round: 3, offset: .zero)
  static let plain = DisplayStyle(unicode: true, color: false)

  static func screen(_ s: SessionSnapshot, _ columns: Int, _ rows: Int, style: DisplayStyle = plain) -> String? {
    BigScreen.render(s, next: next, columns: columns, rows: rows, style: style).map { lines in
      lines.map { line in
        var text = line
        while text.last == " " { text.removeLast() }
        return text
      }.joined(separator: "\n")
    }
  }

  @Test("80 x 24: large figures, the phase and kind, the round, a full-width bar, the next phase; centred")
  func wide() {
    let expected = """






                                        WORK · work
                                         round 3/8

                   ████████████            ████████████    ████████████
                   ████    ████    ████            ████    ████
                   ████    ████            ████████████    ████████████
                   ████    ████    ████    ████                    ████
                   ████████████            ████████████    ████████████

      █████████████████████████████▋░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░
                                      next: rest 0:20







      """
    #expect(Self.screen(Self.snapshot(), 80, 24) == expected)
  }

  @Test("40 x 12 and 20 x 8: the same, narrower figures; at 8 rows the round joins the head")
  func smaller() {
    #expect(
      Self.screen(Self.snapshot(), 40, 12) == """
                      WORK · work
                       round 3/8

        █████████         █████████   █████████
        ███   ███   ███         ███   ███
        ███   ███         █████████   █████████
        ███   ███   ███   ███               ███
        █████████         █████████   █████████

        ██████████████▋░░░░░░░░░░░░░░░░░░░░░░░░
                    next: rest 0:20

        """)
    #expect(
      Self.screen(Self.snapshot(), 20, 8) == """
         WORK · work · 3/8
           ███   ███ ███
           █ █ █   █ █
           █ █   ███ ███
           █ █ █ █     █
           ███   ███ ███
        ███████▏░░░░░░░░░░░
          next: rest 0:20
        """)
  }

  @Test("the focus's interruption marks beside the round, or in the head at 8 rows")
  func marks() {
    var s = Self.snapshot()
    s.marks = "'' -"
    let tall = Self.screen(s, 40, 12) ?? ""
    #expect(tall.split(separator: "\n").dropFirst().first == "           round 3/8 · '' -", "\(tall)")
    let short = Self.screen(s, 40, 8) ?? ""
    #expect(short.split(separator: "\n").first == "       WORK · work · 3/8 · '' -", "\(short)")
  }

  @Test("below 20 x 8, or when the time does not fit, there is no big screen")
  func tooSmall() {
    #expect(Self.screen(Self.snapshot(), 19, 8) == nil)
    #expect(Self.screen(Self.snapshot(), 20, 7) == nil)
    // 1:00:00 takes 23 columns at the smallest.
    #expect(Self.screen(Self.snapshot(remaining: 3600), 20, 8) == nil)
    #expect(Self.screen(Self.snapshot(remaining: 3600), 24, 8) != nil)
  }

  @Test("rest looks unlike work: another word and colour, its head in inverse video; ASCII figures are #")
  func rest() throws {
    let color = DisplayStyle(unicode: true, color: true)
    let work = try #require(BigScreen.render(Self.snapshot(), next: Self.next, columns: 40, rows: 12, style: color))
    let rest = try #require(
      BigScreen.render(Self.snapshot(kind: .rest), next: Self.next, columns: 40, rows: 12, style: color))
    #expect(work[0].contains("\u{1B}[1m\u{1B}[31m WORK · work "))
    #expect(rest[0].contains("\u{1B}[1m\u{1B}[32m\u{1B}[7m REST · rest "))
    #expect(rest[3].contains("\u{1B}[32m") && work[3].contains("\u{1B}[31m"))
    let ascii = try #require(
      BigScreen.render(
        Self.snapshot(), next: Self.next, columns: 40, rows: 12, style: DisplayStyle(unicode: false, color: false)))
    #expect(ascii[3].contains("######") && !ascii.joined().contains("█"))
  }

  @Test("the README shows the big display as pomo draws it, at 80 x 24 and 20 x 8")
  func readme() throws {
    let readme = try documentationText()
    for (columns, rows) in [(80, 24), (20, 8)] {
      let screen = try #require(Self.screen(Self.snapshot(), columns, rows))
      var lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      while lines.first?.isEmpty == true { lines.removeFirst() }
      while lines.last?.isEmpty == true { lines.removeLast() }
      #expect(readme.contains("```\n" + lines.joined(separator: "\n") + "\n```"), "\(columns) x \(rows)")
    }
  }

  @Test("a workout's summary at 80 columns, as the README shows it")
  func readmeSummary() throws {
    let clock = FakeClock()
    let preset = try #require(try PresetCatalog.builtIns().first { $0.name == "tabata" })
    var e = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    _ = e.start()
    clock.advance(.seconds(250))
    _ = e.tick()
    let summary = SessionSummary.render(e, width: 80, unicode: true)
    let readme = try documentationText()
    #expect(readme.contains("```\n" + summary + "```"), "\(summary)")
  }

  // MARK: - In a real terminal

  func environment(_ home: TemporaryFolder) -> [String: String] {
    ["HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin"]
  }

  /// The screen a person sees, from everything pomo wrote so far.
  static func screen(of pty: PseudoTerminal, _ columns: Int, _ rows: Int) -> ScreenModel {
    var model = ScreenModel(columns: columns, rows: rows)
    model.feed(pty.text)
    return model
  }

  static let sizes: [(UInt16, UInt16)] = [(80, 24), (40, 12), (20, 8)]

  @Test("in a pty at 80x24, 40x12 and 20x8: the big screen, and the normal screen back at the end", arguments: sizes)
  func pty(columns: UInt16, rows: UInt16) async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", "3s/2s", "-r", "2", "--big", "--no-notify", "--no-bell"], environment: environment(home),
      columns: columns, rows: rows)
    let c = Int(columns)
    // Once a whole frame is drawn: the head, five rows of figures, nothing in the last
    // column, the bar all across, the next phase.
    let drawn = await pty.waitFor {
      let screen = Self.screen(of: $0, c, Int(rows))
      return screen.onAlternate && screen.lines.contains { $0.contains("WORK · work") }
        && screen.lines.filter { $0.contains("█") && !$0.contains("░") }.count == 5
        && screen.lines.allSatisfy { $0.count < c }
        && screen.lines.contains { $0.count == c - 1 && ($0.hasPrefix("█") || $0.hasPrefix("░")) }
        && screen.lines.contains { $0.contains("next: rest 0:02") }
    }
    #expect(drawn, "no big screen: \(Self.screen(of: pty, c, Int(rows)).text)")
    #expect(await pty.waitForExit() == 0)
    let end = Self.screen(of: pty, Int(columns), Int(rows))
    #expect(!end.onAlternate && pty.cursorShown)
    // The plan's head and the phases done stay on the normal screen (at 8 rows, scrolled off).
    if rows >= 12 { #expect(end.text.hasPrefix("3s/2s: 2 rounds, 3 phases, 0:08\n")) }
    #expect(end.text.contains("Completed 3s/2s: 2"))
    #expect(!end.text.contains("██"))
  }

  @Test("smaller than 20x8: the one-line display; a resize brings the big screen and takes it away")
  func fallbackAndResize() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", "10m", "--big", "--no-notify", "--no-bell"], environment: environment(home), columns: 30, rows: 6)
    #expect(await pty.waitFor { Self.screen(of: $0, 30, 6).lines.first?.hasPrefix("WORK focus") == true })
    let small = Self.screen(of: pty, 30, 6).lines
    #expect(small.dropFirst().allSatisfy { $0.isEmpty })
    // Grow to 40x12: the big screen. (The model starts a fresh screen of the new size, and the
    // display clears and redraws everything after a resize.)
    pty.resize(columns: 40, rows: 12)
    let mark = pty.output.count
    #expect(await pty.waitFor { Self.screen(after: mark, of: $0, 40, 12).lines.contains { $0.contains("WORK · focus") } })
    #expect(Self.screen(after: mark, of: pty, 40, 12).lines.filter { $0.contains("██") }.count == 5)
    pty.resize(columns: 19, rows: 12)
    let mark2 = pty.output.count
    #expect(
      await pty.waitFor {
        Self.screen(after: mark2, of: $0, 19, 12).lines.first?.contains("10:00") == true
          || Self.screen(after: mark2, of: $0, 19, 12).lines.first?.contains("9:5") == true
      })
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(!Self.screen(of: pty, 19, 12).onAlternate && pty.cursorShown && pty.isCooked)
  }

  /// The alternate screen as drawn after byte `mark` of the output (a resize clears it).
  static func screen(after mark: Int, of pty: PseudoTerminal, _ columns: Int, _ rows: Int) -> ScreenModel {
    var model = ScreenModel(columns: columns, rows: rows)
    model.feed("\u{1B}[?1049h" + String(decoding: pty.output[mark...], as: UTF8.self))
    return model
  }

  @Test("Ctrl-C and SIGTERM leave the alternate screen too")
  func waysOut() async throws {
    for (send, code) in [("\u{03}", Int32(130)), ("TERM", 143)] {
      let home = try TemporaryFolder()
      defer { home.cleanUp() }
      let pty = try PseudoTerminal(["start", "10m", "--big", "--no-notify"], environment: environment(home))
      #expect(await pty.waitFor { Self.screen(of: $0, 80, 24).onAlternate && $0.visible.contains("WORK · focus") })
      if send == "TERM" { kill(pty.pid, SIGTERM) } else { pty.send(send) }
      #expect(await pty.waitForExit() == code)
      #expect(!Self.screen(of: pty, 80, 24).onAlternate && pty.cursorShown && pty.isCooked)
    }
  }
}

@Suite("Big display: exercises and counts", .endToEnd)
struct BigDisplayMovesTests {
  @Test("the exercise, or an AMRAP's rounds, in large capitals where there is room; else beside the round")
  func banner() throws {
    var phase = PlannedPhase(index: 0, name: "squats", kind: .work, duration: .seconds(20), round: 1, offset: .zero)
    phase.exercise = "squats"
    let s = SessionSnapshot(
      phase: phase, phaseCount: 2, rounds: 8, remaining: .seconds(15), length: .seconds(20), paused: false,
      sessionFraction: 0)
    let style = DisplayStyle(unicode: true, color: false)
    let screen = try #require(BigScreen.render(s, next: nil, columns: 80, rows: 24, style: style))
    let letters = try #require(BigLetters.render("squats", unicode: true))
    #expect(screen.contains { $0.hasSuffix(letters[0]) } && letters[0].hasPrefix("███ ███ █ █ ███"))
    var counted = s
    counted.counted = 7
    let small = try #require(BigScreen.render(counted, next: nil, columns: 80, rows: 12, style: style))
    #expect(small.contains { $0.hasSuffix("round 1/8 · 7 rounds") })
  }
}
