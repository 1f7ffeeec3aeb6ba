import PomoJournal
import PomoCore
import PomoPlatform
import PomoSession

/// What `add`, `edit`, `delete` and `undo` share: finding a session, reading a time,
/// appending a correction, and showing the session as it now stands.
enum HistoryEditing {
  static let idArgument = ArgumentSpec(
    "id", kind: .session, help: "A session: its id, a unique prefix of it of at least 4 characters (as 'pomo log' shows), or last (the session recorded or added last).")

  static let allowOverlap = Option<Bool>.flag(
    "allow-overlap", help: "Record the session even where it shares time with another.")

  /// Refuses a session over `start..<end` that shares time with another recorded session
  /// (not the one with id `except`) or with the running one, naming it, so the same minutes
  /// are not counted twice; `--allow-overlap` records it anyway.
  static func refuseOverlap(
    start: Double, end: Double, except: String?, _ journal: Journal, running: SessionState?, _ context: Context
  ) throws(CLIError) {
    let now = context.clock.wallSeconds()
    if let running, running.record.id != except, Overlap.overlaps(start, end, running.record.start, now) {
      throw .failure(
        "the session would share time with the running session \(short(running.record.id)) (\(TextLayout.inert(running.record.preset)), started \(context.zone.clockTime(running.record.start))); give --allow-overlap to record it anyway"
      )
    }
    let history = try JournalAccess.history(journal, strict: false, context, quiet: true)
    let other: JournalRecord?
    do {
      other = try Overlap.first(in: history, start: start, end: end, except: except)
    } catch {
      throw .failure("cannot read the journal \(journal.name): \(error)")
    }
    if let other {
      throw .failure(
        "the session would share time with \(describe(other, context)); give --allow-overlap to record it anyway")
    }
  }

  /// "4e80f205 (work, 2026-12-01 09:00 to 09:25)": a session as a message names it.
  static func describe(_ record: JournalRecord, _ context: Context) -> String {
    let offset = context.zone.offset
    let from = RFC3339.format(record.start, offset: offset(record.start))
    let to = RFC3339.format(record.end, offset: offset(record.end))
    let end = from.prefix(10) == to.prefix(10) ? String(to.dropFirst(11).prefix(5)) : to.prefix(10) + " " + to.dropFirst(11).prefix(5)
    return "\(short(record.id)) (\(TextLayout.inert(record.preset)), \(from.prefix(10)) \(from.dropFirst(11).prefix(5)) to \(end))"
  }

  /// The session `text` names, as it now stands. A running session cannot be changed.
  static func session(_ text: String, _ history: any History, running: SessionState?) throws(CLIError) -> JournalRecord {
    guard !text.isEmpty else { throw .failure("give a session's id, a prefix of it, or last (see 'pomo log')") }
    // A prefix too short to name a session does not name the running one either.
    let prefix = !SessionID.isTooShort(text) || running?.record.id == text.lowercased()
    // `last` is the session recorded last: a running session is not recorded yet.
    if let running, text != "last", prefix && running.record.id.hasPrefix(text.lowercased()) {
      throw .failure("the session \(short(running.record.id)) is running; stop it first ('pomo stop')")
    }
    let record: JournalRecord
    do {
      record = try history.find(text)
    } catch {
      throw .failure(error.description)
    }
    if let running, running.record.id == record.id {
      throw .failure("the session \(short(record.id)) is running; stop it first ('pomo stop')")
    }
    return record
  }

  /// A time given to `option`: 09:00, yesterday 14:30, 2026-11-30 09:00, RFC 3339 or -90m.
  static func when(_ text: String, option: String, _ context: Context, path: [String]) throws(CLIError) -> Double {
    switch WhenParser.parse(text, now: context.clock.wallSeconds(), zone: context.zone) {
    case .success(let t): return t
    case .failure(let error): throw .usage("'--\(option)': \(error.description)", command: path)
    }
  }

  /// Why a session could not be a journal record as it stands, if it could not: readers
  /// refuse times before 1970 or past the year 9999, and lines over 1 MB, so a writer must not
  /// make them.
  static func problem(start: Double, end: Double, now: Double) -> String? {
    if start < 0 || end < 0 { return "times before 1970 cannot be recorded" }
    if end > now + 1 {
      return "the session would end in the future (at \(RFC3339.format(end, offset: 0))): a record is of what happened"
    }
    return nil
  }

  /// Runs a correction's read, decision and append while holding `history.lock` in the state
  /// folder, so two corrections made at once on this machine do not both decide from the
  /// same history (ten `pomo undo`s at once take back ten corrections, not one ten times).
  /// Where the lock cannot be had (a read-only state folder), the correction goes ahead.
  static func locked(_ context: Context, _ body: () throws -> Int32) throws -> Int32 {
    let folder = context.paths.stateDirectory
    try? Platform.makeDirectories(folder)
    let lock = try? FileLock.acquire(folder + "/history.lock", timeout: 30)
    defer { lock?.release() }
    return try body()
  }

  /// Appends one line durably: the journal stays append-only.
  static func append(_ line: String, to journal: Journal) throws(CLIError) {
    let size = line.utf8.count
    guard size <= RecordSize.longestLine else {
      throw .failure(
        "nothing was recorded: the line would be \(size) bytes, more than a journal line may hold (\(RecordSize.longestText)); give fewer rounds, or fewer or shorter tags")
    }
    do {
      try journal.append(lines: [Array(line.utf8)[...]])
    } catch {
      throw .failure("cannot write the journal \(journal.path): \(error) (nothing was changed)")
    }
  }

  /// The session with this exact id as it now stands (nil when it is gone), read again
  /// through the fold after a change.
  static func reread(_ id: String, _ journal: Journal, _ context: Context) -> JournalRecord? {
    guard let history = try? JournalAccess.history(journal, strict: false, context, quiet: true) else { return nil }
    return try? history.find(id)
  }

  /// The session as a one-row `pomo log` table, after a line saying what happened.
  static func show(_ headline: String, _ record: JournalRecord?, _ context: Context) {
    var text = headline + "\n"
    if let record {
      text += LogText.render([record], width: context.width, unicode: context.unicode, offset: context.zone.offset)
    }
    context.output.write(text)
  }

  static func short(_ id: String) -> String { TextLayout.inert(String(id.prefix(8))) }
}
