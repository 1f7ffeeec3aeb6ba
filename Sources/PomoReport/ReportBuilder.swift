import PomoCore
import PomoJournal

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
