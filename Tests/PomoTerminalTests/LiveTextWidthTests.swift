import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

/// The live display, measured in terminal columns by an oracle of the test's own: it never
/// reaches the last column, whatever the names it shows.
@Suite("The live display fits its width in terminal columns")
struct LiveTextWidthTests {
  func snapshot(_ name: String, paused: Bool = false) -> SessionSnapshot {
    SessionSnapshot(
      phase: PlannedPhase(index: 0, name: name, kind: .work, duration: .seconds(1500), round: 2, offset: .zero),
      phaseCount: 7, rounds: 4, remaining: .seconds(1499), length: .seconds(1500), paused: paused,
      sessionFraction: 0.1)
  }

  @Test("the live line never reaches the last column, at widths 1 to 200", arguments: hostileNames + ["focus", ""])
  func liveLine(name: String) {
    for width in 1...200 {
      for style in [DisplayStyle(unicode: true, color: true), .plain] {
        for paused in [false, true] {
          let text = StatusLine.render(snapshot(name, paused: paused), width: width, style: style).text
          let visible = ANSIText.strip(text)
          #expect(oracleWidth(visible) <= width - 1, "width \(width): \(visible.debugDescription)")
          #expect(!visible.unicodeScalars.contains(where: TextLayout.isControl))
        }
      }
    }
  }

  @Test("a 24-character CJK phase name fits at 80 columns, with the rest of the line")
  func cjkAt80() {
    let style = DisplayStyle(unicode: true, color: false)
    let text = StatusLine.render(snapshot(hostileNames[5]), width: 80, style: style).text
    #expect(oracleWidth(text) <= 79)
    #expect(text.hasPrefix("WORK  集中作業時間集中作業時…  "))
    #expect(text.hasSuffix("0%  24:59  round 2/4  session 10%"))
  }

  @Test("everything the live display draws fits, at widths 1 to 120", arguments: hostileNames)
  func liveDisplay(name: String) {
    for width in 1...120 {
      let preset = Preset(name: name, round: [phase(name, .work, 60), phase(name, .rest, 30)], rounds: 2)
      let clock = FakeClock()
      var engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
      let out = TextBuffer()
      let display = LiveDisplay(
        output: out, width: width, style: DisplayStyle(unicode: true, color: true), keyHint: true,
        clockTime: { _ in "10:00:00" })
      display.sessionDidUpdate(engine, events: engine.start())
      clock.advance(.seconds(10))
      display.sessionDidUpdate(engine, events: engine.tick())
      display.sessionDidUpdate(engine, events: engine.skip())
      clock.advance(.seconds(5))
      display.sessionDidUpdate(engine, events: engine.tick())
      // The summary is printed once, under the last line, and may wrap; everything above it may not.
      let drawn = out.text.components(separatedBy: "\r\u{1B}[K").dropLast().joined()
      for line in drawnLines(drawn) {
        #expect(oracleWidth(line) <= max(0, width - 1), "width \(width): \(line.debugDescription)")
        #expect(!line.unicodeScalars.contains(where: TextLayout.isControl))
      }
    }
  }
}
