import PomoCore
import PomoJournal
import PomoPlatform

/// The day table of a whole history in one calendar, kept in the cache folder beside the
/// indexes and brought up to date with what each file gained since: every session once
/// (the first file's line of an id, as everywhere), as its corrections leave it.
///
/// Most sessions are added as their line says. A session that is corrected, or whose id is
/// in more than one file (a conflict copy, or the same session synced twice), is "special":
/// what it adds is worked out from all its lines, folded, remembered, and taken back and
/// worked out again whenever a line about it arrives. So appends, late imports, corrections
/// and conflict copies cost the lines they bring. A file rebuilt or gone, another zone or
/// day start, or another version of the zone's rules: the table is built again.
///
/// A session with a phase over two days long (`DayCredit.longestKept`) is not in the table;
/// it is listed, and read from the journal by the reports it touches.
package struct DayTotals: Sendable {
  package private(set) var table = DayTable()
  /// Sessions left out of the table, by id hash, with their id prefixes (to find them).
  package private(set) var long: [UInt64: UInt64] = [:]
  /// What each special session adds to the table now, with its id prefix.
  var specials = Specials()

  /// How far each file was read, to know what it gained.
  var marks: [IndexMark] = []
  var calendarKey = ""
  /// How many times these totals were built from nothing (for tests: the rest is incremental).
  package private(set) var builds: Int64 = 0
  /// Whether `table` holds every day and the hours (read in part, it holds what was asked for).
  package private(set) var isWhole = true

  package init() {}

  /// What the lines read since the file was written add (not yet in `table`), in a few
  /// parts applied one after the other (a first build's are put in order on all cores), and
  /// how many lines that was.
  package private(set) var pending: [DayTable.Changes] = []
  private var pendingLines: Int64 = 0

  /// The tables a report adds up: the one from the file, and what came since (when anything did).
  package var tables: [DayTable] {
    guard pending.contains(where: { !$0.isEmpty }) else { return [table] }
    var since = DayTable()
    since.apply(pending)
    return [table, since]
  }

  /// The totals of `history` in `calendar`, up to date: read from `folder`, and written back
  /// when they were built again or more than `writeAfter` lines arrived since they were
  /// written (a cache that cannot be written only costs time).
  ///
  /// A few lines (a session ended, a correction) are read again by each report until then,
  /// instead of rewriting the file (tens of megabytes over a million sessions) each time.
  ///
  /// `journal` names the journal (its folder, or its one file): each journal has one file of
  /// totals, whatever files come and go in its folder.
  ///
  /// Only the pages of the days in `days` (all when nil) are read, and those of the hours only
  /// when `hours` asks for them (a report by hour of day): `table` holds every day of `days`
  /// (and the other days of the pages read), and no hours without them; `tables` adds those
  /// of the lines read since.
  package static func of(
    _ history: IndexedHistory, journal: String, calendar: LocalCalendar, folder: String, days: ClosedRange<Int64>? = nil,
    hours: Bool = true, writeAfter: Int64 = 5000
  ) throws(FileSystemError) -> DayTotals {
    let source = FNV1a.hash(Platform.absolutePath(journal))
    let path = folder + "/totals-" + String(source, radix: 16)
    var totals = DayTotals(path: path, source: source, days: days, hours: hours) ?? DayTotals()
    let rebuilt = try totals.update(history, calendar: calendar)
    // A file cut while it was read (a backup restored over it, `> file`): lines read may be
    // gone, so no answer is made of them; the next run builds again from what is there.
    for file in history.files {
      if let handle = file.openedFile, try handle.identity.size < file.index.indexedLength { throw .changedWhileRead }
    }
    if rebuilt || totals.pendingLines > writeAfter {
      // Written whole: read whole first (once every `writeAfter` lines, when read in part).
      if !totals.isWhole {
        return try of(history, journal: journal, calendar: calendar, folder: folder, writeAfter: writeAfter)
      }
      totals.table.apply(totals.pending)
      totals.pending = []
      totals.pendingLines = 0
      totals.write(to: path, source: source)
    }
    return totals
  }

  // MARK: - Bringing it up to date

  /// Reads what the files gained since the marks into `pending` (and the marks, the special
  /// and the long sessions); returns whether the totals were built from nothing.
  mutating func update(_ history: IndexedHistory, calendar: LocalCalendar) throws(FileSystemError) -> Bool {
    let files = history.files
    let now = files.map(IndexMark.init)
    guard let (before, rebuilt) = start(now, calendar: calendar) else { return false }
    pendingLines = zip(now, before).reduce(0) { $0 + $1.0.lines - $1.1 }
    // Sessions some line arrived about: those corrections touch, ...
    var touched = Self.corrected(in: history, after: before)
    // A first build takes what each file's index credited as its first build read every line
    // in this calendar (`FileCredits`), when every file was so read and no id is in two files:
    // no line is read again. The sessions corrections touch are taken back below.
    let (key, shared) = (calendar.fingerprint, history.sharedIDHashes)
    let fromIndex =
      rebuilt && shared.isEmpty && files.allSatisfy { $0.credits?.calendarKey == key || $0.index.indexedLines == 0 }
    let credited = fromIndex ? creditedByIndexes(files) : []
    // ... and new lines of sessions already special, corrected, or in another file too.
    var read: [DayTable.Changes] = []
    if !fromIndex {
      read = try readLines(of: history, now: now, before: before, shared: shared, calendar: calendar, touched: &touched)
    }
    // What the special sessions add and take away, after what the parts add.
    let changes = try workOut(touched, of: history, before: before, fromIndex: fromIndex, calendar: calendar)
    if specials.damaged {
      // What a special session added could not be read back: count everything again.
      calendarKey = ""
      return try update(history, calendar: calendar)
    }
    pending = credited + read + [changes]
    marks = now
    return rebuilt
  }

  /// How many lines of each file were counted before, and whether the totals start again
  /// (built from nothing, in `calendar`); nil when they are up to date.
  ///
  /// Every file known before must still be there, the same file on the same build of its
  /// index, no shorter (`Staleness.standing`), and the calendar the same: its zone, the bytes
  /// of its rules (a new tzdata) and its day start. Otherwise the totals start again.
  private mutating func start(_ now: [IndexMark], calendar: LocalCalendar) -> (before: [Int64], rebuilt: Bool)? {
    let key = calendar.fingerprint
    switch calendarKey == key ? Staleness.standing(of: marks, on: now) : .stale {
    case .current: return nil
    case .grown(let covered): return (covered, false)
    case .stale:
      let builds = self.builds + 1
      self = DayTotals()
      (self.builds, calendarKey) = (builds, key)
      return ([Int64](repeating: 0, count: now.count), true)
    }
  }

  /// The sessions (id hash and prefix) that corrections beyond the old marks touch, from the
  /// start of the chunk where the marks lie: a session corrected before is only worked out again.
  private static func corrected(in history: IndexedHistory, after before: [Int64]) -> [UInt64: UInt64] {
    let files = history.files
    var touched: [UInt64: UInt64] = [:]
    for (f, table) in history.correctionTables.enumerated() {
      let file = files[f]
      let covered = before[f] == 0 ? -1 : file.chunk(holding: before[f] + 1).map { file.index.chunks[$0].offset } ?? 0
      for k in 0..<table.count {
        let ref = table[k]
        if ref.kind.isCorrection && ref.offset >= covered { touched[ref.session] = ref.sessionPrefix }
      }
    }
    return touched
  }

  /// What each file's index credited as its first build read it (with the long sessions it left out).
  private mutating func creditedByIndexes(_ files: [IndexedJournal]) -> [DayTable.Changes] {
    var credited: [DayTable.Changes] = []
    for file in files {
      guard let credits = file.credits else { continue }
      credited.append(credits.changes)
      long.merge(credits.long) { a, _ in a }
    }
    return credited
  }

  /// What the lines the files gained since `before` add, in a few parts: every session as its
  /// line says, but those already special, corrected, or in another file too (`shared`),
  /// which join `touched`. The parts are read on every core, each with sums, a calendar (whose caches
  /// are its own) and a scanned line of its own.
  private mutating func readLines(
    of history: IndexedHistory, now: [IndexMark], before: [Int64], shared: [UInt64], calendar: LocalCalendar,
    touched: inout [UInt64: UInt64]
  ) throws(FileSystemError) -> [DayTable.Changes] {
    let parts = 8
    struct Part {
      var changes = DayTable.Changes()
      var touched: [UInt64: UInt64] = [:]
      var long: [UInt64: UInt64] = [:]
      var calendar: LocalCalendar
      var scanned = ScannedLine()
    }
    // Each part in a buffer of its own, so what is read is never copied to credit it.
    let results = UnsafeMutableBufferPointer<Part>.allocate(capacity: parts)
    _ = results.initialize(from: (0..<parts).map { _ in Part(calendar: calendar.ownCopy) })
    defer {
      results.deinitialize()
      results.deallocate()
    }
    let (known, special) = (touched, specials)
    func isSpecial(_ hash: UInt64) -> Bool {
      known[hash] != nil || special.contains(hash) || history.isCorrected(hash: hash) || SessionID.contains(shared, hash)
    }
    for (f, file) in history.files.enumerated() where now[f].lines > before[f] {
      try file.linesInParts(after: before[f], parts: parts) { k, line in
        // Read by the one scanner; its summary credited with no string built.
        let part = results.baseAddress! + k
        let scanned = part.pointer(to: \.scanned)!
        guard (try? RecordScanner.scan(line, into: &part.pointee.scanned)) != nil, scanned.pointee.correction == nil
        else { return }
        let (hash, prefix) = scanned.pointee.id.withUTF8(in: line, decoded: scanned.pointee.decoded) { bytes in
          var hash = FNV1a()
          hash.add(bytes)
          return (hash.value, JournalIndex.prefix(bytes))
        }
        if isSpecial(hash) {
          part.pointee.touched[hash] = prefix
        } else if !part.pointee.changes.add(line, scanned: scanned, calendar: part.pointee.calendar) {
          part.pointee.long[hash] = prefix
        }
      }
    }
    for k in 0..<parts {
      touched.merge(results[k].touched) { a, _ in a }
      long.merge(results[k].long) { a, _ in a }
    }
    return (0..<parts).map { results[$0].changes }
  }

  /// What the `touched` sessions take away (what they added until now) and add (their first
  /// line, folded), each remembered as special from now on.
  private mutating func workOut(
    _ touched: [UInt64: UInt64], of history: IndexedHistory, before: [Int64], fromIndex: Bool,
    calendar: LocalCalendar
  ) throws(FileSystemError) -> DayTable.Changes {
    var changes = DayTable.Changes()
    for (hash, prefix) in touched.sorted(by: { $0.key < $1.key }) {
      let copies = try history.copies(of: hash, prefix: prefix)
      // What it added until now: remembered if it was special; else its one line read before,
      // or (a first build from the index) its lines as the index credited them.
      if let special = specials.adds(hash) {
        changes.add(special, sign: -1)
      } else if long[hash] == nil, let old = copies.first(where: { $0.line <= before[$0.file] }) {
        changes.add(old.record, calendar: calendar, sign: -1)
      }
      for copy in copies where fromIndex && !DayCredit.isLong(copy.record) {
        changes.add(copy.record, calendar: calendar, sign: -1)
      }
      // What it adds now: its first line, folded.
      var adds = DayTable.Changes()
      long[hash] = nil
      if let first = copies.first, let folded = try history.fold(first.record) {
        if DayCredit.isLong(folded) { long[hash] = prefix } else { adds.add(folded, calendar: calendar) }
      }
      changes.add(adds)
      specials.set(hash, prefix: prefix, adds: adds)
    }
    return changes
  }
}

// MARK: - The cache file

extension DayTotals {
  /// The cache file's format and version (`CacheFile`).
  static let magic: [UInt8] = Array("POMODAYE".utf8)

  /// Entries a page of the rows, the shares or the hours: a year reads a few pages of each.
  static let pageEntries = 2048

  /// Writes the cache file: a directory block (the calendar, marks, names, the long sessions'
  /// hash and id prefix pairs, the special sessions, and each list's length and the first day
  /// of each of its pages), then the pages of the rows, of the shares and of the hours, a block
  /// each (`CacheFile` checks each), as they lie in memory, on 8-byte boundaries: they are
  /// written where they lie, and a report reads the pages of its days alone, in place.
  func write(to path: String, source: UInt64) {
    var out = CacheWriter(magic: [])
    out.put(Int64(MemoryLayout<DayTable.Row>.stride))
    out.put(Int64(MemoryLayout<DayTable.Share>.stride))
    out.put(Int64(MemoryLayout<DayTable.HourCell>.stride))
    out.put(text: calendarKey)
    out.put(builds)
    IndexMark.put(marks, into: &out)
    Self.put(table.names, into: &out)
    out.put(raw: long.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] })
    specials.encode(into: &out)
    table.withStorage { rows, shares, hours in
      func pages<T: DayTable.Entry>(_ list: UnsafeBufferPointer<T>) -> [UnsafeRawBufferPointer] {
        out.put(Int64(list.count))
        out.put(raw: stride(from: 0, to: list.count, by: Self.pageEntries).map { list[$0].day })
        return stride(from: 0, to: list.count, by: Self.pageEntries).map {
          UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: list[$0..<min($0 + Self.pageEntries, list.count)]))
        }
      }
      let lists = [pages(rows), pages(shares), pages(hours)]
      // Padded to a whole word, so every page lies on one.
      var directory = out.bytes
      directory += [UInt8](repeating: 0, count: (8 - directory.count % 8) % 8)
      directory.withUnsafeBytes { directory in
        var blocks = [(tag: UInt64(0), parts: [directory])]
        for (k, list) in lists.enumerated() { blocks += list.map { (UInt64(2 + k), [$0]) } }
        CacheFile.write(blocks: blocks, to: path, magic: Self.magic, source: source)
      }
    }
  }

  /// Reads the cache file at `path`: its directory, then the pages of the days in `days` (all
  /// when nil), of the hours only when `hours`. Nil when anything fails its checks
  /// (`CacheFile`) or is out of place, or the file is another between two reads (it is built
  /// again). The entries are used where they lie.
  init?(path: String, source: UInt64, days: ClosedRange<Int64>?, hours: Bool) {
    // The header and the directory's length, then the directory.
    guard let head = try? FileSnapshot(path: path, length: CacheFile.headerSize),
      head.bytes.count == CacheFile.headerSize,
      case let length = UInt64(
        littleEndian: head.bytes.loadUnaligned(fromByteOffset: CacheFile.fileHeaderSize + 8, as: UInt64.self)),
      length <= 1 << 30,
      let top = try? FileSnapshot(path: path, length: CacheFile.headerSize + Int(length)),
      top.identity == head.identity, CacheFile.isHeader(top.bytes, kind: Self.magic, source: source),
      let directory = CacheFile.block(in: top.bytes, at: CacheFile.fileHeaderSize, source: source),
      directory.tag == 0, directory.end == top.bytes.count
    else { return nil }
    var input = CacheReader(Array(directory.payload))
    guard input.int() == Int64(MemoryLayout<DayTable.Row>.stride),
      input.int() == Int64(MemoryLayout<DayTable.Share>.stride),
      input.int() == Int64(MemoryLayout<DayTable.HourCell>.stride), let key = input.text(), let builds = input.int(),
      let marks = IndexMark.read(from: &input), let names = Self.names(from: &input),
      let pairs = input.raw(UInt64.self), pairs.count % 2 == 0, let specials = Specials(&input)
    else { return nil }
    // Each list's pages follow the directory, one after the other.
    var files: [FileSnapshot] = []
    var next = top.bytes.count
    func pages<T: DayTable.Entry>(_: T.Type, tag: UInt64, read: Bool) -> [UnsafeBufferPointer<T>]? {
      let stride = MemoryLayout<T>.stride
      guard let count = input.int(), count >= 0, count <= Int64(Int32.max), let firsts = input.raw(Int64.self),
        firsts.count == (Int(count) + Self.pageEntries - 1) / Self.pageEntries
      else { return nil }
      let sizes = firsts.indices.map { min(Self.pageEntries, Int(count) - $0 * Self.pageEntries) }
      let starts = sizes.reduce(into: [next]) { $0.append($0.last! + CacheFile.blockHeaderSize + $1 * stride) }
      next = starts.last!
      // The pages that can hold a day of `days`: a day's entries may begin on the page before.
      let low = days.map { d in firsts.indices.first { $0 + 1 == firsts.count || firsts[$0 + 1] >= d.lowerBound } }
      let high = days.map { d in firsts.indices.last { firsts[$0] <= d.upperBound } }
      guard read, let from = low ?? firsts.indices.first, let to = high ?? firsts.indices.last, from <= to else {
        return []
      }
      guard
        let part = try? FileSnapshot(path: path, offset: starts[from], length: starts[to + 1] - starts[from]),
        part.identity == head.identity, part.bytes.count == starts[to + 1] - starts[from]
      else { return nil }
      files.append(part)
      var found: [UnsafeBufferPointer<T>] = []
      for k in from...to {
        guard
          let block = CacheFile.block(
            in: part.bytes, at: starts[k] - starts[from], base: Int64(starts[from]), source: source),
          block.tag == tag, block.payload.count == sizes[k] * stride, let base = block.payload.baseAddress,
          Int(bitPattern: base) % 8 == 0
        else { return nil }
        let entries = UnsafeBufferPointer(start: base.assumingMemoryBound(to: T.self), count: sizes[k])
        guard entries.first?.day == firsts[k] else { return nil }
        found.append(entries)
      }
      return found
    }
    guard let rows = pages(DayTable.Row.self, tag: 2, read: true),
      let shares = pages(DayTable.Share.self, tag: 3, read: true),
      let cells = pages(DayTable.HourCell.self, tag: 4, read: hours),
      input.remaining < 8,  // Only the padding to a whole word is left,
      Int64(next) == head.identity.size  // and nothing follows the last page.
    else { return nil }
    (calendarKey, self.builds, self.marks, self.specials) = (key, builds, marks, specials)
    isWhole = days == nil && hours
    for k in stride(from: 0, to: pairs.count, by: 2) { long[pairs[k]] = pairs[k + 1] }
    table = DayTable(files: files, rows: rows, shares: shares, hours: cells, names: names)
  }

  /// Writes names (with `names(from:)`, of the table and of each special session).
  static func put(_ names: [DayTable.Name], into out: inout CacheWriter) {
    out.put(Int64(names.count))
    for name in names {
      out.put(UInt64(name.kind.rawValue))
      out.put(text: name.text)
    }
  }

  static func names(from input: inout CacheReader) -> [DayTable.Name]? {
    guard let count = input.int(), count >= 0, count <= input.remaining / 16 else { return nil }
    var names: [DayTable.Name] = []
    for _ in 0..<count {
      guard let kind = input.word().flatMap({ DayTable.Name.Kind(rawValue: UInt8(truncatingIfNeeded: $0)) }),
        let text = input.text()
      else { return nil }
      names.append(DayTable.Name(kind: kind, text: text))
    }
    return names
  }

  /// The sessions left out of the table, folded (a deleted one is not there).
  package func longSessions(of history: IndexedHistory) throws(FileSystemError) -> [JournalRecord] {
    var result: [JournalRecord] = []
    for (hash, prefix) in long.sorted(by: { $0.key < $1.key }) {
      if let first = try history.copies(of: hash, prefix: prefix).first, let folded = try history.fold(first.record) {
        result.append(folded)
      }
    }
    return result
  }
}
