import PomoPlatform

/// Local calendar arithmetic on day numbers (days since 1970-01-01), pure and zone-aware.
///
/// A day may begin after midnight (`dayStart`, the config's `day_start`): with "04:00", the
/// hours before four in the morning belong to the day before, for night owls. The boundary is
/// a wall-clock time, so on a DST day it is still 04:00 on the clock and the day is 23 or 25
/// hours long.
package struct LocalCalendar {
  package let zone: any TimeZoneRules
  /// 1 for Monday (ISO), 7 for Sunday.
  package let weekStart: Int
  /// Seconds after local midnight at which a day begins (0 to 86,399).
  package let dayStart: Int

  package init(zone: any TimeZoneRules, weekStart: Int = 1, dayStart: Int = 0) {
    self.zone = zone is CachedZone ? zone : CachedZone(zone)
    self.weekStart = weekStart
    self.dayStart = min(max(0, dayStart), 86_399)
  }

  /// The same calendar with caches of its own, for another thread (a zone's caches are for one).
  package var ownCopy: LocalCalendar {
    LocalCalendar(
      zone: (zone as? CachedZone).map(CachedZone.init(sharing:)) ?? zone, weekStart: weekStart, dayStart: dayStart)
  }

  /// What makes this calendar's days differ from another's in the same zone, for caches of
  /// day-based answers: the zone's name, and the day start when it is not midnight.
  package var identifier: String {
    dayStart == 0 ? zone.identifier : "\(zone.identifier) +\(dayStart)"
  }

  /// What this calendar's days are made of, for caches of day-based answers: the zone's name
  /// and the bytes of its rules (a tzdata update makes another calendar), and the day start.
  package var fingerprint: String {
    let zone = (zone as? CachedZone)?.fingerprint ?? zone.identifier
    return "\(zone) +\(dayStart)"
  }

  /// The local wall-clock time of an instant as seconds after the day start (0 ..< 86,400):
  /// where it falls in the hour-of-day grid.
  package func wallSeconds(of t: Double) -> Double {
    let local = t + Double(zone.offset(at: t)) - Double(dayStart)
    return local - (local / 86_400).rounded(.down) * 86_400
  }

  /// The last day looked up and its bounds: the phases of a session mostly share a day.
  private final class LastDay {
    var day: Int64 = 0
    var from = 1.0
    var to = 0.0
  }
  private let last = LastDay()

  /// The local day an instant falls on: the day whose span, from its start to the next day's
  /// (`start(of:)`), holds it. Where the clocks go back over the day's start (a `day_start` of
  /// 02:15 on the night the hour from 02:00 comes twice) the wall clock alone would put the
  /// repeated quarter hour on the day before again; by the spans, every instant has one day
  /// and the days follow each other, whichever was looked up before.
  package func day(of t: Double) -> Int64 {
    if t >= last.from && t < last.to { return last.day }
    var day = rawDay(of: t)
    var from = start(of: day)
    var to = start(of: day + 1)
    while t < from {
      day -= 1
      to = from
      from = start(of: day)
    }
    while t >= to {
      day += 1
      from = to
      to = start(of: day + 1)
    }
    last.day = day
    last.from = from
    last.to = to
    return day
  }

  private func rawDay(of t: Double) -> Int64 {
    RFC3339.floorDiv(Int64((t + Double(zone.offset(at: t))).rounded(.down)) - Int64(dayStart), 86_400)
  }

  /// The instant a local day begins (the first instant that is on that day, across DST gaps):
  /// its midnight, or its `dayStart`.
  package func start(of day: Int64) -> Double {
    let midnightUTC = Double(day * 86_400 + Int64(dayStart))
    var t = midnightUTC - Double(zone.offset(at: midnightUTC))
    for _ in 0..<3 {
      let next = midnightUTC - Double(zone.offset(at: t))
      if next == t { break }
      t = next
    }
    // In a gap (midnight skipped), step forward to the first instant of the day.
    while rawDay(of: t) < day { t += 900 }
    while rawDay(of: t - 1) >= day { t -= 900 }
    return t
  }

  /// 1 = Monday ... 7 = Sunday.
  package static func weekday(_ day: Int64) -> Int {
    Int(day + 3 - RFC3339.floorDiv(day + 3, 7) * 7) + 1  // 1970-01-01 was a Thursday
  }

  /// The first day of the week containing `day`, for weeks that start on `weekStart`
  /// (1 = Monday ... 7 = Sunday).
  package static func weekStart(containing day: Int64, weekStart: Int) -> Int64 {
    day - Int64((weekday(day) - weekStart + 7) % 7)
  }

  package static func date(_ day: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let (y, m, d) = RFC3339.civil(fromDays: day)
    return (y, m, d)
  }

  /// "2026-11-23".
  package static func isoDate(_ day: Int64) -> String {
    var out: [UInt8] = []
    isoDate(day, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The same as UTF-8 bytes appended to `out`, with no string made.
  package static func isoDate(_ day: Int64, into out: inout [UInt8]) {
    let (y, m, d) = RFC3339.civil(fromDays: day)
    RFC3339.pad(y, 4, into: &out)
    out.append(0x2D)
    RFC3339.pad(m, 2, into: &out)
    out.append(0x2D)
    RFC3339.pad(d, 2, into: &out)
  }

  package static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
  package static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// "Mon 2026-11-23".
  package static func label(_ day: Int64) -> String {
    "\(weekdayNames[weekday(day) - 1]) \(isoDate(day))"
  }

  /// The ISO 8601 week (year, number) of a day: weeks start on Monday, week 1 holds January 4.
  package static func isoWeek(_ day: Int64) -> (year: Int64, week: Int64) {
    let thursday = day - Int64(weekday(day)) + 4
    let year = RFC3339.civil(fromDays: thursday).0
    let firstThursdayWeekStart = isoWeek1Monday(year)
    return (year, (thursday - 3 - firstThursdayWeekStart) / 7 + 1)
  }

  /// The Monday of ISO week 1 of `year`.
  package static func isoWeek1Monday(_ year: Int64) -> Int64 {
    let jan4 = RFC3339.days(fromCivil: year, 1, 4)
    return jan4 - Int64(weekday(jan4)) + 1
  }

  /// The number of ISO weeks in a year (52 or 53).
  package static func isoWeeks(in year: Int64) -> Int64 {
    (isoWeek1Monday(year + 1) - isoWeek1Monday(year)) / 7
  }

  /// Parses "2026-11-23" into a day number, checking the date exists. Years start at 1: the
  /// year 0 and the days before it have no date pomo can write.
  package static func parseDate(_ text: String) -> Int64? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), let y = Int64(parts[0]), let m = Int64(parts[1]),
      let d = Int64(parts[2]), y >= 1, (1...12).contains(m), d >= 1
    else { return nil }
    let day = RFC3339.days(fromCivil: y, m, d)
    guard RFC3339.civil(fromDays: day) == (y, m, d) else { return nil }
    return day
  }

  /// Days in a month.
  package static func monthRange(year: Int64, month: Int64) -> ClosedRange<Int64> {
    let first = RFC3339.days(fromCivil: year, month, 1)
    let next = month == 12 ? RFC3339.days(fromCivil: year + 1, 1, 1) : RFC3339.days(fromCivil: year, month + 1, 1)
    return first...(next - 1)
  }
}
