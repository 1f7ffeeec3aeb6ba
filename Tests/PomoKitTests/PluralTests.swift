import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform
@testable import PomoReport
@testable import PomoTerminal

@Suite("Counts read '1 phase', '2 phases'")
struct PluralTests {
  @Test(
    "count and noun", arguments: [(0, "0 phases"), (1, "1 phase"), (2, "2 phases"), (-1, "-1 phases")])
  func counts(n: Int, expected: String) {
    #expect(TextLayout.count(n, "phase") == expected)
  }

  @Test("one round of one phase, everywhere it is counted")
  func onePhase() {
    let preset = Preset(name: "one", round: [phase("go", .work, 60)])
    let plan = Plan(preset: preset)
    #expect(PlanText.render(plan, width: 80, unicode: true).hasPrefix("one: 1 round, 1 phase, 1:00\n"))

    let clock = FakeClock()
    var engine = SessionEngine(plan: plan, clock: clock.clock)
    let plain = TextBuffer()
    let live = TextBuffer()
    let log = PlainLog(output: plain, width: 80, unicode: true, clockTime: { _ in "10:00:00" })
    let display = LiveDisplay(output: live, width: 80, style: .plain, keyHint: false, clockTime: { _ in "10:00:00" })
    var events = engine.start()
    log.sessionDidUpdate(engine, events: events)
    display.sessionDidUpdate(engine, events: events)
    clock.advance(.seconds(60))
    events = engine.tick()
    log.sessionDidUpdate(engine, events: events)
    display.sessionDidUpdate(engine, events: events)
    #expect(plain.text.hasPrefix("one: 1 round, 1 phase, 1:00\n"))
    #expect(plain.text.hasSuffix("Completed one: 1 of 1 phase done; focus 1:00, rest 0:00, paused 0:00\n"))
    #expect(live.text.contains("one: 1 round, 1 phase, 1:00"))
  }

  @Test("a report of one session and a one-day streak")
  func report() throws {
    let line =
      #"{"v":1,"id":"a","preset":"work","status":"completed","start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","rounds":1,"phases":[{"name":"f","kind":"work","round":1,"start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#
    let day = LocalCalendar.parseDate("2026-11-24")!
    var builder = ReportBuilder(
      range: ReportRange(kind: .custom, days: day...day), calendar: LocalCalendar(zone: FixedZone()))
    builder.add(try JournalRecord(line: Array(line.utf8)))
    let text = ReportText.render(builder.build(today: day), width: 80, style: .plain)
    #expect(text.hasPrefix("Tue 2026-11-24 (UTC)\n"))
    #expect(text.contains(", 1 session (1 completed, 0 interrupted)"))
    #expect(text.contains("Streak: 1 day with a completed session"))
  }
}
