import PomoPlatform

/// RFC 3339 timestamps, as the journal stores them: local time with its UTC offset.
package enum RFC3339 {
  /// "2026-11-30T09:00:00+01:00" (with ".250" when there are milliseconds). UTC is written
  /// "+00:00" like any other offset; readers accept "Z" too.
  package static func format(_ unixSeconds: Double, offset: Int) -> String {
    var text: [UInt8] = []
    format(unixSeconds, offset: offset, into: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// The same, appended to `text` as ASCII bytes.
  package static func format(_ unixSeconds: Double, offset: Int, into text: inout [UInt8]) {
    let millis = Int64((unixSeconds * 1000).rounded(.down))
    let localMillis = millis + Int64(offset) * 1000
    let days = floorDiv(localMillis, 86_400_000)
    let dayMillis = localMillis - days * 86_400_000
    let (y, m, d) = civil(fromDays: days)
    let secondsOfDay = dayMillis / 1000
    // Written as bytes: a log of a million sessions formats a million times.
    text.reserveCapacity(text.count + 32)
    pad(y, 4, into: &text)
    text.append(UInt8(ascii: "-"))
    pad(m, 2, into: &text)
    text.append(UInt8(ascii: "-"))
    pad(d, 2, into: &text)
    text.append(UInt8(ascii: "T"))
    pad(secondsOfDay / 3600, 2, into: &text)
    text.append(UInt8(ascii: ":"))
    pad(secondsOfDay / 60 % 60, 2, into: &text)
    text.append(UInt8(ascii: ":"))
    pad(secondsOfDay % 60, 2, into: &text)
    let ms = dayMillis % 1000
    if ms != 0 {
      text.append(UInt8(ascii: "."))
      pad(ms, 3, into: &text)
    }
    text.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    let o = abs(offset) / 60
    pad(Int64(o / 60), 2, into: &text)
    text.append(UInt8(ascii: ":"))
    pad(Int64(o % 60), 2, into: &text)
  }

  /// Seconds since 1970 for any RFC 3339 timestamp (any offset, "Z", fractional seconds), or nil.
  package static func parse(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  package static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
    guard b.count >= 20, let p = b.baseAddress else { return nil }
    // Each digit is checked as it is read; `bad` collects any non-digit.
    var bad = false
    @inline(__always) func digit(_ k: Int) -> Int64 {
      let c = p[k] &- 48
      if c > 9 { bad = true }
      return Int64(c)
    }
    let y = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3)
    let mo = digit(5) * 10 + digit(6)
    let d = digit(8) * 10 + digit(9)
    let h = digit(11) * 10 + digit(12)
    let mi = digit(14) * 10 + digit(15)
    let s = digit(17) * 10 + digit(18)
    guard !bad, p[4] == 45, p[7] == 45, p[10] == 84 || p[10] == 116 || p[10] == 32, p[13] == 58, p[16] == 58,
      (1...12).contains(mo), d >= 1, d <= daysInMonth(y, mo), h < 24, mi < 60, s < 61
    else { return nil }
    var i = 19
    var fraction = 0.0
    if p[i] == 46 {
      i += 1
      var scale = 0.1
      let start = i
      while i < b.count && p[i] >= 48 && p[i] <= 57 {
        fraction += Double(p[i] - 48) * scale
        scale /= 10
        i += 1
      }
      if i == start { return nil }
    }
    guard i < b.count else { return nil }
    var offset: Int64 = 0
    if p[i] == 90 || p[i] == 122 {
      i += 1
    } else if p[i] == 43 || p[i] == 45 {
      guard i + 6 == b.count, p[i + 3] == 58 else { return nil }
      let oh = digit(i + 1) * 10 + digit(i + 2)
      let om = digit(i + 4) * 10 + digit(i + 5)
      guard !bad, oh < 24, om < 60 else { return nil }
      offset = (oh * 3600 + om * 60) * (p[i] == 45 ? -1 : 1)
      i += 6
    } else {
      return nil
    }
    guard i == b.count else { return nil }
    return Double(days(fromCivil: y, mo, d) * 86_400 + h * 3600 + mi * 60 + s - offset) + fraction
  }

  /// 28 to 31: the days of a month of the proleptic Gregorian calendar, so that "2026-02-31"
  /// is refused rather than read as 3 March.
  @inline(__always)
  package static func daysInMonth(_ year: Int64, _ month: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
  @inline(__always)
  package static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDiv(y, 400)
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The date of a day number since 1970-01-01.
  package static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
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

  @inline(__always)
  package static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }

  package static func pad(_ n: Int64, _ width: Int) -> String {
    let s = String(n)
    return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
  }

  /// `pad`, appended to `out` as bytes.
  package static func pad(_ n: Int64, _ width: Int, into out: inout [UInt8]) {
    guard n >= 0 else { return out.append(contentsOf: pad(n, width).utf8) }
    DecimalText.append(UInt64(n), width: width, to: &out)
  }
}
