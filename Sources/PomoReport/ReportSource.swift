import PomoCore
import PomoJournal
import PomoPlatform

/// Where reports and `pomo status` read the journal: the records touching a span of time, the
/// day totals when the history keeps them, and the streak (`History`, indexed or recounted).
package struct ReportSource {
  let history: any History
  let path: String

  package init(history: any History, path: String) {
    self.history = history
    self.path = path
  }

  /// Windows longer than this many days are added up from the day totals, not the records.
  static let daysFromRecords: Int64 = 70

  /// The records touching `from...to`; with `exercises`, only from chunks whose sessions
  /// count exercises (the others, read, would add nothing to a table by exercise).
  package func records(from: Double, to: Double, exercises: Bool = false, _ body: (JournalRecord) -> Void)
    throws(ReportSource.ReadError)
  {
    do {
      try history.records(overlapping: from, to, exercises: exercises, body)
    } catch {
      throw ReadError(path: path, error: error)
    }
  }

  package func streak(today: Int64, calendar: LocalCalendar) throws(ReportSource.ReadError) -> Int {
    do {
      return try history.streak(today: today, calendar: calendar)
    } catch {
      throw ReadError(path: path, error: error)
    }
  }

  /// The earliest instant any session touches.
  func earliest() throws(ReportSource.ReadError) -> Double {
    do {
      return try history.earliest
    } catch {
      throw ReadError(path: path, error: error)
    }
  }

  /// The day totals, when they are worth reading for `days` (a long span, unfiltered) and the
  /// history keeps them.
  private func totals(_ days: ClosedRange<Int64>, calendar: LocalCalendar, filtered: Bool, hours: Bool = false)
    throws(ReportSource.ReadError) -> (
      [DayTable], [JournalRecord]
    )?
  {
    let wanted = !filtered && days.upperBound - days.lowerBound >= Self.daysFromRecords
    do {
      return try history.dayTotals(days, calendar: calendar, hours: hours, wanted: wanted)
    } catch {
      throw ReadError(path: path, error: error)
    }
  }

  /// Focus by weekday and hour over `range`.
  package func hours(range: ReportRange, calendar: LocalCalendar, tags: [String], preset: String?) throws(ReportSource
    .ReadError) -> HourGrid
  {
    var builder = HourGridBuilder(range: range, calendar: calendar, tags: tags, preset: preset)
    if let (tables, long) = try totals(
      range.days, calendar: calendar, filtered: !tags.isEmpty || preset != nil, hours: true)
    {
      // A long span, unfiltered: the day totals, and the few sessions too long for them.
      for table in tables { builder.add(table) }
      for record in long { builder.add(record) }
    } else {
      try records(from: builder.window.from, to: builder.window.to) { builder.add($0) }
    }
    return builder.build()
  }

  /// The report over `range`, its period before, and the streak up to `today`.
  package func report(
    range: ReportRange, calendar: LocalCalendar, today: Int64, tags: [String] = [], preset: String? = nil,
    goal: Double? = nil, extra: [JournalRecord] = [], kind: ReportKind = .all, timersApart: Bool = false
  ) throws(ReportSource.ReadError) -> Report {
    var builder = ReportBuilder(range: range, calendar: calendar, tags: tags, preset: preset, kind: kind)
    builder.timersApart = timersApart
    var streak: Int?
    let window = builder.window
    if let (tables, long) = try totals(builder.windowDays, calendar: calendar, filtered: builder.filters) {
      // A long span, unfiltered: the day totals, and the few sessions too long for them.
      for table in tables { builder.add(table) }
      for record in long { builder.add(record) }
    } else {
      try records(from: window.from, to: window.to) { builder.add($0) }
    }
    for record in extra { builder.add(record) }
    if !builder.filters {
      // Unfiltered, the index answers the streak without reading the journal.
      streak = try self.streak(today: today, calendar: calendar)
    }
    // Filtered, the streak may reach back before the range: widen the window until it ends.
    var reach: Int64 = 32
    var lower = min(range.previous.lowerBound, today - reach)
    if streak == nil {
      try records(from: calendar.start(of: lower), to: calendar.start(of: today + 1)) { builder.add($0) }
    }
    while streak == nil, Streak.length(today: today, completedOn: builder.completedDays.contains) >= today - lower,
      calendar.start(of: lower) > (try earliest())
    {
      reach *= 4
      let next = today - reach
      try records(from: calendar.start(of: next), to: calendar.start(of: lower)) { builder.add($0) }
      lower = next
    }
    return builder.build(today: today, streak: streak, goal: goal)
  }
}

extension ReportSource {
  /// Each exercise's time, reps and rounds by week over `range`, read from the records (the
  /// day totals do not keep them).
  package func exercises(range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil)
    throws(ReportSource.ReadError) -> [ExerciseWeek]
  {
    var builder = ExerciseWeeksBuilder(range: range, calendar: calendar, tags: tags, preset: preset)
    let window = builder.window
    try records(from: window.from, to: window.to, exercises: true) { builder.add($0) }
    return builder.build()
  }
}

extension ReportSource {
  /// The journal could not be read: its name and what the file system said.
  package struct ReadError: Error, CustomStringConvertible {
    package var path: String
    package var error: FileSystemError
    package var description: String { "cannot read the journal \(path): \(error)" }
  }
}
