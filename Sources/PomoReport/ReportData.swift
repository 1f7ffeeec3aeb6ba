import PomoCore
import PomoJournal
import PomoPlatform

/// A summary of the journal over a range of local days.
package struct Report: Equatable, Sendable {
  package struct Day: Equatable, Sendable {
    package var day: Int64
    package var focus: Double = 0
    package var rest: Double = 0
    /// Focus sessions, by how they ended; workouts are `workoutSessions`.
    package var sessions = 0
    package var completed = 0
    package var interrupted = 0
    /// Done Pomodoros, and focus phases cut short (`JournalRecord.isDonePomodoro`).
    package var pomodoros = 0
    package var cutShort = 0
    /// Workouts' work time and the workouts that started on the day: never focus.
    package var workout: Double = 0
    package var workoutSessions = 0
    /// Void sessions (`pomo void`), neither completed nor interrupted, and their void
    /// Pomodoros' time, never counted as focus.
    package var void = 0
    package var voidFocus: Double = 0
    /// The void Pomodoros (`JournalRecord.isVoid`) of the sessions that started on the day.
    package var voidPomodoros = 0
    /// The interruptions marked (`pomo mark`), by kind.
    package var internalMarks = 0
    package var externalMarks = 0
  }

  package struct Group: Equatable, Sendable {
    package var name: String
    package var sessions = 0
    package var focus: Double = 0
  }

  package var range: ReportRange
  package var timeZone: String
  package var days: [Day]
  /// Focus by preset (quick timers as one, unless shown apart) and by tag.
  package var presets: [Group]
  package var tags: [Group]
  /// Workout time by preset.
  package var workouts: [Group] = []
  package var streakDays: Int
  package var previousFocus: Double
  /// The config's `daily_goal` in seconds, when set: days with at least this much focus met it.
  package var goal: Double?
  /// The config's `day_start`, in seconds after midnight.
  package var dayStart = 0
  /// Each exercise's time, reps and rounds by week, when sessions in the range had any.
  package var exercises: [ExerciseWeek] = []
  /// Today's break bank and its cap, in seconds, when the config keeps one and the range holds
  /// today.
  package var breakBank: BreakBankFigures?

  package var totals: Day {
    var t = Day(day: range.days.lowerBound)
    for d in days {
      t.focus += d.focus
      t.rest += d.rest
      t.sessions += d.sessions
      t.completed += d.completed
      t.interrupted += d.interrupted
      t.pomodoros += d.pomodoros
      t.cutShort += d.cutShort
      t.workout += d.workout
      t.workoutSessions += d.workoutSessions
      t.void += d.void
      t.voidFocus += d.voidFocus
      t.voidPomodoros += d.voidPomodoros
      t.internalMarks += d.internalMarks
      t.externalMarks += d.externalMarks
    }
    return t
  }

  /// The day with the most focus, if any day has some.
  package var bestDay: Day? {
    days.lazy.filter { $0.focus > 0 }.max { $0.focus < $1.focus || ($0.focus == $1.focus && $0.day > $1.day) }
  }

  /// Each day's focus in whole seconds (see `roundedSeconds`).
  package var focusSeconds: [Int64] { Self.roundedSeconds(days.map(\.focus)) }

  /// Whether each day met the goal (all false without one).
  package var goalMet: [Bool] {
    guard let goal else { return days.map { _ in false } }
    return focusSeconds.map { Double($0) >= goal.rounded() }
  }

  /// The longest run of days with a completed focus session within the range, the latest of equals.
  package var longestStreak: (days: Int, first: Int64, last: Int64)? {
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
  package var bestWeek: (first: Int64, focus: Int64)? {
    var weeks: [Int64: Int64] = [:]
    for (d, f) in zip(days, focusSeconds) {
      weeks[LocalCalendar.weekStart(containing: d.day, weekStart: range.weekStart), default: 0] += f
    }
    return weeks.filter { $0.value > 0 }.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
      .map { ($0.key, $0.value) }
  }

  /// Focus per calendar month in the range, in whole seconds: (year, month, seconds).
  package var months: [(year: Int64, month: Int64, focus: Int64)] {
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
  package var focusChangePercent: Int? {
    guard previousFocus > 0 else { return nil }
    return Int(((totals.focus - previousFocus) / previousFocus * 100).rounded())
  }

  /// Whole seconds per day that always add up to the rounded total: each day gets the
  /// rounded running sum minus the rounded sum before it, so no second is lost or gained
  /// at a split.
  package static func roundedSeconds(_ values: [Double]) -> [Int64] {
    var result: [Int64] = []
    result.reserveCapacity(values.count)
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
///
/// Seconds are added as whole microseconds, credited by `DayCredit` as the index's day
/// tables credit them, so a report read from a `DayTable` and one read from the records
/// agree exactly.
package struct ReportBuilder {
  package let range: ReportRange
  package let calendar: LocalCalendar
  package let tagFilter: [String]
  package let presetFilter: String?
  package let kindFilter: ReportKind
  /// Whether each quick timer (`25m`, `40s/20s`) is a row of its own in the preset tables,
  /// rather than one row for them all.
  package var timersApart = false
  private var days: [DayTable.Row]
  private var presets: [String: (sessions: Int, focus: Int64)] = [:]
  private var tags: [String: (sessions: Int, focus: Int64)] = [:]
  private var workouts: [String: (sessions: Int, focus: Int64)] = [:]
  private var previousFocus: Int64 = 0
  /// Days (any date) with at least one completed focus session, for the streak.
  package private(set) var completedDays = Set<Int64>()
  private var seen = Set<UInt64>()

  package init(
    range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil, kind: ReportKind = .all
  ) {
    self.range = range
    self.calendar = calendar
    self.tagFilter = tags
    self.presetFilter = preset
    self.kindFilter = kind
    days = range.days.map { DayTable.Row(day: $0) }
  }

  /// Whether the report keeps only some sessions, so no day table (which knows no filters)
  /// can answer it.
  package var filters: Bool { !tagFilter.isEmpty || presetFilter != nil || kindFilter != .all }

  /// The span of instants worth reading: the range and the period before it.
  package var window: (from: Double, to: Double) {
    (calendar.start(of: range.previous.lowerBound), calendar.start(of: range.days.upperBound + 1))
  }

  /// The days worth reading: the period before the range, and the range.
  package var windowDays: ClosedRange<Int64> {
    min(range.previous.lowerBound, range.days.lowerBound)...range.days.upperBound
  }

  package func matches(_ record: JournalRecord) -> Bool {
    if let presetFilter, record.preset != presetFilter { return false }
    if !kindFilter.keeps(workout: record.workout) { return false }
    return tagFilter.allSatisfy { record.tags.contains($0) }
  }

  /// Counts a record once, however often its id appears.
  package mutating func add(_ record: JournalRecord) {
    guard matches(record), seen.insert(FNV1a.hash(record.id)).inserted else { return }
    let credits = DayCredit.credits(record, calendar: calendar, within: windowDays)
    let startDay = credits.startDay
    let workout = record.workout
    if record.countsForStreak { completedDays.insert(startDay) }
    let inRange = range.days.contains(startDay)
    let previous = range.previous
    let lower = range.days.lowerBound
    var focusInRange: Int64 = 0
    for credit in credits.days {
      if range.days.contains(credit.day) {
        let i = Int(credit.day - lower)
        // A workout's time is its own: its work is workout time, its rest no break of focus.
        if workout {
          days[i].workout &+= credit.focus
        } else {
          days[i].focus &+= credit.focus
          days[i].rest &+= credit.rest
        }
        focusInRange &+= credit.focus
      } else if previous.contains(credit.day) && !workout {
        previousFocus &+= credit.focus
      }
    }
    if inRange {
      let i = Int(startDay - lower)
      if workout {
        days[i].workoutSessions += 1
      } else {
        days[i].sessions += 1
        switch record.status {
        case .completed: days[i].completed += 1
        case .void: days[i].void += 1
        case .interrupted: days[i].interrupted += 1
        }
        days[i].pomodoros += Int64(record.donePomodoros)
        days[i].voidPomodoros += Int64(record.voidPomodoros)
        days[i].cutShort += Int64(record.cutShortPomodoros)
      }
    }
    for credit in DayCredit.credits(record, calendar: calendar, within: range.days, void: true).days {
      days[Int(credit.day - lower)].voidFocus &+= credit.focus
    }
    for mark in DayCredit.markDays(record, calendar: calendar) where range.days.contains(mark.day) {
      if mark.internal { days[Int(mark.day - lower)].internalMarks += 1 } else { days[Int(mark.day - lower)].externalMarks += 1 }
    }
    if inRange || focusInRange > 0 {
      let sessions = inRange ? 1 : 0
      for name in DayCredit.names(preset: record.preset, tags: record.tags, workout: workout) {
        add(name, sessions: Int64(sessions), focus: focusInRange)
      }
    }
  }

  /// Adds what a day table holds for the range and the period before it (an unfiltered
  /// report: the table knows no filters). Sessions also added as records would count twice.
  package mutating func add(_ table: DayTable) {
    let previous = range.previous
    let lower = range.days.lowerBound
    table.forEachRow(in: windowDays) { row in
      if row.completed > 0 { completedDays.insert(row.day) }
      if range.days.contains(row.day) {
        days[Int(row.day - lower)].add(row, sign: 1)
      } else if previous.contains(row.day) {
        previousFocus &+= row.focus
      }
    }
    // Summed by name first: a long span holds hundreds of thousands of shares, a few names.
    var sums = [(sessions: Int64, focus: Int64, used: Bool)](repeating: (0, 0, false), count: table.names.count)
    table.forEachShare(in: range.days) { share in
      let k = Int(share.name)
      sums[k].sessions &+= share.sessions
      sums[k].focus &+= share.focus
      sums[k].used = true
    }
    for (k, sum) in sums.enumerated() where sum.used { add(table.names[k], sessions: sum.sessions, focus: sum.focus) }
  }

  /// Adds to a name's row: quick timers' into one (`ReportGroups.quickTimers`) unless apart.
  private mutating func add(_ name: DayTable.Name, sessions: Int64, focus: Int64) {
    let text = !timersApart && name.kind != .tag && ReportGroups.isQuickTimer(name.text) ? ReportGroups.quickTimers : name.text
    func into(_ table: inout [String: (sessions: Int, focus: Int64)]) {
      table[text, default: (0, 0)].sessions &+= Int(sessions)
      table[text]!.focus &+= focus
    }
    switch name.kind {
    case .preset: into(&presets)
    case .tag: into(&tags)
    case .workout: into(&workouts)
    }
  }

  /// A phase's elapsed seconds shared among the local days its wall-clock span touches (see
  /// `DayCredit.split`).
  package func split(_ phase: JournalPhase, within days: ClosedRange<Int64> = Int64.min...Int64.max) -> [(
    Int64, Double
  )] {
    DayCredit.split(.init(phase), calendar: calendar, within: days)
  }

  /// The report; `streak` overrides the streak counted from the records added.
  package func build(today: Int64, streak: Int? = nil, goal: Double? = nil) -> Report {
    let order = { (a: Report.Group, b: Report.Group) in a.focus != b.focus ? a.focus > b.focus : a.name < b.name }
    func seconds(_ micros: Int64) -> Double { Double(micros) / 1_000_000 }
    func groups(_ all: [String: (sessions: Int, focus: Int64)]) -> [Report.Group] {
      // A name whose sessions a later table took back (deleted, retagged) is not shown.
      all.filter { $0.value.sessions != 0 || $0.value.focus != 0 }
        .map { Report.Group(name: $0.key, sessions: $0.value.sessions, focus: seconds($0.value.focus)) }.sorted(
          by: order)
    }
    let days = days.map {
      Report.Day(
        day: $0.day, focus: seconds($0.focus), rest: seconds($0.rest), sessions: Int($0.sessions),
        completed: Int($0.completed), interrupted: Int($0.interrupted), pomodoros: Int($0.pomodoros),
        cutShort: Int($0.cutShort), workout: seconds($0.workout), workoutSessions: Int($0.workoutSessions), void: Int($0.void),
        voidFocus: seconds($0.voidFocus), voidPomodoros: Int($0.voidPomodoros), internalMarks: Int($0.internalMarks), externalMarks: Int($0.externalMarks))
    }
    return Report(
      range: range, timeZone: calendar.zone.identifier, days: days, presets: groups(presets),
      tags: groups(tags), workouts: groups(workouts), streakDays: streak ?? Streak.length(today: today, completedOn: completedDays.contains),
      previousFocus: seconds(previousFocus), goal: goal, dayStart: calendar.dayStart)
  }

}
