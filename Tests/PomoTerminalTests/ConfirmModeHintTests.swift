import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

/// Confirm mode says how to go on: the header lists enter, and a waiting phase's live line says
/// "enter to go on" at every width that has room for it; enter goes on.
@Suite("confirm mode says what to do")
struct ConfirmModeHintTests {
  func waiting(_ name: String = "focus") -> SessionSnapshot {
    SessionSnapshot(
      phase: PlannedPhase(index: 0, name: name, kind: .work, duration: .seconds(60), round: 1, offset: .zero),
      phaseCount: 2, rounds: 1, remaining: .zero, length: .seconds(60), paused: false, sessionFraction: 0.5,
      overtime: .seconds(5))
  }

  @Test("a waiting phase's line says how to go on, from 36 columns up, and always fits", arguments: [36, 40, 60, 80, 120])
  func waitingLine(width: Int) {
    for style in [DisplayStyle(unicode: true, color: false), .plain] {
      let text = StatusLine.render(waiting(), width: width, style: style, hint: KeyHints.waiting(keys: true)).text
      #expect(text.contains("enter to go on"), "\(width): \(text)")
      #expect(text.contains("+0:05"))
      #expect(TextLayout.width(text) < width)
    }
  }

  @Test("too narrow for the hint: the line is as before")
  func narrow() {
    let style = DisplayStyle(unicode: true, color: false)
    for width in 1...24 {
      let hinted = StatusLine.render(waiting(), width: width, style: style, hint: "enter to go on").text
      #expect(hinted == StatusLine.render(waiting(), width: width, style: style).text)
    }
  }

  @Test("the header of a confirm plan lists enter; the live line says enter to go on while it waits")
  func liveDisplay() {
    let preset = Preset(name: "c", round: [phase("focus", .work, 60), phase("break", .rest, 30)], advance: .confirm)
    let clock = FakeClock()
    var engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
    let out = TextBuffer()
    let display = LiveDisplay(output: out, width: 100, style: .plain, keyHint: true, clockTime: { _ in "10:00:00" })
    let started = engine.start()
    display.sessionDidUpdate(engine, events: started)
    #expect(out.text.contains("space pause, enter go on, s skip, + 1 min, i/e mark, q quit"))
    clock.advance(.seconds(65))
    let events = engine.tick()
    display.sessionDidUpdate(engine, events: events)
    #expect(out.text.hasSuffix("enter to go on\u{1B}[K"), "\(out.text.debugDescription)")
    // Enter (a carriage return in raw mode) goes on.
    #expect(SessionEngine.command(forKey: 13) == .next)
    _ = engine.apply(.next)
    #expect(engine.currentPhase?.name == "break")
  }
}
