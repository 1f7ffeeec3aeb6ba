/// Reads and writes the durations people type: "25m", "90s", "1h30m", "1:30", "90".
public enum DurationText {
  /// The longest phase pomo accepts; anything longer is a typo, not a plan.
  public static let maximum: Duration = .seconds(24 * 3600)

  public enum Problem: Error, Equatable, Sendable {
    case notADuration
    case notPositive
    case tooLong

    /// The message, given the text as the user wrote it.
    public func message(for text: String) -> String {
      switch self {
      case .notADuration: "expected a duration like \"25m\", \"90s\", \"1h30m\" or \"1:30\", got \(text)"
      case .notPositive: "a duration must be more than zero, got \(text)"
      case .tooLong: "a duration must be at most 24h, got \(text)"
      }
    }
  }

  /// Parses a duration string; plain numbers are seconds.
  public static func parse(_ raw: String) -> Result<Duration, Problem> {
    let text = raw.trimmedSpaces()
    if text.hasPrefix("-") {
      return parse(String(text.dropFirst())).flatMap { _ in .failure(.notPositive) }
    }
    guard let millis = milliseconds(text) else { return .failure(.notADuration) }
    return check(millis)
  }

  /// Checks a number of seconds given as a JSON number.
  public static func fromSeconds(_ seconds: Double) -> Result<Duration, Problem> {
    guard seconds.isFinite else { return .failure(.tooLong) }
    guard seconds > 0 else { return .failure(.notPositive) }
    guard seconds <= 86_400 else { return .failure(.tooLong) }
    return check(Int64((seconds * 1000).rounded()))
  }

  private static func check(_ millis: Int64) -> Result<Duration, Problem> {
    if millis <= 0 { return .failure(.notPositive) }
    if millis > 86_400_000 { return .failure(.tooLong) }
    return .success(.milliseconds(millis))
  }

  private static func milliseconds(_ text: String) -> Int64? {
    if text.isEmpty { return nil }
    if text.contains(":") { return clockMilliseconds(text) }
    if let plain = decimalMilliseconds(text, scale: 1000) { return plain }
    // Unit form: any of h, m, s in that order, each once, e.g. "1h30m", "2m 5s".
    var rest = Substring(text)
    var total: Int64 = 0
    var seen = false
    for (unit, scale) in [("h", Int64(3_600_000)), ("m", 60_000), ("s", 1000)] {
      rest = rest.drop(while: { $0 == " " })
      guard let end = rest.firstIndex(of: Character(unit)) else { continue }
      guard let part = decimalMilliseconds(String(rest[..<end]), scale: scale) else { return nil }
      total = total &+ part
      seen = true
      rest = rest[rest.index(after: end)...]
    }
    return seen && rest.allSatisfy({ $0 == " " }) ? total : nil
  }

  /// "1:30" is one minute thirty; "1:02:03" is an hour, two minutes and three seconds.
  private static func clockMilliseconds(_ text: String) -> Int64? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2 || parts.count == 3 else { return nil }
    guard let seconds = decimalMilliseconds(parts.last!, scale: 1000),
      parts.last!.prefix(while: \.isNumber).count == 2, seconds < 60_000
    else { return nil }
    var total = seconds
    let leading = parts.dropLast()
    for (offset, part) in leading.enumerated() {
      guard !part.isEmpty, part.count <= 5, part.allSatisfy(\.isASCIIDigit), let value = Int64(part) else {
        return nil
      }
      let isMinutes = offset == leading.count - 1
      if isMinutes && leading.count == 2 && value >= 60 { return nil }
      total += value * (isMinutes ? 60_000 : 3_600_000)
    }
    return total
  }

  /// "12" or "1.5" times `scale`, exactly; nil for anything else, or numbers too big to matter.
  private static func decimalMilliseconds(_ text: String, scale: Int64) -> Int64? {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard pieces.count <= 2, let whole = pieces.first, !whole.isEmpty, whole.count <= 9,
      whole.allSatisfy(\.isASCIIDigit), let wholeValue = Int64(whole)
    else { return nil }
    var result = wholeValue * scale
    if pieces.count == 2 {
      let fraction = pieces[1]
      guard !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigit) else { return nil }
      var unit = scale
      for digit in fraction.prefix(9) {
        unit /= 10
        if unit == 0 { break }
        result += Int64(digit.wholeNumberValue!) * unit
      }
    }
    return result
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

/// How pomo writes time spans for people.
public enum TimeText {
  /// "4:05" under an hour, "1:04:05" past it; rounds up so a countdown shows 0:00 only at the end.
  public static func countdown(_ remaining: Duration) -> String {
    clock(seconds: ceilSeconds(remaining))
  }

  /// "25:00", "1:55:00": a span as a clock reading, rounded to the nearest second.
  public static func clock(_ span: Duration) -> String {
    clock(seconds: roundedSeconds(span))
  }

  public static func clock(seconds: Int64) -> String {
    let s = max(0, seconds)
    let h = s / 3600
    let m = (s % 3600) / 60
    let sec = s % 60
    let ss = sec < 10 ? "0\(sec)" : "\(sec)"
    if h > 0 {
      return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)"
    }
    return "\(m):\(ss)"
  }

  /// "25m", "1h 55m", "40s", "17m 40s", "1.5s": compact, for plans and lists.
  public static func short(_ span: Duration) -> String {
    let millis = milliseconds(span)
    if millis % 1000 != 0 && millis < 60_000 {
      let tenths = (millis + 50) / 100
      return "\(tenths / 10).\(tenths % 10)s"
    }
    let total = (millis + 500) / 1000
    let h = total / 3600
    let m = (total % 3600) / 60
    let s = total % 60
    var parts: [String] = []
    if h > 0 { parts.append("\(h)h") }
    if m > 0 { parts.append("\(m)m") }
    if s > 0 || parts.isEmpty { parts.append("\(s)s") }
    return parts.joined(separator: " ")
  }

  /// "3:25" hours and minutes, for focus totals.
  public static func hoursMinutes(seconds: Int64) -> String {
    let minutes = max(0, seconds) / 60
    let m = minutes % 60
    return "\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
  }

  public static func milliseconds(_ span: Duration) -> Int64 {
    let (s, atto) = span.components
    return s * 1000 + atto / 1_000_000_000_000_000
  }

  public static func seconds(_ span: Duration) -> Double {
    let (s, atto) = span.components
    return Double(s) + Double(atto) / 1e18
  }

  public static func roundedSeconds(_ span: Duration) -> Int64 {
    Int64(seconds(span).rounded())
  }

  static func ceilSeconds(_ span: Duration) -> Int64 {
    let (s, atto) = span.components
    return atto > 0 ? s + 1 : s
  }
}
