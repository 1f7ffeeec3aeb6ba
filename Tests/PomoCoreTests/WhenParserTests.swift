import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("When: the times people type for untimed sessions")
struct WhenParserTests {
  /// Tuesday 2026-12-01 13:08:18 UTC: 14:08:18 in Berlin, 08:08:18 in New York.
  static let now = RFC3339.parse("2026-12-01T13:08:18Z")!

  static func utc(_ text: String, in zone: any TimeZoneRules = RuleZone.berlin, now: Double = now) -> String {
    switch WhenParser.parse(text, now: now, zone: zone) {
    case .success(let t): RFC3339.format(t, offset: 0)
    case .failure(let error): "error: \(error)"
    }
  }

  static let berlin: [(String, String)] = [
    ("09:00", "2026-12-01T08:00:00+00:00"),
    ("8:05", "2026-12-01T07:05:00+00:00"),
    ("  09:00  ", "2026-12-01T08:00:00+00:00"),
    ("09:00:30", "2026-12-01T08:00:30+00:00"),
    ("23:59:59.5", "2026-12-01T22:59:59.500+00:00"),
    ("today 8:05", "2026-12-01T07:05:00+00:00"),
    ("Today 08:05", "2026-12-01T07:05:00+00:00"),
    ("yesterday 14:30", "2026-11-30T13:30:00+00:00"),
    ("YESTERDAY   0:00", "2026-11-29T23:00:00+00:00"),
    ("2026-11-30 09:00", "2026-11-30T08:00:00+00:00"),
    ("2026-11-30T09:00", "2026-11-30T08:00:00+00:00"),
    ("2026-11-30t09:00:15", "2026-11-30T08:00:15+00:00"),
    ("2026-07-01 09:00", "2026-07-01T07:00:00+00:00"),  // summer time
    ("2026-11-30T09:00:00+01:00", "2026-11-30T08:00:00+00:00"),
    ("2026-11-30T09:00:00Z", "2026-11-30T09:00:00+00:00"),
    ("2026-11-30T09:00:00.250z", "2026-11-30T09:00:00.250+00:00"),
    ("2026-11-30T09:00Z", "2026-11-30T09:00:00+00:00"),
    ("2026-11-30T09:00-05:00", "2026-11-30T14:00:00+00:00"),
    ("2026-11-30 09:00:00+05:30", "2026-11-30T03:30:00+00:00"),
    ("now", "2026-12-01T13:08:18+00:00"),
    ("-90m", "2026-12-01T11:38:18+00:00"),
    ("-1h30m", "2026-12-01T11:38:18+00:00"),
    ("-1h 30m", "2026-12-01T11:38:18+00:00"),
    ("-2h", "2026-12-01T11:08:18+00:00"),
    ("-45s", "2026-12-01T13:07:33+00:00"),
    ("-1:30", "2026-12-01T13:06:48+00:00"),
    ("-24h", "2026-11-30T13:08:18+00:00"),
    // Around the changes: the last minute before and the first after are fine.
    ("2026-03-29 01:59:59", "2026-03-29T00:59:59+00:00"),
    ("2026-03-29 03:00", "2026-03-29T01:00:00+00:00"),
    ("2026-10-25 01:59", "2026-10-24T23:59:00+00:00"),
    ("2026-10-25 03:00", "2026-10-25T02:00:00+00:00"),
    // An offset settles a time that happens twice.
    ("2026-10-25T02:30+02:00", "2026-10-25T00:30:00+00:00"),
    ("2026-10-25T02:30+01:00", "2026-10-25T01:30:00+00:00"),
    // An offset even for a time the zone skips: it is an instant all the same.
    ("2026-03-29T02:30+01:00", "2026-03-29T01:30:00+00:00"),
  ]

  @Test("every form, in Europe/Berlin", arguments: berlin)
  func forms(text: String, expected: String) {
    #expect(Self.utc(text) == expected)
  }

  @Test("today and yesterday are the zone's, not UTC's")
  func localDay() {
    // 23:30 UTC on 1 December is already 2 December in Berlin, still 1 December in New York.
    let late = RFC3339.parse("2026-12-01T23:30:00Z")!
    #expect(Self.utc("09:00", now: late) == "2026-12-02T08:00:00+00:00")
    #expect(Self.utc("09:00", in: RuleZone.newYork, now: late) == "2026-12-01T14:00:00+00:00")
    #expect(Self.utc("yesterday 14:30", in: RuleZone.newYork, now: late) == "2026-11-30T19:30:00+00:00")
    #expect(
      Self.utc("09:00", in: FixedZone(identifier: "Asia/Kolkata", seconds: 19_800), now: late)
        == "2026-12-02T03:30:00+00:00")
  }

  static let changes: [(String, any TimeZoneRules & Sendable, Double, String)] = [
    (
      "2026-03-29 02:30", RuleZone.berlin, now,
      "error: '2026-03-29 02:30' does not exist in Europe/Berlin (the clocks go forward at 02:00)"
    ),
    (
      "2026-03-29T02:00", RuleZone.berlin, now,
      "error: '2026-03-29T02:00' does not exist in Europe/Berlin (the clocks go forward at 02:00)"
    ),
    (
      "2026-03-29 02:59:59", RuleZone.berlin, now,
      "error: '2026-03-29 02:59:59' does not exist in Europe/Berlin (the clocks go forward at 02:00)"
    ),
    (
      "2026-10-25 02:30", RuleZone.berlin, now,
      "error: '2026-10-25 02:30' is ambiguous in Europe/Berlin (it happens twice; give an offset, e.g. 2026-10-25T02:30+02:00)"
    ),
    (
      "2026-10-25 02:00", RuleZone.berlin, now,
      "error: '2026-10-25 02:00' is ambiguous in Europe/Berlin (it happens twice; give an offset, e.g. 2026-10-25T02:00+02:00)"
    ),
    (
      "2026-10-25 02:30:15", RuleZone.berlin, now,
      "error: '2026-10-25 02:30:15' is ambiguous in Europe/Berlin (it happens twice; give an offset, e.g. 2026-10-25T02:30:15+02:00)"
    ),
    (
      "yesterday 02:30", RuleZone.berlin, RFC3339.parse("2026-10-26T12:00:00Z")!,
      "error: 'yesterday 02:30' is ambiguous in Europe/Berlin (it happens twice; give an offset, e.g. 2026-10-25T02:30+02:00)"
    ),
    (
      "02:30", RuleZone.berlin, RFC3339.parse("2026-03-29T12:00:00Z")!,
      "error: '02:30' does not exist in Europe/Berlin (the clocks go forward at 02:00)"
    ),
    (
      "2026-03-08 02:30", RuleZone.newYork, now,
      "error: '2026-03-08 02:30' does not exist in America/New_York (the clocks go forward at 02:00)"
    ),
    (
      "2026-11-01 01:30", RuleZone.newYork, now,
      "error: '2026-11-01 01:30' is ambiguous in America/New_York (it happens twice; give an offset, e.g. 2026-11-01T01:30-04:00)"
    ),
    ("2026-11-01 02:30", RuleZone.newYork, now, "2026-11-01T07:30:00+00:00"),
    ("2026-11-01 00:59", RuleZone.newYork, now, "2026-11-01T04:59:00+00:00"),
    ("2026-03-08 03:00", RuleZone.newYork, now, "2026-03-08T07:00:00+00:00"),
    ("2026-11-01T01:30-05:00", RuleZone.newYork, now, "2026-11-01T06:30:00+00:00"),
  ]

  @Test("a local time the clocks skip or repeat is an error that says so", arguments: changes)
  func dstChanges(text: String, zone: any TimeZoneRules & Sendable, now: Double, expected: String) {
    #expect(Self.utc(text, in: zone, now: now) == expected)
  }

  static let garbage: [(String, String)] = [
    (
      "", "'' is not a time; expected one like 09:00, yesterday 14:30, 2026-11-30 09:00, 2026-11-30T09:00+01:00 or -90m"
    ),
    (
      "tomorrow 9:00",
      "'tomorrow 9:00' is not a time; expected one like 09:00, yesterday 14:30, 2026-11-30 09:00, 2026-11-30T09:00+01:00 or -90m"
    ),
    (
      "\u{1B}[31m",
      "'^[[31m' is not a time; expected one like 09:00, yesterday 14:30, 2026-11-30 09:00, 2026-11-30T09:00+01:00 or -90m"
    ),
    ("09:60", "'09:60' is not a time of day (00:00 to 23:59)"),
    ("24:00", "'24:00' is not a time of day (00:00 to 23:59)"),
    ("yesterday 25:00", "'yesterday 25:00' is not a time of day (00:00 to 23:59)"),
    ("2026-11-30 23:59:60", "'2026-11-30 23:59:60' is not a time of day (00:00 to 23:59)"),
    ("2026-02-30 09:00", "'2026-02-30 09:00' names a day that does not exist"),
    ("2026-13-01T09:00", "'2026-13-01T09:00' names a day that does not exist"),
    ("-0m", "'-0m' is not a time: a duration must be more than zero, got 0m"),
    ("-25h", "'-25h' is not a time: a duration must be at most 24h, got 25h"),
    ("-1h90m", "'-1h90m' is not a time: minutes and seconds after hours or minutes must be under 60, got 1h90m"),
  ]

  @Test("garbage is an error that quotes it", arguments: garbage)
  func garbageIn(text: String, message: String) {
    #expect(Self.utc(text) == "error: " + message)
  }

  @Test(
    "other near misses are not times",
    arguments: [
      "9", "9:0", "9:000", "009:00", "09:00:5", "09:00:05.", "09:00+01:00", "2026-11-30", "2026-11-30 9",
      "2026-11-30X09:00", "2026-11-30T09:00+1:00", "2026-11-30T09:00+25:00", "2026-11-30T09:00+01", "26-11-30 09:00",
      "-90x", "--5m", "90m", "+90m", "yesterday", "today", "yesterday 9", "now now", "１０:００",
    ])
  func nearMisses(text: String) {
    guard case .failure(let error) = WhenParser.parse(text, now: Self.now, zone: RuleZone.berlin) else {
      Issue.record("\(text) was read as a time")
      return
    }
    #expect(error == .notATime(text.trimmingCharacters(in: [" "])), "\(text)")
  }

  @Test("local times resolve to one instant, none or two")
  func localTimes() {
    let zone = RuleZone.berlin
    func local(_ text: String) -> Double { RFC3339.parse(text + "Z")! }
    #expect(LocalTime.resolve(local("2026-11-30T09:00:00"), zone: zone) == .unique(local("2026-11-30T08:00:00")))
    #expect(
      LocalTime.resolve(local("2026-03-29T02:30:00"), zone: zone)
        == .skipped(transition: local("2026-03-29T01:00:00"), offsetBefore: 3600, offsetAfter: 7200))
    #expect(
      LocalTime.resolve(local("2026-10-25T02:30:00"), zone: zone)
        == .repeated(earlier: local("2026-10-25T00:30:00"), later: local("2026-10-25T01:30:00")))
    #expect(LocalTime.resolve(local("2026-10-25T02:30:00"), zone: FixedZone()) == .unique(local("2026-10-25T02:30:00")))
  }
}
