import PomoCore
import PomoJournal
import PomoReport
import PomoSession
import PomoTerminal

/// Today's focus against the config's `daily_goal`: the journal's (read once per session, as
/// it changes only when one ends) plus the running session's so far.
final class GoalSource {
  let goal: Double
  let calendar: LocalCalendar
  let journal: Journal
  let cacheFolder: String?
  private var cached: (key: String, day: Int64, records: Double)?

  /// Nil when the format cannot show the goal or none is set (a config that does not load
  /// shows no goal here: `pomo report` says what is wrong with it).
  init?(_ arguments: ParsedArguments, _ context: Context, format: StatusFormat) {
    switch format {
    case .json: break
    case .template(let text) where text.contains("{goal}"): break
    default: return nil
    }
    guard let config = try? ConfigAccess.load(context), let goal = config.dailyGoal else { return nil }
    self.goal = goal
    calendar = LocalCalendar(zone: context.zone, dayStart: config.dayStart)
    journal = JournalAccess.journal(arguments, context)
    cacheFolder = context.paths.cacheDirectory
  }

  func progress(_ state: SessionState?, now: Double) -> GoalProgress {
    let today = calendar.day(of: now)
    let range = ReportRange(kind: .day, days: today...today)
    let key = state?.record.id ?? ""
    if cached == nil || cached!.key != key || cached!.day != today {
      var builder = ReportBuilder(range: range, calendar: calendar)
      // Opened again each time: a session that ended since has been appended.
      if let history = JournalAccess.quietHistory(journal, cacheFolder: cacheFolder) {
        let source = ReportSource(history: history, path: journal.name)
        try? source.records(from: builder.window.from, to: builder.window.to) { builder.add($0) }
      }
      cached = (key, today, builder.build(today: today).totals.focus)
    }
    var focus = cached!.records
    if let state {
      var builder = ReportBuilder(range: range, calendar: calendar)
      builder.add(state.interruptedRecord(lastKnown: now))
      focus += builder.build(today: today).totals.focus
    }
    // Whole seconds of focus round to the nearest, as every report and log does.
    return GoalProgress(focusSeconds: Int64(focus.rounded()), goalSeconds: Int64(goal.rounded()))
  }
}
