/// The local time zone as reports need it: the UTC offset at any instant.
package protocol TimeZoneRules {
  /// The zone's name for people and JSON, e.g. "Europe/Berlin".
  var identifier: String { get }
  /// Seconds east of UTC at `unixSeconds`.
  func offset(at unixSeconds: Double) -> Int
  /// Where the offset changes, and what the rules were read from, when the zone can say
  /// (`ZoneRules`); nil when only `offset(at:)` is known: then no offset is taken for another.
  var rules: ZoneRules? { get }
}

extension TimeZoneRules {
  package var rules: ZoneRules? { nil }
}

extension TimeZoneRules {
  /// "14:05:09" in this zone, for the plain log and messages.
  package func clockTime(_ unixSeconds: Double) -> String {
    let local = Int64((unixSeconds + Double(offset(at: unixSeconds))).rounded(.down))
    let second = ((local % 86_400) + 86_400) % 86_400
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
  }
}
