import PomoPlatform

/// Placeholder until the full parser lands: RFC 3339 and relative times.
public struct WhenError: Error, CustomStringConvertible, Equatable {
  public var description: String
}

public enum WhenParser {
  public static func parse(_ text: String, now: Double, zone: any TimeZoneRules) -> Result<Double, WhenError> {
    if let t = RFC3339.parse(text) { return .success(t) }
    if text.hasPrefix("-"), case .success(let d) = DurationText.parse(String(text.dropFirst())) {
      return .success(now - TimeText.seconds(d))
    }
    return .failure(WhenError(description: "'\(text)' is not a time"))
  }
}
