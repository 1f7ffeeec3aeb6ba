/// A POSIX TZ rule ("CET-1CEST,M3.5.0,M10.5.0/3"), worked out the way the C library (glibc)
/// works it out: each UTC year on its own, DST from the start rule's instant (in standard
/// time) to the end rule's (in DST), both in that year.
package struct POSIXZoneRule: Sendable, Equatable {
  /// Offsets east of UTC.
  package var standard: Int32
  package var daylight: Int32
  /// The day and time DST starts and ends; nil when the rule has no DST.
  package var start: Change?
  package var end: Change?

  package struct Change: Sendable, Equatable {
    enum Day: Equatable {
      /// Jn: 1 to 365, February 29 never counted.
      case julian(Int)
      /// n: 0 to 365, February 29 counted.
      case dayOfYear(Int)
      /// Mm.w.d: weekday d (0 = Sunday) of week w (5 = the last) of month m.
      case month(Int, week: Int, weekday: Int)
    }
    var day: Day
    /// Seconds after local midnight (may be negative, or past a day).
    var seconds: Int
  }

  /// Whether the offset ever changes.
  package var changes: Bool { start != nil && end != nil }

  package init?(_ text: String) {
    var p = Array(text.utf8)[...]
    func isDigit(_ c: UInt8) -> Bool { (48...57).contains(c) }
    func isAlpha(_ c: UInt8) -> Bool { (65...90).contains(c) || (97...122).contains(c) }
    func number(max: Int) -> Int? {
      var n = 0
      var count = 0
      while let c = p.first, isDigit(c), count < 4 {
        n = n * 10 + Int(c - 48)
        count += 1
        p = p.dropFirst()
      }
      return count > 0 && n <= max ? n : nil
    }
    func name() -> Bool {
      if p.first == UInt8(ascii: "<") {
        guard let close = p.firstIndex(of: UInt8(ascii: ">")), close - p.startIndex >= 4 else { return false }
        p = p[(close + 1)...]
        return true
      }
      let body = p.prefix(while: isAlpha)
      p = p.dropFirst(body.count)
      return body.count >= 3
    }
    /// [+-]hh[:mm[:ss]] in seconds.
    func time(maxHours: Int) -> Int? {
      var sign = 1
      if let c = p.first, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
        sign = c == UInt8(ascii: "-") ? -1 : 1
        p = p.dropFirst()
      }
      guard let hours = number(max: maxHours) else { return nil }
      var seconds = hours * 3600
      for unit in [60, 1] where p.first == UInt8(ascii: ":") {
        p = p.dropFirst()
        guard let n = number(max: 59) else { return nil }
        seconds += n * unit
      }
      return sign * seconds
    }
    func change() -> Change? {
      let day: Change.Day
      switch p.first {
      case UInt8(ascii: "J"):
        p = p.dropFirst()
        guard let n = number(max: 365), n >= 1 else { return nil }
        day = .julian(n)
      case UInt8(ascii: "M"):
        p = p.dropFirst()
        guard let m = number(max: 12), m >= 1, p.first == UInt8(ascii: ".") else { return nil }
        p = p.dropFirst()
        guard let w = number(max: 5), w >= 1, p.first == UInt8(ascii: ".") else { return nil }
        p = p.dropFirst()
        guard let d = number(max: 6) else { return nil }
        day = .month(m, week: w, weekday: d)
      default:
        guard let n = number(max: 365) else { return nil }
        day = .dayOfYear(n)
      }
      var seconds = 7200
      if p.first == UInt8(ascii: "/") {
        p = p.dropFirst()
        guard let t = time(maxHours: 167) else { return nil }
        seconds = t
      }
      return Change(day: day, seconds: seconds)
    }
    // POSIX offsets are west of UTC.
    guard name(), let std = time(maxHours: 24) else { return nil }
    standard = Int32(-std)
    daylight = standard + 3600
    if p.isEmpty { return }
    guard name() else { return nil }
    if let c = p.first, c != UInt8(ascii: ",") {
      guard let dst = time(maxHours: 24) else { return nil }
      daylight = Int32(-dst)
    }
    if p.isEmpty {
      // DST without dates: the C library's default, the US rules.
      start = Change(day: .month(3, week: 2, weekday: 0), seconds: 7200)
      end = Change(day: .month(11, week: 1, weekday: 0), seconds: 7200)
      return
    }
    guard p.first == UInt8(ascii: ",") else { return nil }
    p = p.dropFirst()
    guard let on = change(), p.first == UInt8(ascii: ",") else { return nil }
    p = p.dropFirst()
    guard let off = change(), p.isEmpty else { return nil }
    start = on
    end = off
  }

  /// The instants (UTC) DST starts and ends by the rules of UTC year `year`.
  package func changes(in year: Int64) -> (on: Double, off: Double) {
    guard let start, let end else { return (.infinity, .infinity) }
    return (instant(start, year, offset: standard), instant(end, year, offset: daylight))
  }

  private func instant(_ change: Change, _ year: Int64, offset: Int32) -> Double {
    // The C library counts from January 1 of the year, or from 1970 for any year before it.
    let first = year > 1970 ? RFC3339.days(fromCivil: year, 1, 1) : 0
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    var day = first
    switch change.day {
    case .julian(let n): day += Int64(n - 1) + (n >= 60 && leap ? 1 : 0)
    case .dayOfYear(let n): day += Int64(n)
    case .month(let m, let week, let weekday):
      let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
      day += Int64(lengths[0..<(m - 1)].reduce(0, +))
      // The weekday of the month's first day, as in the year itself (0 = Sunday).
      let monthStart = RFC3339.days(fromCivil: year, Int64(m), 1)
      let dow = Int(((monthStart + 4) % 7 + 7) % 7)
      var d = (weekday - dow + 7) % 7
      for _ in 1..<week where d + 7 < lengths[m - 1] { d += 7 }
      day += Int64(d)
    }
    return Double(day * 86_400 + Int64(change.seconds) - Int64(offset))
  }

  /// The offset at `t`, as the C library gives it.
  package func offset(at t: Double) -> Int {
    guard changes else { return Int(standard) }
    let year = RFC3339.civil(fromDays: Int64((t / 86_400).rounded(.down))).0
    let (on, off) = changes(in: year)
    let dst = on > off ? (t < off || t >= on) : (t >= on && t < off)
    return Int(dst ? daylight : standard)
  }
}
