import PomoPlatform

/// Reads and writes the durations people type: "25m", "90s", "1h30m", "1:30", "90".
package enum DurationText {
  /// The longest phase pomo accepts; anything longer is a typo, not a plan.
  package static let maximum: Duration = .seconds(24 * 3600)

  package enum Problem: Error, Equatable, Sendable {
    case notADuration
    case notPositive
    case tooLong
    /// Minutes or seconds of 60 or more after a larger unit: "1:60", "1h 90m".
    case partTooLarge

    /// The message, given the text as the user wrote it.
    package func message(for text: String) -> String {
      switch self {
      case .notADuration: "expected a duration like \"25m\", \"90s\", \"1h30m\" or \"1:30\", got \(text)"
      case .notPositive: "a duration must be more than zero, got \(text)"
      case .tooLong: "a duration must be at most 24h, got \(text)"
      case .partTooLarge: "minutes and seconds after hours or minutes must be under 60, got \(text)"
      }
    }
  }

  /// Parses a duration string; plain numbers are seconds.
  ///
  /// The grammar is deliberately small so that `Presets/preset.schema.json` can state it
  /// exactly in regular expressions (a test checks the two agree on a corpus):
  /// - plain seconds `90`, or units h, m, s in that order, each at most once (`1h30m`,
  ///   `1h 30m`, `2m5s`), spaces allowed between the parts;
  /// - `m:ss` or `h:mm:ss`, where `ss` and `mm` are two digits under 60;
  /// - only the last number may have a fraction, of at most three decimals, so every
  ///   duration is a whole number of milliseconds and nothing is rounded;
  /// - minutes or seconds after a larger unit are under 60;
  /// - spaces (U+0020, no other whitespace) may stand before and after;
  /// - more than zero and at most 24 hours.
  package static func parse(_ raw: String) -> Result<Duration, Problem> {
    var bytes = Array(raw.utf8)[...]
    while bytes.first == 0x20 { bytes.removeFirst() }
    while bytes.last == 0x20 { bytes.removeLast() }
    if bytes.first == UInt8(ascii: "-") {
      return parse(String(decoding: bytes.dropFirst(), as: UTF8.self)).flatMap { _ in .failure(.notPositive) }
    }
    let result = bytes.contains(UInt8(ascii: ":")) ? clockMilliseconds(bytes) : unitMilliseconds(bytes)
    return result.flatMap(check)
  }

  /// Checks a number of seconds given as a JSON number.
  ///
  /// The bounds are the schema's (`exclusiveMinimum` 0, `maximum` 86400, on the number as a
  /// double); the value is then rounded to the millisecond, and is at least one.
  package static func fromSeconds(_ seconds: Double) -> Result<Duration, Problem> {
    guard seconds.isFinite else { return .failure(.tooLong) }
    guard seconds > 0 else { return .failure(.notPositive) }
    guard seconds <= 86_400 else { return .failure(.tooLong) }
    return .success(.milliseconds(max(1, Int64((seconds * 1000).rounded()))))
  }

  private static func check(_ millis: Int64) -> Result<Duration, Problem> {
    if millis <= 0 { return .failure(.notPositive) }
    if millis > 86_400_000 { return .failure(.tooLong) }
    return .success(.milliseconds(millis))
  }

  /// A number as written: digits, then at most three decimals.
  private struct Number {
    /// The whole part, nil when it has more than nine significant digits (far beyond 24h).
    var whole: Int64?
    /// The decimals in thousandths: ".5" is 500.
    var thousandths: Int64 = 0
    var hasFraction = false

    func milliseconds(scale: Int64) -> Int64? {
      whole.map { $0 * scale + thousandths * (scale / 1000) }
    }
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// Reads a number at the start of `bytes`; nil when there is none, or a "." without digits.
  private static func number(_ bytes: inout ArraySlice<UInt8>, fraction: Bool = true) -> Number? {
    let digits = bytes.prefix(while: isDigit)
    guard !digits.isEmpty else { return nil }
    bytes = bytes.dropFirst(digits.count)
    let significant = digits.drop(while: { $0 == 0x30 })
    var result = Number()
    if significant.count <= 9 {
      result.whole = significant.reduce(0) { $0 * 10 + Int64($1 - 0x30) }
    }
    if fraction, bytes.first == UInt8(ascii: ".") {
      let decimals = bytes.dropFirst().prefix(while: isDigit).prefix(3)
      guard !decimals.isEmpty else { return nil }
      bytes = bytes.dropFirst(1 + decimals.count)
      var unit: Int64 = 100
      for digit in decimals {
        result.thousandths += Int64(digit - 0x30) * unit
        unit /= 10
      }
      result.hasFraction = true
    }
    return result
  }

  /// Plain seconds ("90", "1.5") or units ("1h 30m", "2m5s").
  private static func unitMilliseconds(_ text: ArraySlice<UInt8>) -> Result<Int64, Problem> {
    var rest = text
    var parts: [(scale: Int64, number: Number)] = []
    let units: [(UInt8, Int64)] = [
      (UInt8(ascii: "h"), 3_600_000), (UInt8(ascii: "m"), 60_000), (UInt8(ascii: "s"), 1000),
    ]
    var nextUnit = 0
    while true {
      guard let n = number(&rest) else { return .failure(.notADuration) }
      if rest.isEmpty && parts.isEmpty {
        parts.append((1000, n))  // Plain seconds.
        break
      }
      guard let unit = units[nextUnit...].firstIndex(where: { $0.0 == rest.first }) else {
        return .failure(.notADuration)
      }
      parts.append((units[unit].1, n))
      nextUnit = unit + 1
      rest = rest.dropFirst().drop(while: { $0 == 0x20 })
      if rest.isEmpty { break }
    }
    return total(parts)
  }

  /// "1:30" is one minute thirty; "1:02:03" is an hour, two minutes and three seconds.
  private static func clockMilliseconds(_ text: ArraySlice<UInt8>) -> Result<Int64, Problem> {
    let fields = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard fields.count == 2 || fields.count == 3 else { return .failure(.notADuration) }
    let scales: [Int64] = fields.count == 2 ? [60_000, 1000] : [3_600_000, 60_000, 1000]
    var parts: [(scale: Int64, number: Number)] = []
    for (i, field) in fields.enumerated() {
      var rest = field
      let isLast = i == fields.count - 1
      guard let n = number(&rest, fraction: isLast), rest.isEmpty else { return .failure(.notADuration) }
      // The first field is any number of digits; the others are two digits exactly.
      if i > 0 && field.prefix(while: isDigit).count != 2 { return .failure(.notADuration) }
      parts.append((scales[i], n))
    }
    return total(parts)
  }

  /// Adds up the parts: only the last may have a fraction, and any after the first is under 60.
  private static func total(_ parts: [(scale: Int64, number: Number)]) -> Result<Int64, Problem> {
    var total: Int64 = 0
    for (i, part) in parts.enumerated() {
      if part.number.hasFraction && i < parts.count - 1 { return .failure(.notADuration) }
      if i > 0 && (part.number.whole ?? 60) >= 60 { return .failure(.partTooLarge) }
      guard let millis = part.number.milliseconds(scale: part.scale) else { return .failure(.tooLong) }
      total += millis
    }
    return .success(total)
  }

  /// "25m", "1h 30m", "1m 0.5s": exact to the millisecond, in the form `parse` reads back.
  package static func format(_ span: Duration) -> String {
    let millis = max(0, TimeText.milliseconds(span))
    let h = millis / 3_600_000
    let m = millis / 60_000 % 60
    let ms = millis % 60_000
    var parts: [String] = []
    if h > 0 { parts.append("\(h)h") }
    if m > 0 { parts.append("\(m)m") }
    if ms > 0 || parts.isEmpty {
      var seconds = "\(ms / 1000)"
      if ms % 1000 != 0 {
        var decimals = String(ms % 1000)
        decimals = String(repeating: "0", count: 3 - decimals.count) + decimals
        while decimals.hasSuffix("0") { decimals.removeLast() }
        seconds += "." + decimals
      }
      parts.append(seconds + "s")
    }
    return parts.joined(separator: " ")
  }
}

package extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}
