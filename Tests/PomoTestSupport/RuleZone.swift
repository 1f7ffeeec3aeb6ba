import PomoCore

/// Europe/Berlin and America/New_York by their current DST rules, so the pure report code is
/// tested without the system's zone files (the end-to-end tests use the real ones).
package struct RuleZone: TimeZoneRules, Sendable {
  package let identifier: String
  package let standard: Int
  /// The instants (UTC) DST starts and ends in a year.
  package let transitions: @Sendable (Int64) -> (Double, Double)

  package init(identifier: String, standard: Int, transitions: @escaping @Sendable (Int64) -> (Double, Double)) {
    self.identifier = identifier
    self.standard = standard
    self.transitions = transitions
  }

  package func offset(at t: Double) -> Int {
    let year = RFC3339.civil(fromDays: Int64((t / 86_400).rounded(.down))).0
    let (on, off) = transitions(year)
    return t >= on && t < off ? standard + 3600 : standard
  }

  /// The day number of the nth (1-based; 0 = last) given weekday (1 = Mon ... 7 = Sun) of a month.
  package static func nth(_ n: Int, _ weekday: Int, _ year: Int64, _ month: Int64) -> Int64 {
    if n == 0 {
      let last = LocalCalendar.monthRange(year: year, month: month).upperBound
      return last - Int64((LocalCalendar.weekday(last) - weekday + 7) % 7)
    }
    let first = RFC3339.days(fromCivil: year, month, 1)
    return first + Int64((weekday - LocalCalendar.weekday(first) + 7) % 7) + Int64(n - 1) * 7
  }

  package static let berlin = RuleZone(identifier: "Europe/Berlin", standard: 3600) { y in
    (Double(nth(0, 7, y, 3) * 86_400 + 3600), Double(nth(0, 7, y, 10) * 86_400 + 3600))
  }
  package static let newYork = RuleZone(identifier: "America/New_York", standard: -18_000) { y in
    (Double(nth(2, 7, y, 3) * 86_400 + 7 * 3600), Double(nth(1, 7, y, 11) * 86_400 + 6 * 3600))
  }
}
