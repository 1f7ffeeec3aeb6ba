import PomoTestSupport
import Testing

@testable import PomoCore

#if canImport(Glibc)
  import Glibc
#endif

@Suite("SessionSummary: fits the width like the status line")
struct SessionSummaryWidthTests {
  static func engines() -> [SessionEngine] {
    let clock = FakeClock()
    var done = clock.engine(.goRest())
    _ = done.start()
    clock.advance(.seconds(12))
    _ = done.togglePause()
    clock.advance(.seconds(3))
    _ = done.togglePause()
    clock.sleep(.seconds(4))
    _ = done.tick()
    clock.advance(.seconds(30))
    _ = done.tick()
    var stopped = clock.engine(
      Preset(name: "a preset with a rather long name, 集中作業", round: [phase("focus", .work, 1500)], rounds: 4))
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
    // The 4 s asleep ran through the break (3 s) and the focus after it (1 s), under `run`:
    // out of their time, as the journal counts it, and said apart as asleep.
    let engine = try #require(Self.engines().first)
    #expect(
      SessionSummary.render(engine, width: 20, unicode: true) == """
        Completed t: 3 of …
        focus 0:19
        rest 0:02
        paused 0:03
        asleep 0:04

        """)
    #expect(
      SessionSummary.render(engine, width: 84, unicode: true)
        == "Completed t: 3 of 3 phases done; focus 0:19, rest 0:02, paused 0:03, asleep 0:04\n")
    #expect(
      SessionSummary.render(engine, width: 40, unicode: true) == """
        Completed t: 3 of 3 phases done
        focus 0:19, rest 0:02, paused 0:03
        asleep 0:04

        """)
  }
}
