import Foundation
import PomoCore
import PomoSession
import PomoTestSupport
import Testing

/// The inhibitors' state machine on a fake clock, with holders that log what they take and
/// let go of.
@Suite("Inhibitors: what is held, when, and that it is always let go")
struct InhibitorsTests {
  let clock = FakeClock()

  /// Holders that log "take sleep: REASON", "release sleep: REASON", and the same for the screen.
  final class Log {
    var lines: [String] = []
    var warnings: [String] = []
    var failing = false

    func holder(_ name: String) -> InhibitHolder {
      InhibitHolder(name: name) { reason in
        if self.failing { return .failed("no \(name)") }
        self.lines.append("take \(name): \(reason)")
        return .held(release: { self.lines.append("release \(name): \(reason)") })
      }
    }

    func listener(_ settings: InhibitSettings, workout: Bool = false) -> Inhibitors {
      Inhibitors(
        settings: settings, workout: workout, sleep: holder("sleep"), screen: holder("screen"),
        clockTime: { _ in "14:25:10" }, warn: { self.warnings.append($0) })
    }
  }

  /// Focus 10 s, break 5 s, focus 10 s.
  func engine() -> SessionEngine { SessionEngine(plan: Plan(preset: .goRest()), clock: clock.clock) }

  @Test("sleep is held through each focus and let go at its end; the break holds nothing")
  func sleepPerFocus() {
    var e = engine()
    let log = Log()
    let inhibitors = log.listener(.proposed)
    step(inhibitors, &e) { $0.start() }
    #expect(log.lines == ["take sleep: Focus until 14:25"])
    clock.advance(.seconds(3))
    step(inhibitors, &e) { $0.tick() }
    #expect(log.lines.count == 1, "nothing taken again while focus runs")
    clock.advance(.seconds(7))
    step(inhibitors, &e) { $0.tick() }
    #expect(log.lines.last == "release sleep: Focus until 14:25")
    #expect(inhibitors.sleepReason == nil)
    clock.advance(.seconds(5))
    step(inhibitors, &e) { $0.tick() }
    #expect(log.lines.count == 3)
    inhibitors.close()
    #expect(log.lines.last == "release sleep: Focus until 14:25")
    #expect(!log.lines.contains { $0.contains("screen") }, "focus is no workout")
  }

  @Test("a pause lets go, the resume takes again; Ctrl-Z lets go of everything")
  func pauseAndSuspend() {
    var e = engine()
    let log = Log()
    let inhibitors = log.listener(.proposed, workout: true)
    step(inhibitors, &e) { $0.start() }
    #expect(log.lines == ["take sleep: Workout until 14:25", "take screen: Workout"])
    step(inhibitors, &e) { $0.togglePause() }
    #expect(log.lines.suffix(2) == ["release sleep: Workout until 14:25", "release screen: Workout"])
    step(inhibitors, &e) { $0.togglePause() }
    #expect(log.lines.count == 6)
    inhibitors.sessionWillSuspend(e)
    #expect(log.lines.count == 8)
    #expect(inhibitors.sleepReason == nil && !inhibitors.holdsScreen)
  }

  @Test("a workout keeps one screen hold across its phases")
  func screenAcrossPhases() {
    var e = engine()
    let log = Log()
    let inhibitors = log.listener(InhibitSettings(sleep: .off, screen: .workout), workout: true)
    step(inhibitors, &e) { $0.start() }
    clock.advance(.seconds(10))
    step(inhibitors, &e) { $0.tick() }
    clock.advance(.seconds(5))
    step(inhibitors, &e) { $0.tick() }
    #expect(log.lines == ["take screen: Workout"])
    clock.advance(.seconds(10))
    step(inhibitors, &e) { $0.tick() }
    #expect(log.lines == ["take screen: Workout", "release screen: Workout"])
  }

  @Test("a + takes the new time before the old one goes")
  func extendRetakes() {
    var e = engine()
    let log = Log()
    var minute = 25
    let inhibitors = Inhibitors(
      settings: .proposed, workout: false, sleep: log.holder("sleep"), screen: nil,
      clockTime: { _ in "14:\(minute):00" }, warn: { log.warnings.append($0) })
    step(inhibitors, &e) { $0.start() }
    minute = 26
    step(inhibitors, &e) { $0.extend(by: .seconds(60)) }
    #expect(
      log.lines == [
        "take sleep: Focus until 14:25", "take sleep: Focus until 14:26", "release sleep: Focus until 14:25",
      ])
  }

  @Test("a holder that fails is one warning, and the session goes on without it")
  func failure() {
    var e = engine()
    let log = Log()
    log.failing = true
    let inhibitors = log.listener(.proposed)
    step(inhibitors, &e) { $0.start() }
    clock.advance(.seconds(15))
    step(inhibitors, &e) { $0.tick() }
    #expect(
      log.warnings == [
        "pomo: warning: cannot keep the machine awake (sleep): no sleep; the session goes on without it"
      ])
  }
}
