import PomoTestSupport
import Testing

@testable import PomoCore

/// A day that begins inside an hour the clocks repeat: every instant has one day, whichever
/// instant was looked up before, and the days follow each other.
@Suite("Day start in the hour the clocks repeat")
struct DayStartAcrossDSTTests {
  /// 2026-10-25 in Berlin: 03:00 CEST is 02:00 CET again (01:00 UTC). A day start of 02:15 is
  /// passed twice, at 00:15 and 01:15 UTC.
  static let night = 1_792_886_400.0  // 2026-10-25T00:00:00Z
  static let instants = stride(from: night - 3600, through: night + 3 * 3600, by: 300).map { $0 }

  @Test("each instant's day is the one whose span holds it, and it does not depend on the day looked up before")
  func orderDoesNotMatter() {
    let fresh = { LocalCalendar(zone: RuleZone.berlin, dayStart: 2 * 3600 + 15 * 60) }
    let alone = Self.instants.map { fresh().day(of: $0) }
    // After a lookup of a day a month before, of the day before, or of each other instant.
    let earlier = fresh()
    let afterOthers = Self.instants.map { t -> Int64 in
      _ = earlier.day(of: Self.night - 25 * 86_400)
      return earlier.day(of: t)
    }
    let walking = fresh()
    let walked = Self.instants.reversed().map { walking.day(of: $0) }.reversed()
    #expect(afterOthers == alone)
    #expect(Array(walked) == alone)
    let calendar = fresh()
    for (t, day) in zip(Self.instants, alone) {
      #expect(calendar.start(of: day) <= t && t < calendar.start(of: day + 1), "\(t) on day \(day)")
    }
    // The days never go back as time goes on.
    #expect(zip(alone, alone.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(Set(alone).count == 2)
  }
}
