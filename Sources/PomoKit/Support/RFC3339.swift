/// RFC 3339 timestamps, as the journal stores them: local time with its UTC offset.
public enum RFC3339 {
  /// "2026-11-30T09:00:00+01:00" (with ".250" when there are milliseconds). UTC is written
  /// "+00:00" like any other offset; readers accept "Z" too.
  public static func format(_ unixSeconds: Double, offset: Int) -> String {
    let millis = Int64((unixSeconds * 1000).rounded(.down))
    let localMillis = millis + Int64(offset) * 1000
    let days = floorDiv(localMillis, 86_400_000)
    let dayMillis = localMillis - days * 86_400_000
    let (y, m, d) = civil(fromDays: days)
    let secondsOfDay = dayMillis / 1000
    var text = "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))"
    let ms = dayMillis % 1000
    if ms != 0 { text += "." + pad(ms, 3) }
    let sign = offset < 0 ? "-" : "+"
    let o = abs(offset) / 60
    return text + "\(sign)\(pad(Int64(o / 60), 2)):\(pad(Int64(o % 60), 2))"
  }

  /// Seconds since 1970 for any RFC 3339 timestamp (any offset, "Z", fractional seconds), or nil.
  public static func parse(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
    func digits(_ from: Int, _ count: Int) -> Int64? {
      guard from + count <= b.count else { return nil }
      var v: Int64 = 0
      for i in from..<(from + count) {
        let c = b[i]
        guard c >= 48 && c <= 57 else { return nil }
        v = v * 10 + Int64(c - 48)
      }
      return v
    }
    guard b.count >= 20, let y = digits(0, 4), b[4] == 45, let mo = digits(5, 2), b[7] == 45, let d = digits(8, 2),
      b[10] == 84 || b[10] == 116 || b[10] == 32, let h = digits(11, 2), b[13] == 58, let mi = digits(14, 2), b[16] == 58,
      let s = digits(17, 2), (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, s < 61
    else { return nil }
    var i = 19
    var fraction = 0.0
    if i < b.count && b[i] == 46 {
      i += 1
      var scale = 0.1
      let start = i
      while i < b.count && b[i] >= 48 && b[i] <= 57 {
        fraction += Double(b[i] - 48) * scale
        scale /= 10
        i += 1
      }
      if i == start { return nil }
    }
    guard i < b.count else { return nil }
    var offset: Int64 = 0
    if b[i] == 90 || b[i] == 122 {
      i += 1
    } else if b[i] == 43 || b[i] == 45 {
      guard let oh = digits(i + 1, 2), i + 3 < b.count, b[i + 3] == 58, let om = digits(i + 4, 2), oh < 24, om < 60 else {
        return nil
      }
      offset = (oh * 3600 + om * 60) * (b[i] == 45 ? -1 : 1)
      i += 6
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    let days = self.days(fromCivil: y, mo, d)
    return Double(days * 86_400 + h * 3600 + mi * 60 + s - offset) + fraction
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  public static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The date of a day number since 1970-01-01.
  public static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
    let z = z0 + 719_468
    let era = floorDiv(z, 146_097)
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (m <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, m, d)
  }

  static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  static func pad(_ n: Int64, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }
}
