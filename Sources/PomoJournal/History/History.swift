import PomoCore
import PomoPlatform

/// The sessions of one or more journal files, read through their indexes and folded
/// (`Fold`): the only way commands read history.
///
/// It holds the files and what their indexes say of corrections, and hands the work to one
/// part for each concern: `SessionReader` reads spans of time and the newest sessions,
/// `CorrectionFolder` folds a session with its corrections, `SessionFinder` finds a session
/// by its id, `StreakCounter` counts the streak, and `SharedIDs` knows the ids several files
/// hold.
public final class History {
  public let files: [IndexedJournal]
  /// Each file's corrections and added sessions, and the fold.
  private let corrections: CorrectionFolder
  /// The ids more than one file holds, worked out when first needed.
  private let shared: SharedIDs
  private let reader: SessionReader
  private let finder: SessionFinder
  private let streaks: StreakCounter

  public init(files: [IndexedJournal]) {
    self.files = files
    let tables = files.map(\.corrections)
    // Corrections that move a session in time, change its status or remove it.
    let moving = tables.flatMap { $0.all.filter(\.movesOrRemoves) }
    let corrections = CorrectionFolder(files: files, tables: tables)
    let shared = SharedIDs(files: files)
    let reader = SessionReader(files: files, movingRefs: moving, corrections: corrections, shared: shared)
    self.corrections = corrections
    self.shared = shared
    self.reader = reader
    finder = SessionFinder(reader: reader)
    streaks = StreakCounter(reader: reader)
  }

  // MARK: - The ids several files hold

  /// The ids more than one file holds (`SharedIDs`), worked out now if need be: read it
  /// before handing work to other threads.
  package var sharedIDHashes: [UInt64] { shared.hashes }

  /// Whether sorted `hashes` holds `hash`.
  package static func contains(_ hashes: [UInt64], _ hash: UInt64) -> Bool { SharedIDs.contains(hashes, hash) }

  // MARK: - Folding

  /// Each file's correction table.
  package var correctionTables: [CorrectionTable] { corrections.tables }

  /// How many corrections (and added sessions) the history holds.
  public var correctionCount: Int { corrections.count }

  /// A session as it now stands: nil when it was deleted.
  public func fold(_ record: JournalRecord) throws(FileSystemError) -> JournalRecord? { try corrections.fold(record) }

  /// Whether a session has corrections (so its line no longer says all).
  public func isCorrected(_ id: String) -> Bool { corrections.isCorrected(id) }

  /// The same, for the id with this hash.
  package func isCorrected(hash: UInt64) -> Bool { corrections.isCorrected(hash: hash) }

  /// The latest correction or added session that no undo has revoked yet, as its own id,
  /// the session it concerns and what it was; nil when there is none.
  public func latestRevocable() throws(FileSystemError) -> (
    id: String, session: String, kind: JournalIndex.CorrectionRef.Kind, at: Double
  )? {
    try corrections.latestRevocable()
  }

  // MARK: - Tasks

  /// Every task as it now stands that `query` wants, with the Pomodoros its sessions
  /// completed (`TaskReader`): only those tasks' Pomodoros are counted, and none without
  /// `counting`.
  public func tasks(_ query: TaskQuery = .all, counting: Bool = true) throws(FileSystemError) -> [TaskProgress] {
    try TaskReader(files: files, corrections: corrections, reader: reader).tasks(query, counting: counting)
  }

  // MARK: - Reading

  /// The earliest instant any session touches, for walking back in time.
  public var earliest: Double { reader.earliest }

  /// Every session that may touch `from...to` (and possibly some that do not: callers
  /// filter), folded, each id once (`SessionReader.records(overlapping:)`).
  public func records(
    overlapping from: Double, _ to: Double, detail: Bool = false, exercises: Bool = false,
    _ body: (JournalRecord) -> Void
  ) throws(FileSystemError) {
    try reader.records(overlapping: from, to, detail: detail, exercises: exercises, body)
  }

  /// Every session, folded.
  /// `detail` reads what reports leave out: names, notes, hosts, preset files.
  public func all(detail: Bool = false, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try reader.all(detail: detail, body)
  }

  /// The `limit` sessions that started last, folded, newest first (`SessionReader.newest`).
  public func newest(_ limit: Int, detail: Bool = true) throws(FileSystemError) -> [JournalRecord] {
    try reader.newest(limit, detail: detail)
  }

  /// The same sessions as `pomo log --json` prints them (`SessionReader.newestLines`).
  public func newestLines(_ limit: Int) throws(FileSystemError) -> [NewestSession] {
    try reader.newestLines(limit)
  }

  // MARK: - Finding a session by id

  /// The fewest characters of an id that name a session, as git asks of an abbreviated
  /// commit: a slip of one key (`pomo edit 5`) must not pick a session at random.
  public static let shortestPrefix = 4

  /// Whether `text` is too short to be taken as a prefix (`last` and a whole short id still are).
  public static func isTooShort(_ text: String) -> Bool { text != "last" && text.count < shortestPrefix }

  /// The session an id names: `last` (the latest), a whole id, or any unique prefix of at
  /// least `shortestPrefix` characters (`SessionFinder`).
  public func find(_ text: String) throws(SessionLookupError) -> JournalRecord { try finder.find(text) }

  /// The lines of the session with this id hash, as recorded (not folded), in file order,
  /// each with its file and line number; lines that repeat an id within a file are left out.
  package func copies(of hash: UInt64, prefix: UInt64, detail: Bool = false) throws(FileSystemError) -> [(
    file: Int, line: Int64, record: JournalRecord
  )] {
    try finder.copies(of: hash, prefix: prefix, detail: detail)
  }

  // MARK: - Streak

  /// The current streak of days with a completed session, in `calendar`'s days, ending
  /// today (or yesterday while today has none); see `StreakCounter`.
  public func streak(today: Int64, calendar: LocalCalendar) -> Int {
    streaks.streak(today: today, calendar: calendar)
  }
}
