import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("Clock targets: the time a session runs until or starts at")
struct ClockTargetTests {
  static func utc(_ text: String, now: String, in zone: any TimeZoneRules = RuleZone.berlin) -> String {
    switch ClockTarget.next(text, after: RFC3339.parse(now)!, zone: zone, within: ClockTarget.day) {
    case .success(let t): RFC3339.format(t, offset: 0)
    case .failure(let error): "error: \(error)"
    }
  }

  static let cases: [(String, String, String)] = [
    // 14:08:18 in Berlin: later today, or tomorrow once today's has gone by.
    ("17:00", "2026-12-01T13:08:18Z", "2026-12-01T16:00:00+00:00"),
    ("14:08:19", "2026-12-01T13:08:18Z", "2026-12-01T13:08:19+00:00"),
    ("14:08:18", "2026-12-01T13:08:18Z", "2026-12-02T13:08:18+00:00"),
    ("9:00", "2026-12-01T13:08:18Z", "2026-12-02T08:00:00+00:00"),
    ("00:00", "2026-12-01T13:08:18Z", "2026-12-01T23:00:00+00:00"),
    (" 17:00 ", "2026-12-01T13:08:18Z", "2026-12-01T16:00:00+00:00"),
    // A date with a time must be to come, within a day (and the hour a clock going back adds).
    ("2026-12-02 09:00", "2026-12-01T13:08:18Z", "2026-12-02T08:00:00+00:00"),
    ("2026-12-02 15:08", "2026-12-01T13:08:18Z", "2026-12-02T14:08:00+00:00"),
    (
      "2026-12-03 09:00", "2026-12-01T13:08:18Z",
      "error: '2026-12-03 09:00' is more than a day away; a timer ends, and a session starts, within the next 24 hours"
    ),
    (
      "2027-12-01 09:00", "2026-12-01T13:08:18Z",
      "error: '2027-12-01 09:00' is more than a day away; a timer ends, and a session starts, within the next 24 hours"
    ),
    ("2026-12-01T17:00:00+01:00", "2026-12-01T13:08:18Z", "2026-12-01T16:00:00+00:00"),
    ("2026-12-01 09:00", "2026-12-01T13:08:18Z", "error: '2026-12-01 09:00' has already gone by"),
    // Across a change of the clocks: the span is between instants, so it is right.
    ("03:30", "2026-03-28T23:30:00Z", "2026-03-29T01:30:00+00:00"),
    ("04:00", "2026-10-24T22:30:00Z", "2026-10-25T03:00:00+00:00"),
    // The gap and the doubled hour are errors that say so, today's or tomorrow's.
    (
      "02:30", "2026-03-28T23:30:00Z",
      "error: '02:30' does not exist in Europe/Berlin (the clocks go forward at 02:00)"
    ),
    (
      "02:30", "2026-03-28T12:00:00Z",
      "error: '02:30' does not exist in Europe/Berlin (the clocks go forward at 02:00)"
    ),
    (
      "02:30", "2026-10-24T22:00:00Z",
      "error: '02:30' is ambiguous in Europe/Berlin (it happens twice; give an offset, e.g. 2026-10-25T02:30+02:00)"
    ),
    // Gone by today (after the gap): tomorrow's is next. Between the two 02:30s: the second.
    ("02:30", "2026-03-29T10:00:00Z", "2026-03-30T00:30:00+00:00"),
    ("02:30", "2026-10-25T00:45:00Z", "2026-10-25T01:30:00+00:00"),
    // Not a time of day.
    ("25:00", "2026-12-01T13:08:18Z", "error: '25:00' is not a time of day (00:00 to 23:59)"),
    ("now", "2026-12-01T13:08:18Z", "error: 'now' is not a time; expected a time of day like 17:00 or 9:05, or a date and a time like 2026-11-30 09:00 or 2026-11-30T09:00+01:00"),
    ("-10m", "2026-12-01T13:08:18Z", "error: '-10m' is not a time; expected a time of day like 17:00 or 9:05, or a date and a time like 2026-11-30 09:00 or 2026-11-30T09:00+01:00"),
  ]

  @Test("times of day and dates, in Europe/Berlin", arguments: cases)
  func next(text: String, now: String, expected: String) {
    #expect(Self.utc(text, now: now) == expected)
  }

  @Test("without a bound (--until, which rounds fill), a date days away is taken")
  func unbounded() throws {
    let now = try #require(RFC3339.parse("2026-12-01T13:08:18Z"))
    #expect(ClockTarget.next("2026-12-03 09:00", after: now, zone: RuleZone.berlin) == .success(now + 154_302))
  }
}

@Suite("Plans to a clock time")
struct PlanFillingTests {
  static let work = Preset(
    name: "work",
    round: [
      PhaseTemplate(name: "focus", kind: .work, duration: .seconds(25 * 60)),
      PhaseTemplate(name: "break", kind: .rest, duration: .seconds(5 * 60)),
    ], rounds: 4, longBreak: Preset.LongBreak(every: 4, phase: PhaseTemplate(name: "long break", kind: .rest, duration: .seconds(15 * 60))))

  @Test("the rounds fill the time and the last phase is shortened to end then")
  func fills() {
    let plan = Plan(preset: Self.work, filling: .seconds(3 * 3600 + 7))
    #expect(plan.total == .seconds(3 * 3600 + 7))
    // Four rounds (three breaks and a long one) take 2:10; then 25 minutes, 5, and the sixth
    // focus cut to the 20:07 left.
    #expect(plan.phases[7].name == "long break" && plan.phases.last?.name == "focus")
    #expect(plan.phases.last?.duration == .seconds(20 * 60 + 7))
    #expect(plan.phases.last?.duration == .seconds(3 * 3600 + 7) - plan.phases.last!.offset)
    #expect(plan.phases.count == 11)
    #expect(plan.rounds == 6)
    #expect(!plan.endless)
  }

  @Test("a short span cuts the first phase; a span longer than the preset's most ends it earlier")
  func cuts() {
    let short = Plan(preset: Self.work, filling: .milliseconds(90_500))
    #expect(short.phases.count == 1 && short.phases[0].duration == .milliseconds(90_500) && short.rounds == 1)
    var one = Self.work
    one.rounds = 1
    one.endless = false
    let plan = Plan(preset: one, filling: .seconds(30 * 60))
    #expect(plan.total == .seconds(30 * 60))
  }
}
