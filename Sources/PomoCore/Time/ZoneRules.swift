import PomoPlatform

/// A zone's rules as its TZif file (RFC 8536) gives them, or as a POSIX TZ rule: every
/// instant its offset changes, so a cache of offsets knows exactly how far each one holds,
/// whatever the zone does (two changes within a week, as Boa Vista had in October 2000), and
/// a fingerprint of what was read, so what was worked out in one version of the rules is
/// never taken for another (a tzdata update that moves a DST date).
///
/// The C library stays the source of every offset pomo shows; these rules only say where the
/// offset may change.
package struct ZoneRules: Sendable, Equatable {
  /// The instants the offset changes at, in order, and the offset from each on.
  package var times: [Int64] = []
  package var offsets: [Int32] = []
  /// The offset before the first change (or always, when there are none).
  package var initial: Int32 = 0
  /// The rule after the last change (a TZif file's footer), if any.
  package var footer: POSIXZoneRule?
  /// Whether the rule holds at every instant (TZ is a POSIX rule, no file). A TZif file with
  /// no changes at all keeps its first type, footer or not, as the C library reads it.
  package var ruleOnly = false
  /// A hash of the bytes the rules were read from (the zone file, or the TZ text).
  package let fingerprint: String

  /// One offset forever.
  package init(fixed seconds: Int) {
    initial = Int32(clamping: seconds)
    fingerprint = "fixed \(seconds)"
  }

  /// The rules of a POSIX TZ text such as "CET-1CEST,M3.5.0,M10.5.0/3"; nil if it is not one.
  package init?(posix text: String) {
    guard let rule = POSIXZoneRule(text) else { return nil }
    footer = rule
    ruleOnly = true
    initial = rule.standard
    fingerprint = "posix " + String(FNV1a.hash(Array(text.utf8)), radix: 16)
  }

  /// The rules of a TZif file's bytes; nil when they are not a TZif file pomo can follow
  /// exactly (a damaged one, or one that counts leap seconds).
  package init?(tzif bytes: [UInt8]) {
    var at = 0
    func be(_ width: Int) -> Int64? {
      guard at + width <= bytes.count else { return nil }
      var v: UInt64 = 0
      for k in 0..<width { v = v << 8 | UInt64(bytes[at + k]) }
      at += width
      return width == 4 ? Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: v))) : Int64(bitPattern: v)
    }
    /// A header's six counts, or nil.
    func header() -> [Int]? {
      guard at + 44 <= bytes.count, bytes[at..<(at + 4)].elementsEqual("TZif".utf8) else { return nil }
      at += 20
      var counts: [Int] = []
      for _ in 0..<6 {
        guard let n = be(4), n >= 0, n < 1 << 20 else { return nil }
        counts.append(Int(n))
      }
      return counts
    }
    guard let first = header() else { return nil }
    let version = bytes[4]
    var counts = first
    var width = 4
    if version >= 0x32 {
      // Skip the 32-bit block: the 64-bit one after it says the same over a wider span.
      let (isut, isstd, leap, time, type, chars) = (first[0], first[1], first[2], first[3], first[4], first[5])
      at += time * 5 + type * 6 + chars + leap * 8 + isstd + isut
      guard let second = header() else { return nil }
      counts = second
      width = 8
    }
    let (isut, isstd, leap, timeCount, typeCount, chars) = (
      counts[0], counts[1], counts[2], counts[3], counts[4], counts[5]
    )
    guard leap == 0, typeCount >= 1 else { return nil }
    var times: [Int64] = []
    for _ in 0..<timeCount {
      guard let t = be(width), times.last.map({ $0 < t }) ?? true else { return nil }
      times.append(t)
    }
    guard at + timeCount <= bytes.count else { return nil }
    let indexes = bytes[at..<(at + timeCount)].map(Int.init)
    at += timeCount
    var types: [(offset: Int32, dst: Bool)] = []
    for _ in 0..<typeCount {
      guard let offset = be(4), at + 2 <= bytes.count else { return nil }
      types.append((Int32(offset), bytes[at] != 0))
      at += 2
    }
    guard indexes.allSatisfy({ $0 < typeCount }) else { return nil }
    at += chars + isstd + isut
    guard at <= bytes.count else { return nil }
    self.times = times
    offsets = indexes.map { types[$0].offset }
    // Before the first change, the C library takes the first type that is not DST.
    initial = (types.first { !$0.dst } ?? types[0]).offset
    if width == 8, at < bytes.count, bytes[at] == 0x0A, let end = bytes[(at + 1)...].firstIndex(of: 0x0A) {
      let text = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
      if !text.isEmpty {
        guard let rule = POSIXZoneRule(text) else { return nil }
        footer = rule
      }
    }
    fingerprint = "tzif " + String(FNV1a.hash(bytes), radix: 16) + " \(bytes.count)"
  }

  /// The rules of the zone the C library reads for this process's TZ and TZDIR: the zone file
  /// it names, else TZ as a POSIX rule, else /etc/localtime when TZ is unset; nil when none
  /// can be followed exactly.
  package static func system(_ environment: [String: String]) -> ZoneRules? {
    let tz = environment["TZ"]
    guard var name = tz else { return file("/etc/localtime") ?? ZoneRules(fixed: 0) }
    if name.hasPrefix(":") { name.removeFirst() }
    if name.isEmpty || TZVariable.utcNames.contains(name) && !Platform.isRegularFile(path(name, environment)) {
      return ZoneRules(fixed: 0)
    }
    if let rules = file(path(name, environment)) { return rules }
    if Platform.isRegularFile(path(name, environment)) { return nil }
    return ZoneRules(posix: name)
  }

  private static func path(_ name: String, _ environment: [String: String]) -> String {
    let folder = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    return name.hasPrefix("/") ? name : folder + "/" + name
  }

  private static func file(_ path: String) -> ZoneRules? {
    (try? Platform.readFile(path, limit: 1 << 20)).flatMap(ZoneRules.init(tzif:))
  }

  /// The span around `t` over which the offset cannot change: from the change at or before
  /// it to the next change after it (either end may be infinite).
  package func span(around t: Double) -> (from: Double, to: Double) {
    guard t.isFinite else { return (t, t) }
    // The first change after `t`.
    let low = firstChange(after: t)
    let from = low > 0 ? Double(times[low - 1]) : -.infinity
    if low < times.count { return (from, Double(times[low])) }
    guard let footer, footer.changes, ruleOnly || !times.isEmpty else { return (from, .infinity) }
    // After the last change, the footer's rule: it changes at most where it says, each year,
    // and may change at the turn of a year (the C library works out each year's changes alone).
    var edges: [Double] = []
    let year = RFC3339.civil(fromDays: Int64((t / 86_400).rounded(.down))).0
    for y in (year - 1)...(year + 1) {
      let start = Double(RFC3339.days(fromCivil: y, 1, 1) * 86_400)
      let end = Double(RFC3339.days(fromCivil: y + 1, 1, 1) * 86_400)
      edges.append(start)
      let (on, off) = footer.changes(in: y)
      for edge in [on, off] where edge >= start && edge < end { edges.append(edge) }
    }
    let before = edges.filter { $0 <= t }.max() ?? from
    let after = edges.filter { $0 > t }.min() ?? .infinity
    return (max(from, before), after)
  }

  /// The index of the first change after `t` (`times.count` when none is).
  private func firstChange(after t: Double) -> Int {
    SortedSearch.partition(times.count) { Double(times[$0]) > t }
  }

  /// The offset at `t` by these rules (the C library's answer, for the zones it reads alike).
  package func offset(at t: Double) -> Int {
    let low = firstChange(after: t)
    if ruleOnly, let footer { return footer.offset(at: t) }
    if low == 0 { return Int(initial) }
    if low == times.count, let footer { return footer.offset(at: t) }
    return Int(offsets[low - 1])
  }
}
