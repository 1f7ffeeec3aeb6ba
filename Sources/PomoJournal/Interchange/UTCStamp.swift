import PomoCore

/// An instant as Timewarrior and iCalendar write it: "20261201T090000Z", UTC, to the second.
public enum UTCStamp {
  /// The stamp of an instant, rounded down to the second.
  public static func format(_ unixSeconds: Double) -> String {
    let utc = RFC3339.format(unixSeconds.rounded(.down), offset: 0)  // 2026-12-01T09:00:00+00:00
    return utc.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
  }

  /// Seconds since 1970 of a stamp, or nil when `text` is none.
  public static func parse(_ text: String) -> Double? {
    let b = Array(text.utf8)
    guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
    var digits: [Int64] = []
    for i in [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14] {
      guard (48...57).contains(b[i]) else { return nil }
      digits.append(Int64(b[i] - 48))
    }
    func number(_ from: Int, _ count: Int) -> Int64 { digits[from..<(from + count)].reduce(0) { $0 * 10 + $1 } }
    let (y, mo, d, h, mi, s) = (number(0, 4), number(4, 2), number(6, 2), number(8, 2), number(10, 2), number(12, 2))
    guard (1...12).contains(mo), d >= 1, d <= RFC3339.daysInMonth(y, mo), h < 24, mi < 60, s < 60, y >= 1970 else {
      return nil
    }
    return Double(RFC3339.days(fromCivil: y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
  }
}
