import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

/// A summary of the journal over a range of local days.
public struct Report: Equatable, Sendable {
  public struct Day: Equatable, Sendable {
    public var day: Int64
    public var focus: Double = 0
    public var rest: Double = 0
    public var sessions = 0
    public var completed = 0
    public var interrupted = 0
  }

  public struct Group: Equatable, Sendable {
    public var name: String
    public var sessions = 0
    public var focus: Double = 0
  }

  public var range: ReportRange
  public var timeZone: String
  public var days: [Day]
  public var presets: [Group]
  public var tags: [Group]
  public var streakDays: Int
  public var previousFocus: Double
  /// The config's `daily_goal` in seconds, when set: days with at least this much focus met it.
  public var goal: Double?
  /// The config's `day_start`, in seconds after midnight.
  public var dayStart = 0

  public var totals: Day {
    var t = Day(day: range.days.lowerBound)
    for d in days {
      t.focus += d.focus
      t.rest += d.rest
      t.sessions += d.sessions
      t.completed += d.completed
      t.interrupted += d.interrupted
    }
    return t
  }

  /// The day with the most focus, if any day has some.
  public var bestDay: Day? {
    days.filter { $0.focus > 0 }.max { $0.focus < $1.focus || ($0.focus == $1.focus && $0.day > $1.day) }
  }

  /// Each day's focus in whole seconds (see `roundedSeconds`).
  public var focusSeconds: [Int64] { Self.roundedSeconds(days.map(\.focus)) }

  /// Whether each day met the goal (all false without one).
  public var goalMet: [Bool] {
    guard let goal else { return days.map { _ in false } }
    return focusSeconds.map { Double($0) >= goal.rounded() }
  }

  /// The longest run of days with a completed session within the range, the latest of equals.
  public var longestStreak: (days: Int, first: Int64, last: Int64)? {
    var best: (days: Int, first: Int64, last: Int64)?
    var run = 0
    for d in days {
      run = d.completed > 0 ? run + 1 : 0
      if run > 0, run >= (best?.days ?? 0) { best = (run, d.day - Int64(run) + 1, d.day) }
    }
    return best
  }

  /// The week (starting on the range's week start) with the most focus in the range: its first
  /// day and its focus in whole seconds; the earliest of equals.
  public var bestWeek: (first: Int64, focus: Int64)? {
    var weeks: [Int64: Int64] = [:]
    for (d, f) in zip(days, focusSeconds) {
      weeks[LocalCalendar.weekStart(containing: d.day, weekStart: range.weekStart), default: 0] += f
    }
    return weeks.filter { $0.value > 0 }.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
      .map { ($0.key, $0.value) }
  }

  /// Focus per calendar month in the range, in whole seconds: (year, month, seconds).
  public var months: [(year: Int64, month: Int64, focus: Int64)] {
    var result: [(year: Int64, month: Int64, focus: Int64)] = []
    for (d, f) in zip(days, focusSeconds) {
      let (y, m, _) = LocalCalendar.date(d.day)
      if let last = result.last, last.year == y, last.month == m {
        result[result.count - 1].focus += f
      } else {
        result.append((y, m, f))
      }
    }
    return result
  }

  /// Focus against the previous period, in whole percent; nil when that period had none.
  public var focusChangePercent: Int? {
    guard previousFocus > 0 else { return nil }
    return Int(((totals.focus - previousFocus) / previousFocus * 100).rounded())
  }

  /// Whole seconds per day that always add up to the rounded total: each day gets the
  /// rounded running sum minus the rounded sum before it, so no second is lost or gained
  /// at a split.
  public static func roundedSeconds(_ values: [Double]) -> [Int64] {
    var result: [Int64] = []
    var running = 0.0
    var previous: Int64 = 0
    for v in values {
      running += v
      let r = Int64(running.rounded())
      result.append(r - previous)
      previous = r
    }
    return result
  }
}

/// Adds up journal records into a `Report`: pure, so tests feed it records directly.
public struct ReportBuilder {
  public let range: ReportRange
  public let calendar: LocalCalendar
  public let tagFilter: [String]
  public let presetFilter: String?
  private var days: [Report.Day]
  private var presets: [String: Report.Group] = [:]
  private var tags: [String: Report.Group] = [:]
  private var previousFocus = 0.0
  /// Days (any date) with at least one completed session, for the streak.
  public private(set) var completedDays = Set<Int64>()
  private var seen = Set<UInt64>()

  public init(range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil) {
    self.range = range
    self.calendar = calendar
    self.tagFilter = tags
    self.presetFilter = preset
    days = range.days.map { Report.Day(day: $0) }
  }

  /// The span of instants worth reading: the range and the period before it.
  public var window: (from: Double, to: Double) {
    (calendar.start(of: range.previous.lowerBound), calendar.start(of: range.days.upperBound + 1))
  }

  public func matches(_ record: JournalRecord) -> Bool {
    if let presetFilter, record.preset != presetFilter { return false }
    return tagFilter.allSatisfy { record.tags.contains($0) }
  }

  /// Counts a record once, however often its id appears.
  public mutating func add(_ record: JournalRecord) {
    guard matches(record), seen.insert(FNV1a.hash(record.id)).inserted else { return }
    let startDay = calendar.day(of: record.start)
    if record.status == .completed { completedDays.insert(startDay) }
    let inRange = range.days.contains(startDay)
    let previous = range.previous
    var focusInRange = 0.0
    let lower = range.days.lowerBound
    let upper = range.days.upperBound
    for phase in record.phases {
      let work = phase.kind == .work
      func credit(_ day: Int64, _ seconds: Double) {
        if day >= lower && day <= upper {
          let i = Int(day - lower)
          if work {
            days[i].focus += seconds
            focusInRange += seconds
          } else {
            days[i].rest += seconds
          }
        } else if work && previous.contains(day) {
          previousFocus += seconds
        }
      }
      let first = calendar.day(of: phase.start)
      if phase.end - phase.start < 86_400 && first == calendar.day(of: max(phase.start, phase.end - 1e-6)) {
        credit(first, phase.elapsedSeconds)  // The common case: the phase is within one day.
      } else {
        for (day, seconds) in split(phase, within: min(previous.lowerBound, lower)...upper) { credit(day, seconds) }
      }
    }
    if inRange {
      let i = Int(startDay - range.days.lowerBound)
      days[i].sessions += 1
      if record.status == .completed { days[i].completed += 1 } else { days[i].interrupted += 1 }
    }
    if inRange || focusInRange > 0 {
      let sessions = inRange ? 1 : 0
      presets[record.preset, default: Report.Group(name: record.preset)].sessions += sessions
      presets[record.preset]!.focus += focusInRange
      // Each distinct tag once; a set only when a record has many (one line can hold 100,000).
      var seen = Set<String>()
      let many = record.tags.count > 8
      for (i, tag) in record.tags.enumerated() {
        guard many ? seen.insert(tag).inserted : !record.tags[..<i].contains(tag) else { continue }
        tags[tag, default: Report.Group(name: tag)].sessions += sessions
        tags[tag]!.focus += focusInRange
      }
    }
  }

  /// A phase's elapsed seconds shared among the local days its wall-clock span touches, in
  /// proportion to the time on each. The shares add up to the whole.
  ///
  /// Only the days in `within` are listed: the share before a day is found in closed form, so
  /// the cost follows the report's range, not the phase's length (a phase may claim to span
  /// millennia).
  package func split(_ phase: JournalPhase, within days: ClosedRange<Int64> = Int64.min...Int64.max) -> [(Int64, Double)] {
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

  /// The report; `streak` overrides the streak counted from the records added.
  public func build(today: Int64, streak: Int? = nil, goal: Double? = nil) -> Report {
    let order = { (a: Report.Group, b: Report.Group) in a.focus != b.focus ? a.focus > b.focus : a.name < b.name }
    return Report(
      range: range, timeZone: calendar.zone.identifier, days: days, presets: presets.values.sorted(by: order),
      tags: tags.values.sorted(by: order), streakDays: streak ?? Streak.length(today: today, completedOn: completedDays.contains),
      previousFocus: previousFocus, goal: goal, dayStart: calendar.dayStart)
  }

}
