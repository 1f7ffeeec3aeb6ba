/// A zone with one offset forever, for tests and for UTC.
package struct FixedZone: TimeZoneRules {
  package var identifier: String
  package var seconds: Int
  package init(identifier: String = "UTC", seconds: Int = 0) {
    self.identifier = identifier
    self.seconds = seconds
  }
  package func offset(at unixSeconds: Double) -> Int { seconds }
  package var rules: ZoneRules? { ZoneRules(fixed: seconds) }
}
