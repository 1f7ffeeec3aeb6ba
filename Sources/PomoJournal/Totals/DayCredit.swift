import PomoCore

/// How a session's time is credited to local days: each phase's elapsed seconds to the day
/// it is on, or shared among the days its wall-clock span touches in proportion to the time
/// on each; each credit rounded to the microsecond.
package enum DayCredit {
  /// A phase longer than this is not kept in day tables: it is read from the journal when a
  /// range needs it (a phase may claim to span years).
  package static let longestKept = 2 * 86_400.0

  package static func micros(_ seconds: Double) -> Int64 {
    let v = (seconds * 1_000_000).rounded()
    guard v.isFinite else { return 0 }
    return Int64(max(-9e18, min(9e18, v)))
  }

  /// What the credits of a phase depend on: its kind, its wall-clock span and its elapsed
  /// seconds. Every credit is made from these, from a record or straight from the scanner.
  package struct Span: Equatable, Sendable, BitwiseCopyable {
    package var work: Bool
    package var start: Double
    package var end: Double
    package var elapsedSeconds: Double
    /// Whether the phase ran its planned time (`JournalPhase.completed`), and whether it ended
    /// before it (`JournalPhase.isCutShort`).
    package var completed = true
    package var cutShort = false
    /// A void Pomodoro (`JournalRecord.isVoid`): its time is neither
    /// focus nor rest, and is credited apart, as void.
    package var void = false

    /// Too long for day tables.
    var isLong: Bool { !((end - start) <= longestKept) || !start.isFinite }
  }

  /// Whether a session has a phase too long for day tables.
  package static func isLong(_ record: JournalRecord) -> Bool {
    record.phases.contains { Span($0).isLong }
  }

  /// The distinct names a session's time counts for: its preset, then its tags; a workout's
  /// preset alone.
  package static func names(preset: String, tags: [String], workout: Bool = false) -> [DayTable.Name] {
    if workout { return [DayTable.Name(kind: .workout, text: preset)] }
    var result = [DayTable.Name(kind: .preset, text: preset)]
    var seen = Set<String>()
    for tag in tags where seen.insert(tag).inserted { result.append(DayTable.Name(kind: .tag, text: tag)) }
    return result
  }

  /// How many of a focus session's phases are done Pomodoros, and how many focus phases were
  /// cut short (`JournalRecord.isDonePomodoro`), from its spans.
  package static func pomodoros(_ spans: UnsafeBufferPointer<Span>) -> (done: Int64, cutShort: Int64) {
    var done: Int64 = 0
    var cut: Int64 = 0
    for span in spans where span.work && !span.void {
      if span.completed { done += 1 } else if span.cutShort { cut += 1 }
    }
    return (done, cut)
  }

  /// A session's start day, and its focus and rest per day (in microseconds), days in
  /// `within` only; with `void`, its void Pomodoro's time alone (see below).
  package static func credits(
    _ record: JournalRecord, calendar: LocalCalendar, within: ClosedRange<Int64> = Int64.min...Int64.max,
    void: Bool = false
  ) -> (startDay: Int64, days: [(day: Int64, focus: Int64, rest: Int64)]) {
    var days: [(day: Int64, focus: Int64, rest: Int64)] = []
    withSpans(record) { credits($0, into: &days, calendar: calendar, within: within, void: void) }
    return (calendar.day(of: record.start), days)
  }

  /// A record's phases as spans, for `body`.
  static func withSpans<R>(_ record: JournalRecord, _ body: (UnsafeBufferPointer<Span>) -> R) -> R {
    return withUnsafeTemporaryAllocation(of: Span.self, capacity: record.phases.count) { buffer in
      for (k, phase) in record.phases.enumerated() {
        (buffer.baseAddress! + k).initialize(to: Span(phase, void: record.isVoid(k)))
      }
      return body(UnsafeBufferPointer(buffer))
    }
  }

  /// The focus and rest per day (in microseconds) of a session's phases, days in `within`
  /// only, appended to `days` (which is emptied first). With `void`, the void Pomodoro's
  /// time alone, as focus: credited as focus would be, but apart from it.
  static func credits(
    _ spans: UnsafeBufferPointer<Span>, into days: inout [(day: Int64, focus: Int64, rest: Int64)],
    calendar: LocalCalendar, within: ClosedRange<Int64> = Int64.min...Int64.max, void: Bool = false
  ) {
    days.removeAll(keepingCapacity: true)
    func credit(_ day: Int64, _ seconds: Double, work: Bool) {
      let v = micros(seconds)
      if let k = days.lastIndex(where: { $0.day == day }) {
        if work { days[k].focus &+= v } else { days[k].rest &+= v }
      } else {
        days.append((day, work ? v : 0, work ? 0 : v))
      }
    }
    for phase in spans where phase.void == void {
      let work = phase.work
      let first = calendar.day(of: phase.start)
      if phase.end - phase.start < 86_400 && first == calendar.day(of: max(phase.start, phase.end - 1e-6)) {
        if within.contains(first) { credit(first, phase.elapsedSeconds, work: work) }
      } else {
        for (day, seconds) in split(phase, calendar: calendar, within: within) { credit(day, seconds, work: work) }
      }
    }
  }

  /// The days of a record's interruption marks, each with whether it was internal.
  package static func markDays(_ record: JournalRecord, calendar: LocalCalendar) -> [(day: Int64, internal: Bool)] {
    var result: [(day: Int64, internal: Bool)] = []
    for phase in record.phases {
      for mark in phase.marks { result.append((calendar.day(of: mark.at), mark.kind == .internal)) }
    }
    return result
  }

  /// A work phase's elapsed seconds shared over the wall-clock hours it spans, in proportion:
  /// `body(day, column, microseconds)` for each hour from the day start, for instants in
  /// `from..<to`. A phase short enough for day tables is stepped from its start whatever
  /// the span, so every report credits its hours alike; a longer one only over the span.
  package static func hours(
    _ phase: Span, calendar: LocalCalendar, from: Double = -.infinity, to: Double = .infinity,
    _ body: (Int64, Int, Int64) -> Void
  ) {
    guard phase.elapsedSeconds > 0, !phase.void else { return }
    /// Credits the hour of `t`, whose wall-clock seconds are `wall`.
    func credit(_ t: Double, wall: Double, _ seconds: Double) {
      guard t >= from && t < to else { return }
      body(calendar.day(of: t), min(23, Int(wall / 3600)), micros(seconds))
    }
    let span = phase.end - phase.start
    guard span > 0 else {
      credit(phase.start, wall: calendar.wallSeconds(of: phase.start), phase.elapsedSeconds)
      return
    }
    let rate = phase.elapsedSeconds / span
    let long = !(span <= longestKept)
    var t = long ? max(phase.start, from) : phase.start
    let end = long ? min(phase.end, to) : phase.end
    while t < end {
      let wall = calendar.wallSeconds(of: t)
      let next = min(end, t + 3600 - intoHour(wall))
      credit(t, wall: wall, (next - t) * rate)
      t = next > t ? next : t + 1
    }
  }

  /// `wall.truncatingRemainder(dividingBy: 3600)` for a time of the day, as exact and without
  /// fmod's cost: whole hours taken away leave an exact difference, and a quotient rounded up
  /// to a whole hour is mended by one step.
  static func intoHour(_ wall: Double) -> Double {
    guard wall >= 0 && wall < 86_400 else { return wall.truncatingRemainder(dividingBy: 3600) }
    let r = wall - (wall / 3600).rounded(.down) * 3600
    return r < 0 ? r + 3600 : r
  }

  /// A phase's elapsed seconds shared among the local days its wall-clock span touches, in
  /// proportion to the time on each. The shares add up to the whole.
  ///
  /// Only the days in `within` are listed: the share before a day is found in closed form, so
  /// the cost follows the range, not the phase's length (a phase may claim to span millennia).
  package static func split(
    _ phase: Span, calendar: LocalCalendar, within days: ClosedRange<Int64> = Int64.min...Int64.max
  ) -> [(Int64, Double)] {
    let first = calendar.day(of: phase.start)
    let last = phase.end > phase.start ? calendar.day(of: max(phase.start, phase.end - 1e-6)) : first
    if first == last { return days.contains(first) ? [(first, phase.elapsedSeconds)] : [] }
    let lo = max(first, days.lowerBound)
    let hi = min(last, days.upperBound)
    guard lo <= hi else { return [] }
    let span = phase.end - phase.start
    /// The seconds credited to the days before `day`.
    func before(_ day: Int64) -> Double {
      day <= first ? 0 : phase.elapsedSeconds * max(0, min(phase.end, calendar.start(of: day)) - phase.start) / span
    }
    var result: [(Int64, Double)] = []
    result.reserveCapacity(Int(hi - lo + 1))
    var assigned = before(lo)
    for day in lo...hi {
      if day == last {
        result.append((day, phase.elapsedSeconds - assigned))
      } else {
        let next = before(day + 1)
        result.append((day, next - assigned))
        assigned = next
      }
    }
    return result
  }
}

extension DayCredit.Span {
  package init(_ phase: JournalPhase, void: Bool = false) {
    // Time away counts only when kept.
    self.init(
      work: phase.kind == .work, start: phase.start, end: phase.end, elapsedSeconds: phase.creditedSeconds,
      completed: phase.completed, cutShort: phase.isCutShort, void: void)
  }
}
