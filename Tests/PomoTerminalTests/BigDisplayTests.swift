import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Big display")
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
}

@Suite("Big display: exercises and counts")
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
