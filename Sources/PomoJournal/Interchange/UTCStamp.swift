import PomoCore

/// An instant as Timewarrior and iCalendar write it: "20261201T090000Z", UTC, to the second.
package enum UTCStamp {
  /// The stamp of an instant, rounded down to the second.
  package static func format(_ unixSeconds: Double) -> String {
    let utc = RFC3339.format(unixSeconds.rounded(.down), offset: 0)  // 2026-12-01T09:00:00+00:00
    return utc.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
  }

  /// Seconds since 1970 of a stamp, or nil when `text` is none.
  package static func parse(_ text: String) -> Double? {
    let b = Array(text.utf8)
    guard b.count == 16, b[8] == UInt8(ascii: "T"), b[15] == UInt8(ascii: "Z") else { return nil }
    func number(_ r: Range<Int>) -> Int64? {
      b[r].allSatisfy { (48...57).contains($0) } ? b[r].reduce(0) { $0 * 10 + Int64($1 - 48) } : nil
    }
    guard let y = number(0..<4), let mo = number(4..<6), let d = number(6..<8), let h = number(9..<11),
      let mi = number(11..<13), let s = number(13..<15), (1...12).contains(mo), d >= 1,
      d <= RFC3339.daysInMonth(y, mo), h < 24, mi < 60, s < 60, y >= 1970
    else { return nil }
    return Double(RFC3339.days(fromCivil: y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
  }
}
