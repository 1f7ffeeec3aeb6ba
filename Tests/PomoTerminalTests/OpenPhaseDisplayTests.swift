import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

/// An open focus (Flowtime) shows its time counting up, the way a phase waiting in overtime
/// does, and the plain log says what it ran and what rest it earned.
@Suite("Open phases on screen")
struct OpenPhaseDisplayTests {
  let clock = FakeClock()

  func engine() -> SessionEngine {
    clock.engine(.flow(focusName: "deep", restName: "pause", earned: .ratio(0.2)))
  }

  @Test("the status line and the title count up, paused or not")
  func rendering() {
    var e = engine()
    _ = e.start()
    clock.advance(.milliseconds(42_900))
    #expect(StatusLine.render(e.snapshot!, width: 60, style: .plain).text.contains("+0:42"))
    #expect(TerminalSequence.titleText(e.snapshot!, unicode: true) == "WORK +0:42 deep")
    _ = e.apply(.pause)
    clock.advance(.seconds(100))
    #expect(StatusLine.render(e.snapshot!, width: 60, style: .plain).text.contains("+0:42"))
  }

  @Test("the plain log: an open start, the pause with the time so far, the rest earned")
  func plainLog() {
    var e = engine()
    let buffer = TextBuffer()
    let log = PlainLog(output: buffer, width: 100, unicode: true, clockTime: { _ in "10:00:00" })
    // The log reads the engine after each step, as the runner calls it.
    func step(_ command: SessionCommand?) {
      let events = command.map { e.apply($0) } ?? e.start()
      log.sessionDidUpdate(e, events: events)
    }
    step(nil)
    clock.advance(.seconds(300))
    step(.pause)
    clock.advance(.seconds(60))
    step(.resume)
    clock.advance(.seconds(200))
    step(.next)
    #expect(
      buffer.text.hasSuffix(
        """
        10:00:00  start   deep (work, open, round 1/2)
        10:00:00  pause   deep, 5:00 in
        10:00:00  resume  deep
        10:00:00  done    deep (8:20)
        10:00:00  start   pause (rest, 1:40 earned, round 1/2)

        """), "\(buffer.text)")
  }
}
