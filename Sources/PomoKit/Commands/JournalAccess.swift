import PomoCore
import PomoIndex
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

/// Reading the journal the way every command does: recover a crashed session first, warn
/// about damaged lines (or fail on them with --strict).
enum JournalAccess {
  static func journal(_ arguments: ParsedArguments, _ context: Context) -> Journal {
    journal(override: arguments[SharedOptions.journal], context)
  }

  /// The journal `--journal` (or `POMO_JOURNAL`) names, or the default folder. A path is a
  /// folder when it is one, or ends in "/"; otherwise it is a single file, as before
  /// folders. This machine writes to its own file in a folder (`JournalFolder`). The
  /// single-file journal of earlier versions moves into the default folder, once.
  static func journal(override: String?, _ context: Context) -> Journal {
    let location = context.paths.journal(override: override)
    let isDefault = location == context.paths.defaultJournalFolder
    guard isDefault || location.hasSuffix("/") || Platform.isDirectory(location) else {
      return Journal(path: location, zone: context.zone)
    }
    let folder = JournalFolder(path: location)
    let id = JournalFolder.machineID(stateDirectory: context.paths.stateDirectory)
    let own = folder.path + "/" + JournalFolder.fileName(host: context.hostName, id: id)
    if isDefault, let message = JournalFolder.migrate(legacy: context.paths.legacyJournal, into: own) {
      context.errors.write(message + "\n")
    }
    return Journal(path: own, zone: context.zone, folder: folder)
  }

  /// Records a session left behind by a pomo that died, and says so in one line. Returns
  /// the running session, if one is alive.
  @discardableResult
  static func recover(_ journal: Journal, _ context: Context) -> SessionState? {
    let (running, message) = context.paths.stateFolder.inspect(journal: journal, environment: context.environment)
    if let message { context.errors.write(message + "\n") }
    return running
  }

  /// Makes this process the running session (see `StateFolder.claim`), recording a dead
  /// one on the way. Hold the lock until the session ends.
  static func claim(_ journal: Journal, _ context: Context) throws(CLIError) -> FileLock {
    do {
      let (lock, message) = try context.paths.stateFolder.claim(journal: journal, environment: context.environment)
      if let message { context.errors.write(message + "\n") }
      return lock
    } catch {
      throw .failure(error.description)
    }
  }

  /// The journal's sessions as they now stand (`History`), after warning about its damaged
  /// lines or, with `strict`, failing on the first: read through the indexes, or, without
  /// caches (`--no-cache`), counted again from every line (`Recount`). An index built from the
  /// first line credits the day totals of `calendar` as it reads (`IndexedJournal.credits`).
  /// `totals` lets a report keep and read the day totals.
  static func history(
    _ journal: Journal, strict: Bool, _ context: Context, quiet: Bool = false, calendar: LocalCalendar? = nil,
    totals: Bool = false
  ) throws(CLIError) -> any History {
    guard let cacheFolder = context.paths.cacheDirectory else {
      return try recount(journal, strict: strict, context, quiet: quiet)
    }
    var files: [IndexedJournal] = []
    // A folder's small files keep their indexes together (`FolderIndex`).
    let folder = journal.folder.map { FolderIndex(folder: $0.path, cacheFolder: cacheFolder) }
    for (path, seen) in journal.seenFiles {
      files.append(
        try indexed(
          journal.file(path), strict: strict, context, quiet: quiet, folder: folder, seen: seen, calendar: calendar))
    }
    folder?.save(files)
    return IndexedHistory(files: files, totalsFolder: totals ? cacheFolder : nil, name: journal.name)
  }

  /// The journal's sessions for a figure a command shows beside its own work (today's focus,
  /// the break bank): no warnings, and files that cannot be read are left out. Nil when the
  /// journal cannot be recounted.
  static func quietHistory(_ journal: Journal, cacheFolder: String?) -> (any History)? {
    guard let cacheFolder else { return try? Recount(files: journal.files.map(journal.file)) }
    let files = journal.files.compactMap { try? IndexedJournal(journal: journal.file($0), cacheFolder: cacheFolder) }
    return IndexedHistory(files: files, name: journal.name)
  }

  /// The journal counted again from every line (`Recount`), its damaged lines warned about as
  /// an index's are.
  static func recount(_ journal: Journal, strict: Bool, _ context: Context, quiet: Bool = false) throws(CLIError)
    -> Recount
  {
    let recount: Recount
    do {
      recount = try Recount(files: journal.files.map(journal.file))
    } catch {
      throw .failure("cannot read the journal \(journal.name): \(error)")
    }
    for (file, bad) in zip(recount.files, recount.badLines) {
      let place = Place(name: file.path)
      if let first = bad.first, strict { throw strictError(first, place) }
      if quiet { continue }
      for (n, line) in bad.enumerated() { warn(line, n, place, context) }
      warnRest(bad.count, place, context)
    }
    return recount
  }

  /// The journal through its index (brought up to date), after warning about its damaged
  /// lines or, with `strict`, failing on the first.
  static func indexed(
    _ journal: Journal, strict: Bool, _ context: Context, quiet: Bool = false, folder: FolderIndex? = nil,
    seen: FileIdentity? = nil, calendar: LocalCalendar? = nil
  ) throws(CLIError) -> IndexedJournal {
    let indexed: IndexedJournal
    do {
      indexed =
        try folder?.indexed(journal, seen: seen)
        ?? IndexedJournal(journal: journal, cacheFolder: context.paths.cacheDirectory, calendar: calendar)
    } catch {
      throw .failure("cannot read the journal \(journal.path): \(error)")
    }
    let place = Place(name: journal.path)
    if let bad = indexed.badLines.first, strict { throw strictError(bad, place) }
    if quiet { return indexed }
    for (n, bad) in indexed.badLines.enumerated() { warn(bad, n, place, context) }
    warnRest(indexed.badLines.count, place, context)
    return indexed
  }

  /// One wording for a damaged line, whichever way the journal was read.
  /// Damaged lines named one by one; past that, a count (a journal of garbage must not
  /// flood the terminal).
  static let namedDamagedLines = 20

  /// The `n`th damaged line's warning, while there are few.
  private static func warn(_ bad: Journal.BadLine, _ n: Int, _ place: Place, _ context: Context) {
    guard n < namedDamagedLines else { return }
    context.errors.write(
      "pomo: warning: \(place.at(bad.number)): skipped a damaged \(place.unit): \(bad.reason)\n")
  }

  /// Where a damaged line is said to be: the journal's path and its line by default; for a
  /// copy made to read (standard input, pomo's JSON array export), the file as typed and,
  /// for an array, its record's number.
  struct Place {
    var name: String
    var unit = "line"

    /// "FILE:3", or "FILE: record 3".
    func at(_ number: Int) -> String { unit == "line" ? "\(name):\(number)" : "\(name): \(unit) \(number)" }
  }

  /// One line for the damaged lines not named, if any.
  private static func warnRest(_ count: Int, _ place: Place, _ context: Context) {
    guard count > namedDamagedLines else { return }
    context.errors.write(
      "pomo: warning: \(place.name): skipped \(TextLayout.count(count - namedDamagedLines, "more damaged \(place.unit)")) (--strict names the first)\n"
    )
  }

  private static func strictError(_ bad: Journal.BadLine, _ place: Place) -> CLIError {
    .data("\(place.at(bad.number)): damaged \(place.unit): \(bad.reason)")
  }

  static func forEach(
    _ journal: Journal, strict: Bool, finished: Bool = false, _ context: Context, shownAs shown: Place? = nil,
    bad counted: (Journal.BadLine) -> Void = { _ in }, _ body: (JournalEntry, ArraySlice<UInt8>) -> Void
  ) throws(CLIError) {
    let place = shown ?? Place(name: journal.path)
    var firstBad: Journal.BadLine?
    var badCount = 0
    do {
      try journal.forEach(
        finished: finished,
        bad: { line in
          counted(line)
          if firstBad == nil { firstBad = line }
          if !strict { warn(line, badCount, place, context) }
          badCount += 1
        }, body)
    } catch {
      throw .failure("cannot read the journal \(journal.path): \(error)")
    }
    if !strict { warnRest(badCount, place, context) }
    if strict, let bad = firstBad { throw strictError(bad, place) }
  }
}
