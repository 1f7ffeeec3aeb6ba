import PomoCore
import PomoPlatform

/// The sessions of a journal's files, each id once (the first line wins) and folded (`Fold`):
/// the only way commands read history.
///
/// Two readers answer it alike. `Recount` reads every line in order with the one scanner and
/// folds them, and shares nothing else with the caches: it is what `--no-cache` reads, and
/// the reference the indexed reader is tested against (`CacheRecountTests`). `IndexedHistory`
/// reads only the lines its indexes say can matter, which is what makes a report over a
/// million sessions take milliseconds. A report reads through this protocol and never needs
/// to know which one answers.
package protocol History: AnyObject {
  /// The earliest instant any session touches (infinite without one), for walking back in time.
  var earliest: Double { get throws(FileSystemError) }

  /// Every session that may touch `from...to`, folded, handed on in file order and each file
  /// in the order of its lines. Sessions that do not touch the span may be handed on too
  /// (callers filter), and with `exercises` those whose phases count no exercise may be left
  /// out. `detail` reads what reports leave out: names, hosts, preset files.
  func records(
    overlapping from: Double, _ to: Double, detail: Bool, exercises: Bool, _ body: (JournalRecord) -> Void
  ) throws(FileSystemError)

  /// Every session, folded, in the same order.
  func all(detail: Bool, _ body: (JournalRecord) -> Void) throws(FileSystemError)

  /// The `limit` sessions that started last, folded, newest first (the earlier line first when
  /// two start at the same instant), each kept as `keep` makes it.
  func newest<Kept>(_ limit: Int, detail: Bool, keep: (JournalRecord) -> Kept) throws(FileSystemError) -> [Kept]

  /// As `newest(_:detail:keep:)`, where `scanned` may keep a session no correction changed
  /// straight from its line as the scanner read it (the line's bytes and what was read, its
  /// phases kept), with no record made: nil where it needs the record, which `keep` then gets.
  /// The recount always makes the record.
  func newest<Kept>(
    _ limit: Int, detail: Bool, scanned: (UnsafeBufferPointer<UInt8>, ScannedLine) -> Kept?,
    keep: (JournalRecord) -> Kept
  ) throws(FileSystemError) -> [Kept]

  /// The same sessions as `pomo log --json` prints them, in order, handed to `body` a batch at
  /// a time (about `batch` bytes of lines): a line as the journal holds it, or a session a
  /// correction changed as it now stands. Stops when `body` returns false (nobody reads on).
  func newestLines(_ limit: Int, batch: Int, _ body: ([NewestSession]) -> Bool) throws(FileSystemError)

  /// The sessions whose ids start with `prefix`: those that stand, folded, and the ids of
  /// those deleted, in the order of their lines (`find` chooses among them).
  func sessions(withPrefix prefix: String) -> (live: [JournalRecord], deleted: [String])

  /// The session recorded last, as it now stands: what a user just did. A session is recorded
  /// when its line is written: a timed one when it ends (its end), one `pomo add` recorded when
  /// it was added (`added`), whenever it started. Deleted sessions are passed over; of two
  /// recorded at the same instant, the later start wins, then the later line. Nil when none is.
  func lastRecorded() throws(FileSystemError) -> JournalRecord?

  /// The latest correction, added session or task that no undo has revoked yet.
  func latestRevocable() throws(FileSystemError) -> Revocable?

  /// Every task as it now stands (undone and deleted ones left out) that `query` wants, in the
  /// order they were made (`TaskFold.precedes`), with the done Pomodoros of the sessions that
  /// worked on it (without `counting`, every count is 0).
  func tasks(_ query: TaskQuery, counting: Bool) throws(FileSystemError) -> [TaskProgress]

  /// The current streak of days with a completed focus session (`Streak`), in `calendar`'s
  /// days, ending today (or yesterday while today has none).
  func streak(today: Int64, calendar: LocalCalendar) throws(FileSystemError) -> Int

  /// The hashes (`FNV1a`) of every id the files hold a line of (sessions, corrections, tasks),
  /// sorted: what `pomo import` asks to know a record it already holds.
  func idHashes() throws(FileSystemError) -> [UInt64]

  /// The tags of the sessions and corrections, sorted, each once: what completions offer.
  func tags() throws(FileSystemError) -> [String]

  /// The day totals of `days` in `calendar` (with those by hour when `hours`), and the few
  /// sessions too long for them, when this reader keeps totals; nil when it does not, and
  /// then a report adds up the records. Without `wanted` a reader only keeps what it has at
  /// hand for a later report, and answers nil.
  func dayTotals(_ days: ClosedRange<Int64>, calendar: LocalCalendar, hours: Bool, wanted: Bool)
    throws(FileSystemError) -> (tables: [DayTable], long: [JournalRecord])?
}

extension History {
  package func records(overlapping from: Double, _ to: Double, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try records(overlapping: from, to, detail: false, exercises: false, body)
  }

  package func records(overlapping from: Double, _ to: Double, detail: Bool, _ body: (JournalRecord) -> Void)
    throws(FileSystemError)
  {
    try records(overlapping: from, to, detail: detail, exercises: false, body)
  }

  package func records(overlapping from: Double, _ to: Double, exercises: Bool, _ body: (JournalRecord) -> Void)
    throws(FileSystemError)
  {
    try records(overlapping: from, to, detail: false, exercises: exercises, body)
  }

  package func all(_ body: (JournalRecord) -> Void) throws(FileSystemError) { try all(detail: false, body) }

  /// The `limit` sessions that started last, as `newest(_:detail:keep:)` finds them.
  package func newest(_ limit: Int, detail: Bool = true) throws(FileSystemError) -> [JournalRecord] {
    try newest(limit, detail: detail) { $0 }
  }

  package func newestLines(_ limit: Int, _ body: ([NewestSession]) -> Bool) throws(FileSystemError) {
    try newestLines(limit, batch: 1 << 20, body)
  }

  package func tasks(_ query: TaskQuery = .all) throws(FileSystemError) -> [TaskProgress] {
    try tasks(query, counting: true)
  }

  /// The session an id names: `last` (the session recorded last, `lastRecorded`), a whole
  /// id, or any unique prefix of at least `SessionID.shortestPrefix` characters. A prefix that
  /// names several is refused with the newest of them.
  package func find(_ text: String) throws(SessionLookupError) -> JournalRecord {
    if SessionID.isTooShort(text) {
      // Only a whole id this short (another tool's, say) is taken as it stands.
      let found: JournalRecord
      do { found = try findPrefix(text) } catch .deleted(let id) where id.lowercased() == text.lowercased() {
        throw .deleted(id)
      } catch { throw .tooShort(text) }
      guard found.id.lowercased() == text.lowercased() else { throw .tooShort(text) }
      return found
    }
    return try findPrefix(text)
  }

  private func findPrefix(_ text: String) throws(SessionLookupError) -> JournalRecord {
    // Ids are written in lowercase; a prefix typed in capitals means the same.
    do {
      return try find(exactly: text)
    } catch .unknown(let given) where text.lowercased() != text {
      do { return try find(exactly: text.lowercased()) } catch .unknown { throw .unknown(given) }
    }
  }

  private func find(exactly text: String) throws(SessionLookupError) -> JournalRecord {
    if text == "last" {
      guard let latest = try? lastRecorded() else { throw .empty }
      return latest
    }
    guard !text.isEmpty else { throw .unknown(text) }
    let (live, deleted) = sessions(withPrefix: text)
    if live.count == 1, let only = live.first { return only }
    if live.count > 1 {
      let most = 10
      let sorted = live.sorted { $0.start != $1.start ? $0.start > $1.start : $0.id < $1.id }
      throw .ambiguous(text, Array(sorted.prefix(most)), more: live.count > most)
    }
    if let first = deleted.first { throw .deleted(first) }
    throw .unknown(text)
  }
}
