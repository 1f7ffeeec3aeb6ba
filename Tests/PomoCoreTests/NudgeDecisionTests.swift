import PomoCore
import PomoTestSupport
import Testing

/// `pomo nudge`'s decision, on a fake clock in Berlin's time: every boundary of its rules.
@Suite("Nudge decision")
struct NudgeDecisionTests {
  static let zone = RuleZone.berlin

  /// The instant of a local time in Berlin, given its UTC offset that day in hours.
  static func at(_ y: Int64, _ m: Int64, _ d: Int64, _ hh: Int, _ mm: Int, offset: Int = 1) -> Double {
    Double(RFC3339.days(fromCivil: y, m, d) * 86_400) + Double((hh - offset) * 3600 + mm * 60)
  }

  /// Monday 12 January 2026, winter time (UTC+1).
  static func monday(_ hh: Int, _ mm: Int) -> Double { at(2026, 1, 12, hh, mm) }

  static func decide(
    _ now: Double, lastEnd: Double? = nil, running: Bool = false, rules: NudgeRules = NudgeRules()
  ) -> NudgeDecision {
    NudgeDecision.decide(lastEnd: lastEnd, running: running, now: now, rules: rules, zone: zone)
  }

  @Test("inside the hours on a work day with no journal: a nudge that says none ran today")
  func noJournal() {
    let decision = Self.decide(Self.monday(10, 0))
    #expect(decision == .nudge(since: nil))
    #expect(decision.message(zone: Self.zone) == "No Pomodoro yet today — start one?")
  }

  @Test("the hours hold their start and leave out their end, on the wall clock")
  func window() {
    #expect(Self.decide(Self.monday(8, 59)) == .quiet(.outsideHours))
    #expect(Self.decide(Self.monday(9, 0)) == .nudge(since: nil))
    #expect(Self.decide(Self.monday(16, 59)) == .nudge(since: nil))
    #expect(Self.decide(Self.monday(17, 0)) == .quiet(.outsideHours))
  }

  @Test("a weekend day is quiet, unless work_days names it")
  func weekend() {
    let saturday = Self.at(2026, 1, 17, 10, 0)
    #expect(Self.decide(saturday) == .quiet(.notWorkDay))
    var rules = NudgeRules()
    rules.workDays = WorkDays([6])
    #expect(Self.decide(saturday, rules: rules) == .nudge(since: nil))
    #expect(Self.decide(Self.monday(10, 0), rules: rules) == .quiet(.notWorkDay))
  }

  @Test("a running session keeps it quiet, whatever the time")
  func running() {
    #expect(Self.decide(Self.monday(10, 0), running: true) == .quiet(.running))
    #expect(Self.decide(Self.at(2026, 1, 17, 3, 0), running: true) == .quiet(.running))
  }

  @Test("a session ended 14 minutes ago keeps it quiet; 15 or 16 minutes ago, it nudges and says since when")
  func recent() {
    let now = Self.monday(11, 0)
    let fourteen = now - 14 * 60
    #expect(Self.decide(now, lastEnd: fourteen) == .quiet(.recent(fourteen)))
    #expect(Self.decide(now, lastEnd: now - 15 * 60) == .nudge(since: now - 15 * 60))
    let sixteen = now - 16 * 60
    let decision = Self.decide(now, lastEnd: sixteen)
    #expect(decision == .nudge(since: sixteen))
    #expect(decision.message(zone: Self.zone) == "No Pomodoro since 10:44 — start one?")
  }

  @Test("a longer --after keeps it quiet longer; a session that ends after now (a clock set back) is recent")
  func after() {
    let now = Self.monday(11, 0)
    var rules = NudgeRules()
    rules.after = .seconds(30 * 60)
    #expect(Self.decide(now, lastEnd: now - 16 * 60, rules: rules) == .quiet(.recent(now - 16 * 60)))
    #expect(Self.decide(now, lastEnd: now + 60) == .quiet(.recent(now + 60)))
  }

  @Test("a session that ended yesterday is no 'since': none ran today")
  func yesterday() {
    let friday = Self.at(2026, 1, 9, 16, 50)
    #expect(Self.decide(Self.monday(9, 5), lastEnd: friday) == .nudge(since: nil))
  }

  @Test("on the day the clocks go forward, the hours are read on the new wall clock")
  func springForward() {
    // Sunday 29 March 2026: Berlin goes to UTC+2 at 02:00 local.
    var rules = NudgeRules()
    rules.workDays = WorkDays(Set(1...7))
    #expect(Self.decide(Self.at(2026, 3, 29, 8, 59, offset: 2), rules: rules) == .quiet(.outsideHours))
    #expect(Self.decide(Self.at(2026, 3, 29, 9, 0, offset: 2), rules: rules) == .nudge(since: nil))
    let end = Self.at(2026, 3, 29, 10, 42, offset: 2)
    let decision = Self.decide(Self.at(2026, 3, 29, 11, 0, offset: 2), lastEnd: end, rules: rules)
    #expect(decision.message(zone: Self.zone) == "No Pomodoro since 10:42 — start one?")
    // The same Sunday is a weekend day by the default work days.
    #expect(Self.decide(Self.at(2026, 3, 29, 10, 0, offset: 2)) == .quiet(.notWorkDay))
  }

  @Test("--between reads HH:MM-HH:MM; an end before the start runs past midnight; equal ends are all day")
  func windows() throws {
    let office = try #require(DayWindow(parsing: "09:00-17:00"))
    #expect(office == .office)
    #expect(office.text == "09:00-17:00")
    let night = try #require(DayWindow(parsing: "22:00-02:00"))
    #expect(night.contains(23 * 3600))
    #expect(night.contains(3600))
    #expect(!night.contains(3 * 3600))
    let all = try #require(DayWindow(parsing: "00:00-00:00"))
    #expect(all.contains(0) && all.contains(86_399))
    for bad in ["9:00-17:00", "09:00–17:00", "09:00", "09:00-24:00", "", "09:00-17:00-18:00"] {
      #expect(DayWindow(parsing: bad) == nil, "\(bad)")
    }
  }

  @Test("--dry-run's line says what it would do and why")
  func explanation() {
    let rules = NudgeRules()
    #expect(
      Self.decide(Self.monday(10, 0)).explanation(rules: rules, zone: Self.zone)
        == "nudge: No Pomodoro yet today — start one? (button: start work)")
    #expect(Self.decide(Self.monday(18, 0)).explanation(rules: rules, zone: Self.zone) == "quiet: outside 09:00-17:00")
    #expect(
      Self.decide(Self.at(2026, 1, 17, 10, 0)).explanation(rules: rules, zone: Self.zone)
        == "quiet: today is not a work day (mon–fri)")
    #expect(
      Self.decide(Self.monday(11, 0), lastEnd: Self.monday(10, 50)).explanation(rules: rules, zone: Self.zone)
        == "quiet: a session ended at 10:50, less than 15m ago")
  }
}
