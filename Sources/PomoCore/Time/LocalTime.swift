/// A local date and time (seconds since 1970 as if the zone were UTC) placed in a zone: one
/// instant, none (the clocks skip it), or two (the clocks pass it twice).
package enum LocalTime: Equatable, Sendable {
  case unique(Double)
  /// The clocks jump over it at `transition` (an instant), from `offsetBefore` to `offsetAfter`.
  case skipped(transition: Double, offsetBefore: Int, offsetAfter: Int)
  /// It happens at both instants, `earlier` under the offset before the clocks went back.
  case repeated(earlier: Double, later: Double)

  package static func resolve(_ local: Double, zone: any TimeZoneRules) -> LocalTime {
    // The offsets in force within a day either side; real zones never change twice in that time.
    var offsets = Set([zone.offset(at: local - 86_400), zone.offset(at: local), zone.offset(at: local + 86_400)])
    for o in offsets { offsets.insert(zone.offset(at: local - Double(o))) }
    let instants = Set(offsets.map { local - Double($0) }.filter { zone.offset(at: $0) == Int((local - $0).rounded()) })
      .sorted()
    if instants.count == 1 { return .unique(instants[0]) }
    if let earlier = instants.first, let later = instants.last, instants.count > 1 {
      return .repeated(earlier: earlier, later: later)
    }
    // In a gap: the instant the offset changes lies between the local time read under the
    // larger offset (still before the change) and under the smaller (already after it).
    let largest = offsets.max() ?? 0
    let smallest = offsets.min() ?? 0
    var before = (local - Double(largest)).rounded(.down)
    var after = (local - Double(smallest)).rounded(.up)
    let offsetBefore = zone.offset(at: before)
    while after - before > 1 {
      let middle = ((before + after) / 2).rounded(.down)
      if zone.offset(at: middle) == offsetBefore { before = middle } else { after = middle }
    }
    return .skipped(transition: after, offsetBefore: offsetBefore, offsetAfter: zone.offset(at: after))
  }
}
