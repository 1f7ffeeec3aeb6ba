import Testing

@testable import PomoCore
@testable import PomoTerminal

@Suite("Status line")
struct StatusLineTests {
  func snapshot(fraction: Double, name: String = "focus", kind: PhaseKind = .work, paused: Bool = false)
    -> SessionSnapshot
  {
    let length = Duration.seconds(1500)
    let remaining = Duration.milliseconds(Int64((1 - fraction) * 1_500_000))
    return SessionSnapshot(
      phase: PlannedPhase(index: 2, name: name, kind: kind, duration: length, round: 2, offset: .seconds(1800)),
      phaseCount: 7, rounds: 4, remaining: remaining, length: length, paused: paused,
      sessionFraction: (1800 + fraction * 1500) / 6900)
  }

  let unicode = DisplayStyle(unicode: true, color: false)

  @Test("80 columns, whole")
  func eighty() {
    let line = StatusLine.render(snapshot(fraction: 0.42), width: 80, style: unicode)
    #expect(line.text == "WORK  focus  ████████████▏░░░░░░░░░░░░░░░░   42%  14:30  round 2/4  session 35%")
    #expect(line.barCells == 29)
  }

  @Test("40 columns, whole")
  func forty() {
    let line = StatusLine.render(snapshot(fraction: 0.42), width: 40, style: unicode)
    #expect(line.text == "WORK focus █████▍░░░░░░░  42% 14:30 2/4")
  }

  @Test("ASCII bar when asked or the locale is not UTF-8")
  func ascii() {
    let line = StatusLine.render(snapshot(fraction: 0.5), width: 60, style: .plain)
    #expect(line.text == "WORK  focus  [##########..........]   50%  12:30  round 2/4")
  }

  @Test("paused shows PAUSED")
  func paused() {
    let line = StatusLine.render(snapshot(fraction: 0.1, paused: true), width: 60, style: .plain)
    #expect(line.text.hasPrefix("PAUSED  focus  "))
  }

  @Test("eighths of a cell")
  func eighths() {
    for (eighth, glyph) in ["▏", "▎", "▍", "▌", "▋", "▊", "▉"].enumerated() {
      let bar = StatusLine.bar(
        fraction: Double(eighth + 1) / 80 + 1e-9, width: 10, kind: .work, paused: false, style: unicode)
      #expect(bar.text == glyph + String(repeating: "░", count: 9))
    }
    #expect(StatusLine.bar(fraction: 1, width: 4, kind: .rest, paused: false, style: unicode).text == "████")
  }

  @Test("never wider than the terminal, at any width", arguments: Array(1...220))
  func fits(width: Int) {
    let long = snapshot(fraction: 0.999, name: String(repeating: "very long phase name ", count: 5))
    let line = StatusLine.render(long, width: width, style: DisplayStyle(unicode: true, color: true))
    #expect(ANSI.strip(line.text).count <= width - 1)
    if width >= 40 { #expect(ANSI.strip(line.text).contains("%")) }
  }

  @Test("colour by kind, none when off")
  func colours() {
    let colored = StatusLine.render(
      snapshot(fraction: 0.5, kind: .rest), width: 80, style: DisplayStyle(unicode: true, color: true))
    #expect(colored.text.contains(ANSI.green))
    let plain = StatusLine.render(snapshot(fraction: 0.5, kind: .rest), width: 80, style: unicode)
    #expect(!plain.text.contains("\u{1B}"))
  }

  @Test("NO_COLOR, --color and the terminal decide colour")
  func colorChoice() {
    #expect(DisplayStyle.resolveColor(option: nil, environment: [:], isTerminal: true))
    #expect(!DisplayStyle.resolveColor(option: nil, environment: ["NO_COLOR": "1"], isTerminal: true))
    #expect(!DisplayStyle.resolveColor(option: nil, environment: [:], isTerminal: false))
    #expect(!DisplayStyle.resolveColor(option: .never, environment: [:], isTerminal: true))
    #expect(DisplayStyle.resolveColor(option: .always, environment: ["NO_COLOR": "1"], isTerminal: false))
    #expect(DisplayStyle.localeIsUTF8(["LANG": "en_US.UTF-8"]))
    #expect(!DisplayStyle.localeIsUTF8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]))
    #expect(!DisplayStyle.localeIsUTF8([:]))
  }
}
