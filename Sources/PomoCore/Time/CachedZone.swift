/// Remembers the spans of time over which the offset stays the same, so that a report that
/// asks for millions of offsets (or walks a streak back for years) asks the zone rarely.
///
/// The spans come from the zone's own rules (`ZoneRules`: every change it makes, however
/// close together), never from sampling, so the offset of an instant, and the day it falls
/// on, never depend on what was asked before. A zone that cannot give its rules is asked
/// every time.
package final class CachedZone: TimeZoneRules {
  package let base: any TimeZoneRules
  /// The base's rules, read once.
  package let rules: ZoneRules?
  private var span = (from: 1.0, to: 0.0, offset: 0)
  private var older: [(from: Double, to: Double, offset: Int)] = []
  package static let quarter = 900.0

  package init(_ base: any TimeZoneRules) {
    self.base = base
    rules = base.rules
  }

  /// A cache of its own over the same zone and rules (a cache is for one thread).
  package init(sharing other: CachedZone) {
    base = other.base
    rules = other.rules
  }

  package var identifier: String { base.identifier }

  /// What the calendar's days depend on besides the day start: the zone's name and the
  /// bytes its rules were read from (or, when it cannot say, its name alone).
  package var fingerprint: String { base.identifier + " " + (rules?.fingerprint ?? "unknown rules") }

  package func offset(at t: Double) -> Int {
    if t >= span.from && t < span.to { return span.offset }
    if let hit = older.firstIndex(where: { t >= $0.from && t < $0.to }) {
      swap(&span, &older[hit])
      return span.offset
    }
    let value = base.offset(at: t)
    guard let rules else { return value }
    let (from, to) = rules.span(around: t)
    if span.to > span.from {
      older.append(span)
      if older.count > 8 { older.removeFirst() }
    }
    span = (from, to, value)
    return value
  }
}
