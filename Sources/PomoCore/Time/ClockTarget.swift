/// A time a session runs until or starts at (`--until 17:00`, `--at 09:00`, `pomo start
/// @14:30`), read in a zone from a moment `now`.
///
/// A time of day (`17:00`, `9:05`, `06:30:15`) is the next time the local clock reads it:
/// today, or tomorrow once today's has gone by. A date with a time (`2026-12-03 09:00`, or RFC
/// 3339) must still be to come, and no further off than `within` allows. A local time the
/// clocks skip, or pass twice, is an error that says so, whichever day it falls on.
package enum ClockTarget {
  /// How far off the end of one phase (`@14:30`) or a wait (`--at`) may be: a day, as a phase
  /// is at most a day long, and the hour a clock going back adds (a time of day is never
  /// further off). `--until` may be further: the preset's rounds fill it, as many as they may.
  package static let day = 25 * 3_600.0

  package static func next(
    _ text: String, after now: Double, zone: any TimeZoneRules, within: Double = .infinity
  ) -> Result<Double, WhenError> {
    let input = text.trimmingSpaces()
    guard let clock = WhenParser.Clock(Substring(input)) else {
      // A date and a time: WhenParser reads it; only "now", spans back and the past are refused.
      guard input.first?.isASCIIDigit == true, input.count > 10 else { return .failure(.notAClockTime(input)) }
      switch WhenParser.parse(input, now: now, zone: zone) {
      case .success(let t):
        return t <= now ? .failure(.past(input)) : t - now > within ? .failure(.tooFar(input)) : .success(t)
      case .failure(.notATime): return .failure(.notAClockTime(input))
      case .failure(let error): return .failure(error)
      }
    }
    guard clock.valid else { return .failure(.noSuchTimeOfDay(input)) }
    let today = WhenParser.localDay(of: now, zone: zone)
    for day in [today, today + 1] {
      let local = Double(day * 86_400) + clock.seconds
      switch LocalTime.resolve(local, zone: zone) {
      case .unique(let t) where t > now: return .success(t)
      // Twice, and only the second still to come: that one is next.
      case .repeated(let earlier, let later) where earlier <= now && later > now: return .success(later)
      // Twice, both still to come: which is meant must be said.
      case .repeated(let earlier, _) where earlier > now:
        return WhenParser.local(day: day, clock: clock, input: input, zone: zone)
      // Gone by today: tomorrow's is next.
      case .unique, .repeated: continue
      case .skipped(let transition, _, _) where transition <= now: continue
      default: return WhenParser.local(day: day, clock: clock, input: input, zone: zone)
      }
    }
    return .failure(.notAClockTime(input))
  }
}
