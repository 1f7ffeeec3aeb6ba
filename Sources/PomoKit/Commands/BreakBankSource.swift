import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession

/// Today's break bank, read from the journal: only today's records (from the config's
/// `day_start`), so it costs O(today), never O(history). Nil when the config sets no
/// `break_bank`, or does not load (`pomo report` says what is wrong with it).
enum BreakBankSource {
  static func today(
    _ journal: Journal, _ context: Context, now: Double, running: SessionState? = nil
  ) -> BreakBank? {
    guard let config = try? ConfigAccess.load(context), let cap = config.breakBankCap else { return nil }
    return today(journal, context, config: config, cap: cap, now: now, running: running)
  }

  static func today(
    _ journal: Journal, _ context: Context, config: Config, cap: Duration, now: Double, running: SessionState? = nil
  ) -> BreakBank {
    let calendar = LocalCalendar(zone: context.zone, dayStart: config.dayStart)
    let day = calendar.day(of: now)
    let from = calendar.start(of: day)
    let to = calendar.start(of: day + 1)
    var records: [JournalRecord] = []
    let history = JournalAccess.quietHistory(journal, cacheFolder: context.paths.cacheDirectory)
    let source = history.map { ReportSource(history: $0, path: journal.name) }
    try? source?.records(from: from, to: to) { record in
      // A session that began before the day's start counts for the day before.
      if record.start >= from { records.append(record) }
    }
    // The running session's breaks that have ended count too; the one under way does not yet.
    if let running, running.record.start >= from { records.append(running.record) }
    return BreakBank(cap: TimeText.seconds(cap), records: records)
  }
}
