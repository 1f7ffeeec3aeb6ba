/// A zone with one offset forever, for tests and for UTC.
public struct FixedZone: TimeZoneRules {
  public var identifier: String
  public var seconds: Int
  public init(identifier: String = "UTC", seconds: Int = 0) {
    self.identifier = identifier
    self.seconds = seconds
  }
  public func offset(at unixSeconds: Double) -> Int { seconds }
  public var rules: ZoneRules? { ZoneRules(fixed: seconds) }
}
