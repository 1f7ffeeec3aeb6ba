/// How pomo writes time spans for people.
package enum TimeText {
  /// "4:05" under an hour, "1:04:05" past it; rounds up so a countdown shows 0:00 only at the end.
  package static func countdown(_ remaining: Duration) -> String {
    clock(seconds: ceilSeconds(remaining))
  }

  /// "+0:42": a waiting phase's overtime, counting up in whole seconds (rounded down, so it
  /// changes when the engine's next wake says it does).
  package static func overtime(_ span: Duration) -> String {
    "+" + clock(seconds: Int64(seconds(span).rounded(.down)))
  }

  /// "25:00", "1:55:00": a span as a clock reading, rounded to the nearest second.
  package static func clock(_ span: Duration) -> String {
    clock(seconds: roundedSeconds(span))
  }

  package static func clock(seconds: Int64) -> String {
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
  package static func short(_ span: Duration) -> String {
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
  package static func hoursMinutes(seconds: Int64) -> String {
    let minutes = max(0, seconds) / 60
    let m = minutes % 60
    return "\(minutes / 60):\(m < 10 ? "0" : "")\(m)"
  }

  package static func milliseconds(_ span: Duration) -> Int64 {
    let (s, atto) = span.components
    return s * 1000 + atto / 1_000_000_000_000_000
  }

  package static func seconds(_ span: Duration) -> Double {
    let (s, atto) = span.components
    return Double(s) + Double(atto) / 1e18
  }

  package static func roundedSeconds(_ span: Duration) -> Int64 {
    Int64(seconds(span).rounded())
  }

  package static func ceilSeconds(_ span: Duration) -> Int64 {
    let (s, atto) = span.components
    return atto > 0 ? s + 1 : s
  }
}
