import PomoPlatform

/// Reads the times people type for sessions that were not timed (`pomo add --start`, `pomo edit
/// --end`): a local time today or yesterday, a local date and time, an RFC 3339 timestamp, or a
/// span back from now.
package enum WhenParser {
  /// Seconds since 1970 for `text`, read in `zone` and relative to `now`:
  /// - `09:00`, `8:05`, `09:00:30`: today at that local time;
  /// - `today 8:05`, `yesterday 14:30`;
  /// - `2026-11-30 09:00`, `2026-11-30T09:00` (seconds optional): a local date and time;
  /// - `2026-11-30T09:00:00+01:00`, `2026-11-30T08:00Z`: RFC 3339, seconds optional;
  /// - `-90m`, `-1h30m`, `-2h`, `-1:30`, `-90min`: that long before `now` (any duration
  ///   `TypedDuration` reads, up to 24 hours; a bare `-90` is refused with a suggestion);
  /// - `now`.
  ///
  /// A local time the clocks skip (spring forward) or pass twice (fall back) is an error that
  /// says so, rather than a guess.
  package static func parse(_ text: String, now: Double, zone: any TimeZoneRules) -> Result<Double, WhenError> {
    let input = text.trimmingSpaces()
    let lower = input.lowercased()
    if lower.isEmpty { return .failure(.notATime(input)) }
    if lower == "now" { return .success(now) }
    if lower.hasPrefix("-") {
      let span = lower.dropFirst().drop { $0 == " " }
      if span.hasPrefix("-") { return .failure(.notATime(input)) }
      switch TypedDuration.parse(String(span)) {
      case .success(let span): return .success(now - TimeText.seconds(span))
      case .failure(.bareNumber(let suggestion)): return .failure(.bareNumber(input, suggestion: "-" + suggestion))
      case .failure(.misspelt(let suggestion)):
        return .failure(.misspelt(input, suggestion: "-" + suggestion))
      case .failure(.duration(.notADuration)): return .failure(.notATime(input))
      case .failure(.duration(let problem)): return .failure(.duration(input, problem))
      }
    }
    let today = localDay(of: now, zone: zone)
    // "today 9:00", "yesterday 9:00", "9:00".
    var dayShift: Int64?
    var clockText = Substring(lower)
    for (word, shift) in [("today", Int64(0)), ("yesterday", -1)] where lower.hasPrefix(word + " ") {
      dayShift = shift
      clockText = lower.dropFirst(word.count).drop { $0 == " " }
    }
    if dayShift != nil || lower.first?.isASCIIDigit == true && !lower.contains("-") {
      guard let clock = Clock(clockText) else { return .failure(.notATime(input)) }
      guard clock.valid else { return .failure(.noSuchTimeOfDay(input)) }
      return local(day: today + (dayShift ?? 0), clock: clock, input: input, zone: zone)
    }
    // A date and a time, with an offset or without.
    let bytes = Array(lower.utf8)
    let datePart = String(decoding: bytes.prefix(10), as: UTF8.self)
    guard bytes.count > 11, let day = LocalCalendar.parseDate(datePart) else {
      let shaped = datePart.enumerated().allSatisfy { i, c in i == 4 || i == 7 ? c == "-" : c.isASCIIDigit }
      return .failure(bytes.count > 11 && datePart.count == 10 && shaped ? .noSuchDay(input) : .notATime(input))
    }
    guard bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " ") else { return .failure(.notATime(input)) }
    var rest = Substring(lower).dropFirst(11)
    var offset: Int?
    if rest.hasSuffix("z") {
      offset = 0
      rest = rest.dropLast()
    } else if rest.count > 6, let sign = rest.dropLast(5).last, sign == "+" || sign == "-" {
      let o = rest.suffix(5)
      guard o.count == 5, o.dropFirst(2).first == ":", let h = Int(o.prefix(2)), let m = Int(o.suffix(2)),
        o.prefix(2).allSatisfy(\.isASCIIDigit), o.suffix(2).allSatisfy(\.isASCIIDigit), h < 24, m < 60
      else { return .failure(.notATime(input)) }
      offset = (h * 3600 + m * 60) * (sign == "-" ? -1 : 1)
      rest = rest.dropLast(6)
    }
    guard let clock = Clock(rest) else { return .failure(.notATime(input)) }
    guard clock.valid else { return .failure(.noSuchTimeOfDay(input)) }
    if let offset {
      return .success(Double(day * 86_400) + clock.seconds - Double(offset))
    }
    return local(day: day, clock: clock, input: input, zone: zone)
  }

  /// The local day (days since 1970) `now` falls on in `zone`.
  static func localDay(of now: Double, zone: any TimeZoneRules) -> Int64 {
    RFC3339.floorDiv(Int64((now + Double(zone.offset(at: now))).rounded(.down)), 86_400)
  }

  /// A clock reading: "9:05", "09:05:30", "09:05:30.250".
  struct Clock {
    var hour: Int
    var minute: Int
    var second: Double

    init?(_ text: Substring) {
      let parts = text.split(separator: ":", omittingEmptySubsequences: false)
      guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count), parts[1].count == 2,
        parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit), let h = Int(parts[0]),
        let m = Int(parts[1])
      else { return nil }
      hour = h
      minute = m
      second = 0
      if parts.count == 3 {
        let s = parts[2]
        let whole = s.prefix(while: \.isASCIIDigit)
        let fraction = s.dropFirst(whole.count)
        guard whole.count == 2,
          fraction.isEmpty
            || fraction.count >= 2 && fraction.first == "."
              && fraction.dropFirst().allSatisfy(\.isASCIIDigit) && fraction.count <= 10,
          let value = Double(s)
        else { return nil }
        second = value
      }
    }

    var valid: Bool { hour < 24 && minute < 60 && second < 60 }
    var seconds: Double { Double(hour * 3600 + minute * 60) + second }
  }

  static func local(day: Int64, clock: Clock, input: String, zone: any TimeZoneRules) -> Result<
    Double, WhenError
  > {
    switch LocalTime.resolve(Double(day * 86_400) + clock.seconds, zone: zone) {
    case .unique(let t):
      return .success(t)
    case .skipped(let transition, let offsetBefore, _):
      return .failure(.nonexistent(input, zone: zone.identifier, at: shortTime(transition + Double(offsetBefore))))
    case .repeated(let earlier, _):
      var example = RFC3339.format(earlier, offset: zone.offset(at: earlier))
      // "2026-10-25T02:30:00+02:00" → "2026-10-25T02:30+02:00" when the seconds are zero.
      let b = Array(example.utf8)
      if b.count == 25, b[16] == UInt8(ascii: ":"), b[17] == UInt8(ascii: "0"), b[18] == UInt8(ascii: "0") {
        example = String(decoding: b[0..<16] + b[19...], as: UTF8.self)
      }
      return .failure(.ambiguous(input, zone: zone.identifier, example: example))
    }
  }

  /// "02:00" (with ":30" when there are seconds) for a local time in seconds since 1970.
  private static func shortTime(_ local: Double) -> String {
    let second = (Int64(local.rounded(.down)) % 86_400 + 86_400) % 86_400
    let text = "\(RFC3339.pad(second / 3600, 2)):\(RFC3339.pad(second / 60 % 60, 2))"
    return second % 60 == 0 ? text : text + ":" + RFC3339.pad(second % 60, 2)
  }
}

extension String {
  /// Without spaces (U+0020) at either end.
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
