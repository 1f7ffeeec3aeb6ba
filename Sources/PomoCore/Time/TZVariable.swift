import PomoPlatform

/// The TZ variable, checked the way the C library reads it, so that a value it cannot use (it
/// then silently keeps UTC) is reported instead of being shown as if it were a zone.
package enum TZVariable {
  /// Names the C library reads as UTC without a zone file.
  package static let utcNames: Set<String> = ["UTC", "GMT", "UCT", "Universal", "Zulu", "Etc/UTC", "Etc/GMT"]

  /// The zone's name for reports ("Europe/Berlin", "EST5EDT"), or nil when `value` is neither a
  /// zone file nor a POSIX TZ rule. `zoneFileExists` says whether a zone name (relative to the
  /// zone folder, or absolute) is a zone file.
  package static func name(_ value: String, zoneFileExists: (String) -> Bool) -> String? {
    var tz = Substring(value)
    if tz.hasPrefix(":") { tz = tz.dropFirst() }
    let text = String(tz)
    if utcNames.contains(text) { return text }
    if !text.isEmpty, !text.split(separator: "/").contains(".."), zoneFileExists(text) {
      if let range = text.firstRange(of: "zoneinfo/") { return String(text[range.upperBound...]) }
      return text
    }
    return isPOSIXRule(text) ? text : nil
  }

  /// Whether `s` is a POSIX TZ rule: `std offset [dst [offset] [,start[/time],end[/time]]]`,
  /// e.g. "CET-1CEST,M3.5.0,M10.5.0/3" or "<+0330>-3:30".
  package static func isPOSIXRule(_ s: String) -> Bool {
    var p = Array(s.utf8)[...]
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
        p = p.dropFirst()
        let body = p.prefix { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
        p = p.dropFirst(body.count)
        guard body.count >= 3, p.first == UInt8(ascii: ">") else { return false }
        p = p.dropFirst()
        return true
      }
      let body = p.prefix(while: isAlpha)
      p = p.dropFirst(body.count)
      return body.count >= 3
    }
    func time(maxHours: Int) -> Bool {
      if let c = p.first, c == UInt8(ascii: "+") || c == UInt8(ascii: "-") { p = p.dropFirst() }
      guard number(max: maxHours) != nil else { return false }
      for _ in 0..<2 where p.first == UInt8(ascii: ":") {
        p = p.dropFirst()
        guard number(max: 59) != nil else { return false }
      }
      return true
    }
    func date() -> Bool {
      switch p.first {
      case UInt8(ascii: "J"):
        p = p.dropFirst()
        guard let n = number(max: 365), n >= 1 else { return false }
      case UInt8(ascii: "M"):
        p = p.dropFirst()
        guard let m = number(max: 12), m >= 1, p.first == UInt8(ascii: ".") else { return false }
        p = p.dropFirst()
        guard let w = number(max: 5), w >= 1, p.first == UInt8(ascii: ".") else { return false }
        p = p.dropFirst()
        guard number(max: 6) != nil else { return false }
      default:
        guard number(max: 365) != nil else { return false }
      }
      if p.first == UInt8(ascii: "/") {
        p = p.dropFirst()
        return time(maxHours: 167)
      }
      return true
    }
    guard name(), time(maxHours: 24) else { return false }
    if p.isEmpty { return true }
    guard name() else { return false }
    if let c = p.first, c != UInt8(ascii: ",") { guard time(maxHours: 24) else { return false } }
    if p.isEmpty { return true }
    guard p.first == UInt8(ascii: ",") else { return false }
    p = p.dropFirst()
    guard date(), p.first == UInt8(ascii: ",") else { return false }
    p = p.dropFirst()
    return date() && p.isEmpty
  }
}
