import PomoCore
import PomoJournal
import PomoPlatform

/// A cache beside the journal that says, for each run of lines, the earliest and latest
/// instant they touch, so a report reads only the lines that can fall in its range.
///
/// The journal stays the only source of truth: the index is rebuilt whenever it does not
/// match the file (another inode, a shorter file, a changed beginning), and extended with
/// whatever was appended since. Records need not be in time order: every run that overlaps
/// the range is read, wherever it stands, so journals merged from two machines stay right.
@dynamicMemberLookup
package struct JournalIndex {
  package struct Chunk: Equatable, Sendable, BitwiseCopyable {
    package var offset: Int64
    package var length: Int64 = 0
    package var firstLine: Int64
    /// The earliest and the latest instant its sessions touch (infinite without one).
    package var minTime = Double.infinity
    package var maxTime = -Double.infinity
    /// Whether a session of the chunk has a phase an exercise total counts: the report by
    /// exercise reads only these chunks.
    package var exercises: Bool { flags & 1 != 0 }
    /// The chunk's flags as the cache file keeps them (only `exercises` so far), a byte a
    /// cache can check before it is trusted.
    var flags: UInt8 = 0
  }

  /// A line that corrects a session (or a session `pomo add` recorded, which `pomo undo` can
  /// revoke): kept apart from the chunks, since it may move a session anywhere in time.
  ///
  /// A task's line (`task`, under its own id) is kept here too: tasks are few, as corrections
  /// are, and their amendments are corrections.
  ///
  /// Ten words, as the cache file keeps them (`CorrectionTable`): the kind and its flags
  /// share one, checked (`CorrectionTable.isValid`) before any is read.
  package struct CorrectionRef: Equatable, Sendable, BitwiseCopyable {
    package enum Kind: UInt8, Sendable {
      case amend, delete, undo, added, task

      /// Whether it is a correction line (amend, delete or undo) rather than a session or a task.
      package var isCorrection: Bool { self == .amend || self == .delete || self == .undo }
    }
    /// The hash (`FNV1a`) and the id prefix (`JournalIndex.prefix`) of the session concerned.
    package var session: UInt64
    package var sessionPrefix: UInt64
    /// The hash of the line's own id.
    package var id: UInt64
    /// The kind in the low byte, then `changesStatus` and `setsDone`.
    var kindAndFlags: UInt64
    package var at: Double
    /// The span the correction gives the session (NaN when it sets no time).
    package var from: Double
    package var to: Double
    /// Where the line is, to read it.
    package var offset: Int64
    package var length: Int64
    /// When a task's line or amendment sets it done (NaN: open again), when it does (`setsDone`).
    package var done: Double

    package init(
      session: UInt64, sessionPrefix: UInt64, id: UInt64, kind: Kind, at: Double, from: Double, to: Double,
      offset: Int64, length: Int64, changesStatus: Bool = false, setsDone: Bool = false, done: Double = .nan
    ) {
      (self.session, self.sessionPrefix, self.id, self.at, self.from) = (session, sessionPrefix, id, at, from)
      (self.to, self.offset, self.length, self.done) = (to, offset, length, done)
      kindAndFlags = UInt64(kind.rawValue) | (changesStatus ? 0x100 : 0) | (setsDone ? 0x200 : 0)
    }

    package var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: kindAndFlags))! }
    package var changesStatus: Bool { kindAndFlags & 0x100 != 0 }
    /// Whether a task's line or amendment sets when it was done, so tasks can be chosen by it
    /// before any line is read (`History.tasks`).
    package var setsDone: Bool { kindAndFlags & 0x200 != 0 }

    /// Whether it can change which days the session counts on, or whether it counts at all.
    package var movesOrRemoves: Bool {
      switch kind {
      case .amend: !from.isNaN || changesStatus
      case .delete, .undo, .added: true
      case .task: false
      }
    }
  }

  /// The cache file's kind and version (`CacheFile`, `IndexCache`).
  package static let magic: [UInt8] = Array("POMOIDXD".utf8)
  /// Lines per chunk: small enough that a week reads about a hundred lines of a million.
  package static let linesPerChunk = 64

  /// The index's numbers, read and written as its own (`index.idCount`).
  package var numbers = Numbers()
  package subscript<T>(dynamicMember key: WritableKeyPath<Numbers, T>) -> T {
    get { numbers[keyPath: key] }
    set { numbers[keyPath: key] = newValue }
  }

  /// The numbers of the index, saved as they lie in memory (`encoded`) and checked in one
  /// place (`apply`).
  package struct Numbers: Equatable, BitwiseCopyable {
    /// The journal as it was when last indexed (size and times included).
    package var identity = FileIdentity(device: 0, inode: 0, size: 0)
    /// Bytes of the journal covered (always just after a newline).
    package var indexedLength: Int64 = 0
    package var indexedLines: Int64 = 0
    /// Hashes of the first and the last 4 KiB indexed, to notice a journal rewritten in place
    /// and then appended to (an edit that keeps the size shows in `identity`'s times).
    package var headHash: UInt64 = 0
    package var tailHash: UInt64 = 0
    /// Drawn afresh each time the index is built from the start, so what was derived from an
    /// earlier build (the day totals) knows it no longer stands on the same lines.
    package var buildID: UInt64 = 0
    /// How many distinct ids the journal holds; their hashes are kept sorted in a table of
    /// their own (`IndexCache`), read only when lines were appended, to find duplicates.
    package var idCount: Int64 = 0
    /// How many quarter hours (since 1970) hold the start of a completed focus session (what
    /// the streak counts), and the
    /// newest. The sorted list itself is kept in a table of its own (`IndexCache`) and read
    /// only when a streak has to be counted: every zone's midnight falls on a quarter hour, so
    /// it answers "was there a completed focus session on local day D?" for any zone.
    package var quarterCount: Int64 = 0
    package var newestQuarter: Int64 = 0
    /// How many entries the prefix list and the correction table hold.
    package var prefixCount: Int64 = 0
    package var correctionCount: Int64 = 0
  }

  /// Runs of whole lines, in file order. A line too long to be a record belongs to none.
  package var chunks: [Chunk] = []
  /// Damaged lines found while indexing, so every report can warn about them.
  package var badLines: [Journal.BadLine] = []
  /// Lines whose id an earlier line has already: readers skip them, as the first occurrence
  /// wins everywhere (totals, streak, log).
  package var duplicates: [Int64] = []

  /// A session's id prefix and line, for finding a session by a short id.
  package struct PrefixEntry: Equatable, Sendable, Comparable, BitwiseCopyable {
    package var prefix: UInt64
    package var line: Int64
    package static func < (a: PrefixEntry, b: PrefixEntry) -> Bool {
      a.prefix != b.prefix ? a.prefix < b.prefix : a.line < b.line
    }
  }

  /// The first 8 bytes of an id, big-endian, zero-padded: ids that share a prefix are neighbours.
  package static func prefix(_ id: some Collection<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    for (k, byte) in id.prefix(8).enumerated() { value |= UInt64(byte) << (56 - 8 * UInt64(k)) }
    return value
  }

  /// The prefixes of every id that starts with `text` (which may be longer than 8 bytes).
  package static func prefixRange(_ text: String) -> ClosedRange<UInt64> {
    let bytes = Array(text.utf8.prefix(8))
    let low = prefix(bytes)
    let free = 8 * (8 - bytes.count)
    let high = free >= 64 ? UInt64.max : low | ((1 << UInt64(free)) - 1)
    return low...high
  }

  /// A sortable key of a quarter hour and a session: the quarter in the high half (shifted
  /// so earlier quarters sort first, before 1970 too), the low 32 bits of the id hash below.
  package static func quarterKey(_ quarter: Int32, _ session: UInt64) -> UInt64 {
    UInt64(UInt32(bitPattern: quarter) ^ 0x8000_0000) << 32 | (session & 0xFFFF_FFFF)
  }

  package static func quarter(ofKey key: UInt64) -> Int32 {
    Int32(bitPattern: UInt32(truncatingIfNeeded: key >> 32) ^ 0x8000_0000)
  }
  /// The tags of the journal's sessions and corrections (damaged lines aside), with how many
  /// lines carry each: the tag list shell completion offers.
  package var tags: [String: Int64] = [:]
  /// The tags found by the last `update` (counted in `tags` too), not yet saved.
  package var newTags: [String: Int64] = [:]
  /// What the lines the last `update` read add to the lists kept beside the index, not yet
  /// taken into them nor saved.
  package var added = IndexAdditions()
  /// What the lines add to the day totals, when the last `update` built the index from the
  /// first line in a calendar (`FileCredits`); never saved.
  package var credits: FileCredits?

  package init() {}

  // MARK: - Building

  /// Brings the index up to date with `file`, reading only what was appended since.
  /// `isKnown` says whether an id (its hash) is already indexed; it is asked only when lines
  /// were appended to an index that had some, so an append does not load every id. Returns
  /// whether anything changed; what the lines added to the lists is left in `added`, for
  /// the cache to save.
  ///
  /// Only whole lines are indexed: a last line without its newline may be a record being
  /// appended right now, so it is neither counted nor reported until its newline arrives.
  /// The lines appended while this runs are left to the next run, so the index is always a
  /// prefix of the journal, as some moment saw it.
  /// `seen` is the file as it was just found (when it was opened), to save asking again.
  /// A build from the first line with a `calendar` credits the day totals as it reads (`credits`).
  package mutating func update(
    _ file: RandomAccessFile, seen: FileIdentity? = nil, calendar: LocalCalendar? = nil, isKnown: (UInt64) -> Bool
  )
    throws(FileSystemError) -> Bool
  {
    let now: FileIdentity
    if let seen { now = seen } else { now = try file.identity }
    added = IndexAdditions()
    newTags = [:]
    credits = nil
    if now == numbers.identity { return false }
    // Replaced, truncated, or edited in place (same size, yet written since).
    if try Staleness.mustRebuild(
      file, now: now, was: numbers.identity, length: numbers.indexedLength, head: numbers.headHash,
      tail: numbers.tailHash)
    {
      self = JournalIndex()
    }
    numbers.identity = now
    if numbers.indexedLength == 0 { numbers.buildID = UInt64.random(in: 1...UInt64.max) }
    let credited = numbers.indexedLength == 0 ? calendar.map { FileCredits(calendarKey: $0.fingerprint) } : nil
    guard now.size > numbers.indexedLength else {
      credits = credited
      return true
    }
    var run = IndexUpdate(extending: &self, file: file, size: now.size, calendar: calendar, credited: credited)
    try run.read(into: &self, isKnown: isKnown)
    run.finish(&self)
    (numbers.headHash, numbers.tailHash) = try Staleness.hashes(file, length: numbers.indexedLength)
    credits = run.credited
    return true
  }

  /// `a` and `b` (each sorted) as one sorted list.
  package static func merge<T: Comparable>(_ a: [T], _ b: [T]) -> [T] {
    if b.isEmpty { return a }
    if a.isEmpty { return b }
    var result: [T] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      let next: T
      if j >= b.count || (i < a.count && a[i] <= b[j]) {
        next = a[i]
        i += 1
      } else {
        next = b[j]
        j += 1
      }
      result.append(next)
    }
    return result
  }

  /// What the index keeps of one line.
  package enum LineSummary {
    case blank
    case record(
      /// `completed`: whether the session counts for the streak (`JournalRecord.countsForStreak`).
      from: Double, to: Double, completed: Bool, id: UInt64, prefix: UInt64, added: Double?, exercises: Bool)
    case correction(CorrectionRef)
    case bad(String)
  }

  /// What the index keeps of a line, read by the one scanner into `scanned` (reused from line
  /// to line); a session's summary is made with no string built.
  package static func summary(line: UnsafeBufferPointer<UInt8>, scanned: inout ScannedLine) -> LineSummary {
    if isBlank(line) { return .blank }
    do {
      try RecordScanner.scan(line, into: &scanned)
    } catch {
      return .bad(error.message)
    }
    guard scanned.correction == nil, let start = scanned.start else {
      return summary(scanned.entry(in: line, detail: false))
    }
    let (id, prefix) = scanned.id.withUTF8(in: line, decoded: scanned.decoded) { bytes in
      var hash = FNV1a()
      hash.add(bytes)
      return (hash.value, Self.prefix(bytes))
    }
    return .record(
      from: start, to: scanned.sessionEnd, completed: scanned.countsForStreak, id: id, prefix: prefix, added: scanned.added,
      exercises: scanned.countsExercises)
  }

  /// What the index keeps of a line that was read.
  package static func summary(_ entry: JournalEntry) -> LineSummary {
    switch entry {
    case .session(let record):
      let to = max(record.end, record.phases.map(\.end).max() ?? record.end)
      return .record(
        from: record.start, to: to, completed: record.countsForStreak, id: FNV1a.hash(record.id),
        prefix: prefix(record.id.utf8), added: record.added,
        exercises: record.phases.contains(where: ExerciseTotal.counts))
    case .task(let t):
      let id = FNV1a.hash(t.id)
      return .correction(
        CorrectionRef(
          session: id, sessionPrefix: prefix(t.id.utf8), id: id, kind: .task, at: t.at, from: .nan, to: .nan,
          offset: 0, length: 0, setsDone: t.done != nil, done: t.done ?? .nan))
    case .correction(let c):
      let kind: CorrectionRef.Kind =
        switch c.kind {
        case .amend: .amend
        case .delete: .delete
        case .undo: .undo
        }
      let times = [c.changes.start, c.changes.end].compactMap { $0 }
      return .correction(
        CorrectionRef(
          session: FNV1a.hash(c.session), sessionPrefix: prefix(c.session.utf8), id: FNV1a.hash(c.id), kind: kind,
          at: c.at, from: times.min() ?? .nan, to: times.max() ?? .nan, offset: 0, length: 0,
          changesStatus: c.changes.status != nil, setsDone: c.kind == .amend && c.changes.setsDone,
          done: c.changes.done ?? .nan))
    }
  }

  package static func quarter(_ t: Double) -> Int32 {
    Int32(clamping: Int64((t / 900).rounded(.down)))
  }

  package static func isBlank(_ line: some Collection<UInt8>) -> Bool { Journal.isBlank(line) }

  // MARK: - The cache file

  /// How long the index's lists were when it was last saved, so an append saves only what
  /// was added to them (`encoded(since:)`).
  package struct Saved: Equatable {
    var chunks = 0
    var badLines = 0
    var duplicates = 0
  }

  package var saved: Saved { Saved(chunks: chunks.count, badLines: badLines.count, duplicates: duplicates.count) }

  /// The index's numbers, and what was added to its lists since they were `since` long (all
  /// of them when nil). The last chunk saved is always saved again, since an update may have
  /// grown it; `apply` puts the lists back together.
  package func encoded(since: Saved? = nil) -> [UInt8] {
    var out = CacheWriter(magic: [])
    out.put(value: numbers)
    let keep = min(max(0, (since?.chunks ?? 0) - 1), chunks.count)
    out.put(Int64(keep))
    out.put(raw: Array(chunks[keep...]))
    let bad = badLines[min(since?.badLines ?? 0, badLines.count)...]
    out.put(Int64(bad.count))
    for line in bad {
      out.put(Int64(line.number))
      out.put(text: line.reason)
    }
    let repeated = duplicates[min(since?.duplicates ?? 0, duplicates.count)...]
    out.put(raw: Array(repeated))
    let counted = since == nil ? tags : newTags
    out.put(Int64(counted.count))
    for (tag, count) in counted.sorted(by: { $0.key < $1.key }) {
      out.put(count)
      out.put(text: tag)
    }
    return out.bytes
  }

  /// Takes in what `encoded(since:)` saved: the numbers as they were then, and the lists
  /// as they grew. Every number is checked before anything is used: false when any fails,
  /// and the index is then as it was (a damaged cache is rebuilt, never trusted).
  package mutating func apply(encoded bytes: ArraySlice<UInt8>) -> Bool {
    var input = CacheReader(bytes)
    guard let n = input.value(Numbers.self), n.indexedLength >= 0,
      n.indexedLength <= n.identity.size, n.indexedLength >= numbers.indexedLength,
      n.indexedLines >= numbers.indexedLines, numbers.buildID == 0 || n.buildID == numbers.buildID,
      [n.idCount, n.quarterCount, n.prefixCount, n.correctionCount].allSatisfy({ $0 >= 0 && $0 <= n.indexedLines }),
      let keep = input.int(), keep >= 0, keep <= Int64(chunks.count), keep >= Int64(chunks.count) - 1,
      // Room for the chunks of a few appends, so that taking them in does not copy the table.
      let added = input.raw(Chunk.self, roomToGrow: true)
    else { return false }
    let (length, lines) = (n.indexedLength, n.indexedLines)
    var end = keep > 0 ? chunks[Int(keep) - 1].offset + chunks[Int(keep) - 1].length : 0
    for c in added {
      guard c.offset >= end, c.length >= 0, c.offset <= length, c.length <= length - c.offset, c.firstLine >= 1,
        c.firstLine <= lines, !c.minTime.isNaN, !c.maxTime.isNaN, c.flags <= 1
      else { return false }
      end = c.offset + c.length
    }
    guard let badCount = input.int(), badCount >= 0, badCount <= input.remaining / 16 else { return false }
    var bad: [Journal.BadLine] = []
    for _ in 0..<badCount {
      guard let number = input.int(), number >= 1, number <= lines, let reason = input.text() else { return false }
      bad.append(Journal.BadLine(number: Int(number), reason: reason))
    }
    // Lines that repeat an id: each in the journal, after the one before.
    guard let repeated = input.raw(Int64.self) else { return false }
    var last = duplicates.last ?? 0
    for line in repeated {
      guard line > last, line <= lines else { return false }
      last = line
    }
    guard let tagCount = input.int(), tagCount >= 0, tagCount <= input.remaining / 16 else { return false }
    var counted: [(String, Int64)] = []
    for _ in 0..<tagCount {
      guard let count = input.int(), count > 0, count <= lines, let tag = input.text() else { return false }
      counted.append((tag, count))
    }
    guard input.atEnd else { return false }
    // All checked: taken in.
    if Int(keep) < chunks.count { chunks.removeLast(chunks.count - Int(keep)) }
    if chunks.isEmpty { chunks = added } else { chunks += added }
    badLines += bad
    duplicates += repeated
    for (tag, count) in counted { tags[tag, default: 0] += count }
    numbers = n
    return true
  }
}
