import PomoCore
import PomoPlatform

/// The sessions of a journal's files counted again from their lines alone: every line read in
/// order with the one scanner (`Journal.forEach`), folded (`Fold`, `TaskFold`), and the
/// question answered. It keeps no cache and reads no index, so it shares nothing with them but
/// the scanner and the fold: it is what `--no-cache` reads, and the reference the indexed
/// reader is compared with (`CacheRecountTests`).
///
/// A first pass keeps what is few (corrections, tasks, added sessions, ids, tags, damaged
/// lines); each question then reads the sessions again, so memory stays flat however long the
/// journal is. Every pass reads only the lines the first one did: the answers are of the
/// journal as it stood then.
package final class Recount: History {
  /// The files, in order: of the lines with one id, the first file's is the session.
  package let files: [Journal]
  /// Each file's damaged lines.
  package private(set) var badLines: [[Journal.BadLine]] = []
  /// How many lines of each file the first pass read, and which file it read (a later pass
  /// that finds another at the path fails: the journal was replaced meanwhile).
  private var lineCounts: [Int] = []
  private var identities: [FileIdentity?] = []
  /// The corrections, in the order of their lines, and by the session or task they concern.
  private var corrections: [Correction] = []
  private var correctionsOf: [String: [Correction]] = [:]
  /// The tasks, each id once (the first line wins), in the order of their lines.
  private var taskLines: [TaskRecord] = []
  /// The sessions `pomo add` recorded: their ids and when they were added.
  private var added: [(id: String, at: Double)] = []
  /// The hash of every id a line holds, and every tag of a session or correction.
  private var hashes = Set<UInt64>()
  private var tagSet = Set<String>()

  package init(files: [Journal]) throws(FileSystemError) {
    self.files = files
    var seenTasks = Set<String>()
    for file in files {
      var bad: [Journal.BadLine] = []
      var identity: FileIdentity?
      let count = try file.forEach(file: &identity, bad: { bad.append($0) }) { entry, _ in
        hashes.insert(FNV1a.hash(entry.id))
        switch entry {
        case .session(let record):
          tagSet.formUnion(record.tags)
          if let at = record.added { added.append((record.id, at)) }
        case .correction(let c):
          tagSet.formUnion(c.changes.tags ?? [])
          corrections.append(c)
          correctionsOf[c.session, default: []].append(c)
        case .task(let task):
          if seenTasks.insert(task.id).inserted { taskLines.append(task) }
        }
      }
      badLines.append(bad)
      lineCounts.append(count)
      identities.append(identity)
    }
  }

  // MARK: - The one pass over the sessions

  /// Every session as it now stands, each id once (the first file's line), deleted ones left
  /// out, in file order and each file in the order of its lines; with its line as the journal
  /// holds it, as it was recorded, and its place (file, then line).
  private func eachSession(
    _ body: (_ folded: JournalRecord, _ recorded: JournalRecord, _ line: ArraySlice<UInt8>, _ place: Int) -> Void
  ) throws(FileSystemError) {
    var seen = Set<String>()
    var place = 0
    for (f, file) in files.enumerated() {
      var identity = identities[f]
      let read = try file.forEach(lines: lineCounts[f], file: &identity, bad: { _ in }) { entry, line in
        guard case .session(let record) = entry, seen.insert(record.id).inserted else { return }
        place += 1
        if let folded = Fold.apply(record, correctionsOf[record.id] ?? []) { body(folded, record, line, place) }
      }
      // Fewer lines than the first pass met: the file was cut since, and no answer may mix the two.
      if read < lineCounts[f] { throw .changedWhileRead }
    }
  }

  private func eachSession(_ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try eachSession { folded, _, _, _ in body(folded) }
  }

  /// Whether a session touches `from...to`: from its start to the end of its last phase.
  private static func touches(_ record: JournalRecord, _ from: Double, _ to: Double) -> Bool {
    record.start <= to && max(record.end, record.phases.last?.end ?? record.end) >= from
  }

  // MARK: - History

  /// Worked out once, on first use.
  private var earliestFound: Double?

  package var earliest: Double {
    get throws(FileSystemError) {
      if let earliestFound { return earliestFound }
      var earliest = Double.infinity
      try eachSession { earliest = min(earliest, $0.start) }
      earliestFound = earliest
      return earliest
    }
  }

  package func records(
    overlapping from: Double, _ to: Double, detail: Bool, exercises: Bool, _ body: (JournalRecord) -> Void
  ) throws(FileSystemError) {
    try eachSession { if Self.touches($0, from, to) { body($0) } }
  }

  package func all(detail: Bool, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try eachSession(body)
  }

  /// The places of the `limit` sessions that started last, newest first (the earlier line
  /// first at the same instant).
  private func newestPlaces(_ limit: Int) throws(FileSystemError) -> [Int] {
    var starts: [(start: Double, place: Int)] = []
    try eachSession { folded, _, _, place in starts.append((folded.start, place)) }
    starts.sort { $0.start != $1.start ? $0.start > $1.start : $0.place < $1.place }
    return starts.prefix(max(0, limit)).map(\.place)
  }

  package func newest<Kept>(_ limit: Int, detail: Bool, keep: (JournalRecord) -> Kept) throws(FileSystemError)
    -> [Kept]
  {
    let order = try newestPlaces(limit)
    var rank: [Int: Int] = [:]
    for (k, place) in order.enumerated() { rank[place] = k }
    var kept: [Kept?] = Array(repeating: nil, count: order.count)
    try eachSession { folded, _, _, place in
      if let k = rank[place] { kept[k] = keep(folded) }
    }
    return kept.compactMap { $0 }
  }

  /// Makes every record: the recount shares no shortcut with the caches.
  package func newest<Kept>(
    _ limit: Int, detail: Bool, scanned: (UnsafeBufferPointer<UInt8>, ScannedLine) -> Kept?,
    keep: (JournalRecord) -> Kept
  ) throws(FileSystemError) -> [Kept] {
    try newest(limit, detail: detail, keep: keep)
  }

  package func newestLines(_ limit: Int, batch: Int, _ body: ([NewestSession]) -> Bool) throws(FileSystemError) {
    let order = try newestPlaces(limit)
    var rank: [Int: Int] = [:]
    for (k, place) in order.enumerated() { rank[place] = k }
    var found: [NewestSession?] = Array(repeating: nil, count: order.count)
    try eachSession { folded, recorded, line, place in
      guard let k = rank[place] else { return }
      // A session with a correction (an undo included) is shown as it now stands.
      let changed = correctionsOf[recorded.id]?.isEmpty == false
      found[k] = changed ? .corrected(folded) : .line(Array(line)[...])
    }
    // Handed on whole: the recount keeps its answer to compare, not to stream.
    _ = body(found.compactMap { $0 })
  }

  package func sessions(withPrefix prefix: String) -> (live: [JournalRecord], deleted: [String]) {
    var live: [JournalRecord] = []
    var deleted: [String] = []
    var seen = Set<String>()
    for (f, file) in files.enumerated() {
      _ = try? file.forEach(lines: lineCounts[f], bad: { _ in }) { entry, _ in
        guard case .session(let record) = entry, record.id.hasPrefix(prefix), seen.insert(record.id).inserted
        else { return }
        if let folded = Fold.apply(record, correctionsOf[record.id] ?? []) {
          live.append(folded)
        } else {
          deleted.append(record.id)
        }
      }
    }
    return (live, deleted)
  }

  package func lastRecorded() throws(FileSystemError) -> JournalRecord? {
    var best: (key: (recorded: Double, start: Double, place: Int), record: JournalRecord)?
    try eachSession { folded, recorded, _, place in
      let key = (recorded.added ?? recorded.end, recorded.start, place)
      if best == nil || key > best!.key { best = (key, folded) }
    }
    return best?.record
  }

  package func latestRevocable() throws(FileSystemError) -> Revocable? {
    let revoked = Fold.revoked(corrections)
    var candidates: [Revocable] = []
    for c in corrections where c.kind != .undo {
      candidates.append(Revocable(id: c.id, session: c.session, kind: c.kind == .delete ? .delete : .amend, at: c.at))
    }
    for (id, at) in added { candidates.append(Revocable(id: id, session: id, kind: .added, at: at)) }
    for task in taskLines { candidates.append(Revocable(id: task.id, session: task.id, kind: .task, at: task.at)) }
    // The latest; at the same time the greater id, as the fold orders them.
    return candidates.filter { !revoked.contains($0.id) }.max { ($0.at, $0.id) < ($1.at, $1.id) }
  }

  package func tasks(_ query: TaskQuery, counting: Bool) throws(FileSystemError) -> [TaskProgress] {
    let kept = taskLines.compactMap { TaskFold.apply($0, correctionsOf[$0.id] ?? []) }.filter(query.keeps)
      .sorted(by: TaskFold.precedes)
    guard counting else { return kept.map { TaskProgress(task: $0, pomodoros: 0) } }
    return try TaskFold.progress(of: kept) { count throws(FileSystemError) in try eachSession(count) }
  }

  package func streak(today: Int64, calendar: LocalCalendar) throws(FileSystemError) -> Int {
    var days = Set<Int64>()
    try eachSession { if $0.countsForStreak { days.insert(calendar.day(of: $0.start)) } }
    return Streak.length(today: today, completedOn: days.contains)
  }

  package func idHashes() throws(FileSystemError) -> [UInt64] { hashes.sorted() }

  package func tags() throws(FileSystemError) -> [String] { tagSet.filter(TagList.isCompletable).sorted() }

  package func dayTotals(_ days: ClosedRange<Int64>, calendar: LocalCalendar, hours: Bool, wanted: Bool)
    throws(FileSystemError) -> (tables: [DayTable], long: [JournalRecord])?
  {
    nil
  }
}
