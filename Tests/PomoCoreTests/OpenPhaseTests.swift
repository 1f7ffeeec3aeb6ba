import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

/// Flowtime: an open focus phase counts up until the person goes on, and the rest after it is
/// earned from it (`rest_ratio`, `rest_rules`).
@Suite("Open phases and earned rest")
struct OpenPhaseTests {
  let clock = FakeClock()

  /// An open focus, then a rest written as 1 h that the focus re-times, twice.
  func engine(_ earned: EarnedRest?, rounds: Int = 2) -> SessionEngine {
    clock.engine(.flow(rounds: rounds, earned: earned))
  }

  @Test("an open phase counts up from its start, with no deadline to end it")
  func countsUp() {
    var e = engine(.ratio(0.2))
    #expect(e.start() == [.sessionStarted, .phaseStarted(0)])
    #expect(e.status == .waiting && e.snapshot?.overtime == .zero)
    clock.advance(.seconds(3 * 3600))
    #expect(e.tick() == [])
    #expect(e.index == 0 && e.snapshot?.overtime == .seconds(3 * 3600))
    // The display asks for the next second, as for any wait.
    #expect(e.nextWake(.display(barCells: 20)) == clock.clock.now() + .seconds(1))
  }

  @Test("pauses are left out of its time, and `next` ends it, completed, with the rest earned")
  func pausesAndNext() {
    var e = engine(.ratio(0.2))
    _ = e.start()
    clock.advance(.seconds(600))
    #expect(e.apply(.pause) == [.paused])
    clock.advance(.seconds(300))
    #expect(e.snapshot?.overtime == .seconds(600) && e.snapshot?.paused == true)
    #expect(e.apply(.resume) == [.resumed])
    #expect(e.status == .waiting)
    clock.advance(.seconds(400))
    #expect(e.snapshot?.overtime == .seconds(1000))
    #expect(e.next() == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    let focus = e.records[0]
    #expect(focus.elapsed == .seconds(1000) && focus.paused == .seconds(300) && focus.overtime == nil)
    // A fifth of 1000 s of focus: the rest is 200 s, not the hour written.
    #expect(e.plan.phases[1].duration == .seconds(200) && e.snapshot?.remaining == .seconds(200))
    clock.advance(.seconds(200))
    #expect(e.tick() == [.phaseEnded(1, completed: true), .phaseStarted(2)])
    #expect(e.status == .waiting)
  }

  @Test("space and skip end it too; `+` leaves it alone")
  func spaceAndSkip() {
    var e = engine(.ratio(0.5))
    _ = e.start()
    clock.advance(.seconds(100))
    #expect(e.apply(.extend(.seconds(60))) == [])
    #expect(e.apply(.toggle) == [.phaseEnded(0, completed: true), .phaseStarted(1)])
    #expect(e.plan.phases[1].duration == .seconds(50))
    _ = e.skip()
    clock.advance(.seconds(40))
    // Skipping a paused open phase ends it, completed, its pause left out.
    _ = e.apply(.pause)
    clock.advance(.seconds(10))
    #expect(e.skip() == [.skipped(2), .resumed, .phaseEnded(2, completed: true), .sessionEnded(completed: true)])
    #expect(e.records.last?.elapsed == .seconds(40))
  }

  @Test(
    "rest rules: the first row whose limit the focus is under, null for any longer",
    arguments: [(60, 5), (25 * 60 - 1, 5), (25 * 60, 8), (89 * 60, 10), (4 * 3600, 15)])
  func rules(focusSeconds: Int, restMinutes: Int) {
    let rules = EarnedRest.rules([
      .init(under: .seconds(1500), rest: .seconds(300)), .init(under: .seconds(3000), rest: .seconds(480)),
      .init(under: .seconds(5400), rest: .seconds(600)), .init(under: nil, rest: .seconds(900)),
    ])
    var e = engine(rules)
    _ = e.start()
    clock.advance(.seconds(focusSeconds))
    _ = e.next()
    #expect(e.plan.phases[1].duration == .seconds(restMinutes * 60))
  }

  @Test("past every limit without a null row, the last row's rest; a ratio rounds to the millisecond")
  func edges() {
    let rules = EarnedRest.rules([.init(under: .seconds(60), rest: .seconds(10))])
    #expect(rules.rest(after: .seconds(600)) == .seconds(10))
    #expect(EarnedRest.ratio(0.3).rest(after: .milliseconds(1001)) == .milliseconds(300))
    #expect(EarnedRest.ratio(0.9).rest(after: .seconds(200_000)) == EarnedRest.longest)
  }

  @Test("without rest_ratio or rest_rules, the rest keeps its own time")
  func unearned() {
    var e = engine(nil)
    _ = e.start()
    clock.advance(.seconds(10))
    _ = e.next()
    #expect(e.plan.phases[1].duration == .seconds(3600))
  }

  @Test("q right after a break records no done flow of 0:00; q later records the focus done")
  func quitRightAfterBreak() {
    var e = engine(.ratio(0.5))
    _ = e.start()
    clock.advance(.seconds(100))
    _ = e.next()
    // The earned break (50 s) ends; the next open focus begins and q comes at once.
    clock.advance(.seconds(50))
    clock.advance(.milliseconds(200))
    _ = e.quit()
    #expect(e.records.map(\.phase.name) == ["flow", "break", "flow"])
    #expect(e.records.last?.completed == false)
    // Half a second or more of it is a focus, and is done.
    var later = engine(.ratio(0.5))
    _ = later.start()
    clock.advance(.milliseconds(600))
    _ = later.quit()
    #expect(later.records.last?.completed == true)
  }

  @Test("extend is refused on an open phase with a reason, and allowed in its break")
  func extendRefused() {
    var e = engine(.ratio(0.5))
    _ = e.start()
    clock.advance(.seconds(100))
    let problem = e.problem(with: .extend(.seconds(60)))
    #expect(problem == "the phase is open: it runs until you end it ('pomo next'), so it has no end to extend")
    _ = e.next()
    #expect(e.problem(with: .extend(.seconds(60))) == nil)
  }
}
