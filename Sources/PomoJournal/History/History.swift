import PomoCore
import PomoPlatform

/// The sessions of one or more journal files, read through their indexes and folded
/// (`Fold`): the only way commands read history.
///
/// Reading a span of time costs the chunks that touch it, plus the chunks of sessions that
/// corrections moved into it, plus the few correction lines of the sessions read: the index
/// keeps every correction's place and the span it gives its session, so a report never
/// misses a session moved into its range, nor counts one moved out of it.
public final class History {
  public let files: [IndexedJournal]
  /// Each file's corrections and added sessions, sorted by session.
  private let tables: [CorrectionTable]
  /// Corrections that move a session in time, change its status or remove it.
  private let movingRefs: [JournalIndex.CorrectionRef]

  public init(files: [IndexedJournal]) {
    self.files = files
    tables = files.map(\.corrections)
    var moving: [JournalIndex.CorrectionRef] = []
    for table in tables {
      for k in 0..<table.count {
        let ref = table[k]
        if ref.movesOrRemoves { moving.append(ref) }
      }
    }
    movingRefs = moving
    corrected = tables.contains { $0.count > 0 }
  }

  /// The hashes of the ids more than one file holds (a conflict copy, a session synced
  /// twice), sorted: usually none, so a span over several files rarely looks further. Worked
  /// out from the files' id tables, and remembered beside the first file's index while they
  /// stand as they were (`Staleness.standing`).
  private lazy var sharedIDs: [UInt64] = {
    guard files.count > 1 else { return [] }
    // Without caches (`--no-cache`) the ids are merged and nothing is kept.
    let path = files.first?.cacheBase.map { $0 + ".shared" }
    let magic = Array("POMOSHR3".utf8)
    let source = FNV1a.hash(path ?? "")
    let now = files.map(IndexMark.init)
    if let path, let bytes = CacheFile.read(path, magic: magic, source: source),
      var input = CacheReader(bytes, magic: []), let marks = IndexMark.read(from: &input),
      Staleness.standing(of: marks, on: now) == .current, let shared = input.raw(UInt64.self, zero: 0), input.atEnd
    {
      return shared
    }
    // Each file's ids are sorted and distinct: merge them one by one, keeping those met twice.
    var all: [UInt64] = []
    var shared: [UInt64] = []
    for file in files {
      let ids = file.ids()
      var i = 0
      for id in ids {
        while i < all.count && all[i] < id { i += 1 }
        if i < all.count && all[i] == id { shared.append(id) }
      }
      all = JournalIndex.merge(all, ids)
    }
    shared = JournalIndex.mergeUnique(shared.sorted(), [])
    var out = CacheWriter(magic: [])
    IndexMark.put(now, into: &out)
    out.put(raw: shared)
    if let path { CacheFile.write(out.bytes, to: path, magic: magic, source: source) }
    return shared
  }()

  /// Whether more than one file holds a line with this id.
  private func isShared(_ id: String) -> Bool { Self.contains(sharedIDs, FNV1a.hash(id)) }

  /// The ids more than one file holds (see `sharedIDs`), worked out now if need be: read it
  /// before handing work to other threads.
  package var sharedIDHashes: [UInt64] { sharedIDs }

  /// Whether sorted `hashes` holds `hash`.
  package static func contains(_ hashes: [UInt64], _ hash: UInt64) -> Bool {
    let k = SortedSearch.firstIndex(in: hashes, notBelow: hash)
    return k < hashes.count && hashes[k] == hash
  }

  /// Whether any file holds a correction or an added session: without, nothing is folded.
  private let corrected: Bool

  /// Every correction (and added session) of every file, with its file.
  private var refs: [(file: Int, ref: JournalIndex.CorrectionRef)] {
    tables.enumerated().flatMap { f, table in table.all.map { (f, $0) } }
  }

  /// How many corrections (and added sessions) the history holds.
  public var correctionCount: Int { tables.reduce(0) { $0 + $1.count } }

  /// The corrections (not the additions) of the session with this id hash, with their files.
  private func entries(of session: UInt64) -> [(file: Int, ref: JournalIndex.CorrectionRef)] {
    var result: [(file: Int, ref: JournalIndex.CorrectionRef)] = []
    for (f, table) in tables.enumerated() {
      for k in table.range(session: session) where table[k].kind != .added { result.append((f, table[k])) }
    }
    return result
  }

  /// The earliest instant any session touches, for walking back in time.
  public var earliest: Double {
    let moved = movingRefs.map(\.from).filter { !$0.isNaN }.min() ?? .infinity
    return min(files.map(\.earliest).min() ?? .infinity, moved)
  }

  // MARK: - Folding

  /// The corrections of a session, read from their lines.
  private func corrections(of id: String) throws(FileSystemError) -> [Correction] {
    var result: [Correction] = []
    for (f, ref) in entries(of: FNV1a.hash(id)) {
      let bytes = try files[f].read(offset: ref.offset, length: ref.length)
      if case .correction(let c)? = try? JournalEntry(line: bytes[...]), c.session == id { result.append(c) }
    }
    return result
  }

  /// A session as it now stands: nil when it was deleted.
  public func fold(_ record: JournalRecord) throws(FileSystemError) -> JournalRecord? {
    guard corrected, isCorrected(record.id) else { return record }
    return Fold.apply(record, try corrections(of: record.id))
  }

  /// Whether a session has corrections (so its line no longer says all).
  public func isCorrected(_ id: String) -> Bool {
    isCorrected(hash: FNV1a.hash(id))
  }

  /// The same, for the id with this hash.
  package func isCorrected(hash: UInt64) -> Bool {
    tables.contains { table in table.range(session: hash).contains { table[$0].kind != .added } }
  }

  // MARK: - Finding lines

  /// The chunks (file, chunk) that may hold the session with this id hash and prefix.
  private func locate(prefix: UInt64) -> [(file: Int, chunk: Int)] {
    var result: [(file: Int, chunk: Int)] = []
    for (f, file) in files.enumerated() {
      for line in file.lines(withPrefix: prefix) {
        if let chunk = file.chunk(holding: line) { result.append((f, chunk)) }
      }
    }
    return result
  }

  /// Each file's correction table.
  package var correctionTables: [CorrectionTable] { tables }

  /// The lines of the session with this id hash, as recorded (not folded), in file order,
  /// each with its file and line number; lines that repeat an id within a file are left out.
  package func copies(of hash: UInt64, prefix: UInt64, detail: Bool = false) throws(FileSystemError) -> [(
    file: Int, line: Int64, record: JournalRecord
  )] {
    var result: [(file: Int, line: Int64, record: JournalRecord)] = []
    var read = Set<Int64>()
    for place in locate(prefix: prefix) where read.insert(Int64(place.file) << 32 | Int64(place.chunk)).inserted {
      let file = files[place.file]
      let bytes = try file.read(chunk: place.chunk)
      for item in IndexedJournal.records(
        in: bytes, chunk: file.index.chunks[place.chunk], duplicates: file.index.duplicates, detail: detail)
      where FNV1a.hash(item.record.id) == hash {
        result.append((place.file, item.line, item.record))
      }
    }
    return result.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
  }

  /// The chunks of each file to read for `from...to`, moved sessions included; with
  /// `exercises`, only those holding a session with a phase an exercise total counts.
  private func chunks(overlapping from: Double, _ to: Double, exercises: Bool = false) -> [[Int]] {
    var selected = files.map { file in
      file.index.chunks.indices.filter {
        let chunk = file.index.chunks[$0]
        return chunk.maxTime >= from && chunk.minTime <= to && (chunk.exercises || !exercises)
      }
    }
    var extra = false
    for ref in movingRefs {
      guard !ref.from.isNaN, ref.to >= from, ref.from <= to else { continue }
      for place in locate(prefix: ref.sessionPrefix)
      where files[place.file].index.chunks[place.chunk].exercises || !exercises {
        selected[place.file].append(place.chunk)
        extra = true
      }
    }
    return extra ? selected.map { Array(Set($0)).sorted() } : selected
  }

  /// Every session that may touch `from...to` (and possibly some that do not: callers
  /// filter), folded, each id once; files in order, each in journal order. With `exercises`,
  /// only the chunks whose sessions count exercises are read (the index marks them), so a
  /// report by exercise over years without any reads nothing.
  public func records(
    overlapping from: Double, _ to: Double, detail: Bool = false, exercises: Bool = false,
    _ body: (JournalRecord) -> Void
  ) throws(FileSystemError) {
    try read(chunks(overlapping: from, to, exercises: exercises), detail: detail, body)
  }

  /// Every session, folded.
  /// `detail` reads what reports leave out: names, notes, hosts, preset files.
  public func all(detail: Bool = false, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try read(files.map { Array($0.index.chunks.indices) }, detail: detail, body)
  }

  private func read(_ selected: [[Int]], detail: Bool = false, _ body: (JournalRecord) -> Void) throws(FileSystemError)
  {
    var seen = Set<UInt64>()
    let several = files.count > 1
    var failure: FileSystemError?
    let total = selected.reduce(0) { $0 + $1.count }
    if several && total > 1 && total <= 512 {
      // A span over several files (a week in a folder of machines): all their chunks are
      // decoded at once on every core, then handed on in file order.
      let pairs = selected.enumerated().flatMap { f, chunks in chunks.map { (f, $0) } }
      let decoded = try decode(pairs, detail: detail)
      for (k, records) in decoded.enumerated() {
        for record in records where seen.insert(FNV1a.hash(record.id)).inserted {
          if try heldBefore(record.id, pairs[k].0) { continue }
          if let folded = try fold(record) { body(folded) }
        }
      }
      return
    }
    for (f, file) in files.enumerated() {
      try file.records(in: selected[f].map { file.index.chunks[$0] }, detail: detail) { record in
        guard failure == nil else { return }
        if several && !seen.insert(FNV1a.hash(record.id)).inserted { return }
        // Held by an earlier file as well, but not read from it: that line (outside the span)
        // is the session, not this one.
        do {
          if several, try heldBefore(record.id, f) { return }
        } catch {
          failure = error as? FileSystemError
          return
        }
        do {
          if let folded = try fold(record) { body(folded) }
        } catch {
          failure = error as? FileSystemError
        }
      }
    }
    if let failure { throw failure }
  }

  /// Whether a file before `file` has a line with this id (a session in several files is the
  /// first file's, as everywhere). A binary search of each earlier file's id prefixes; a line
  /// is read only when a prefix matches.
  private func heldBefore(_ id: String, _ file: Int) throws(FileSystemError) -> Bool {
    guard file > 0, isShared(id) else { return false }
    let prefix = JournalIndex.prefix(id.utf8)
    for f in 0..<file {
      for line in files[f].lines(withPrefix: prefix) {
        guard let k = files[f].chunk(holding: line) else { continue }
        let bytes = try files[f].read(chunk: k)
        for item in IndexedJournal.records(
          in: bytes, chunk: files[f].index.chunks[k], duplicates: files[f].index.duplicates)
        where item.line == line && item.record.id == id {
          return true
        }
      }
    }
    return false
  }

  /// The records of (file, chunk) pairs, decoded in parallel; the results keep their order.
  private func decode(_ pairs: [(Int, Int)], detail: Bool) throws(FileSystemError) -> [[JournalRecord]] {
    nonisolated(unsafe) let sources = files
    return try Parallel.tryMap(pairs.count, empty: []) { k throws(FileSystemError) in
      let file = sources[pairs[k].0]
      let c = pairs[k].1
      let bytes = try file.read(chunk: c)
      return IndexedJournal.records(
        in: bytes, chunk: file.index.chunks[c], duplicates: file.index.duplicates, detail: detail
      ).map(\.record)
    }
  }

  // MARK: - The newest sessions

  /// The `limit` sessions that started last, folded, newest first (the earlier line first
  /// when two start at the same instant).
  ///
  /// Chunks are read newest first by the latest instant they touch (a correction that moves
  /// a session counts as a chunk at the instant it moves it to), and reading stops when the
  /// next cannot hold a session newer than the `limit` found.
  /// `detail: false` leaves out what a table of sessions does not show (notes, hosts, the
  /// phases' names), as reports do.
  public func newest(_ limit: Int, detail: Bool = true) throws(FileSystemError) -> [JournalRecord] {
    var found = try latest(limit, records: true, lines: false, detail: detail)
    // Every record is built (`records: true`), so each has one; moved out, not copied.
    return found.indices.map { found[$0].record.take()! }
  }

  /// The same sessions as `pomo log --json` prints them: a line as the journal holds it, or
  /// a session a correction changed as it now stands. Of a line printed as it stands only the
  /// start and the id are kept (the scanner still checks it whole): no record is built.
  public func newestLines(_ limit: Int) throws(FileSystemError) -> [NewestSession] {
    var found = try latest(limit, records: false, lines: true, detail: true)
    return found.indices.map { k in
      // A session without its line is one a correction changed, and has its record.
      if let line = found[k].line.take() { .line(line) } else { .corrected(found[k].record.take()!) }
    }
  }

  /// What `newest` and `newestLines` find: each session's record when `records` (else only
  /// when a correction changed it) and its line when `lines` and no correction changed it.
  private func latest(_ limit: Int, records: Bool, lines: Bool, detail: Bool) throws(FileSystemError) -> [(
    record: JournalRecord?, line: [UInt8]?
  )] {
    guard limit > 0 else { return [] }
    enum Source {
      case chunk(Int, Int)
      case moved(UInt64)
    }
    var sources: [(time: Double, order: Int, source: Source)] = []
    var order = 0
    for (f, file) in files.enumerated() {
      for (k, chunk) in file.index.chunks.enumerated() {
        sources.append((chunk.maxTime, order, .chunk(f, k)))
        order += 1
      }
    }
    for ref in movingRefs where !ref.from.isNaN {
      sources.append((ref.to, order, .moved(ref.sessionPrefix)))
      order += 1
    }
    sources.sort { $0.time != $1.time ? $0.time > $1.time : $0.order > $1.order }
    var starts = MinHeap()
    // Where each session found is (plain values, quick to sort), then what is kept of it.
    var found: [(start: Double, file: Int, number: Int64)] = []
    var kept: [(id: String?, record: JournalRecord?, line: [UInt8]?)] = []
    var read = Set<Int64>()
    // The ids met, by their hashes, as the index tells ids apart.
    var seen = Set<UInt64>()
    let several = files.count > 1
    var scanned = ScannedLine()
    scanned.keepsPhases = records
    var bytes: [UInt8] = []
    func take(_ f: Int, _ k: Int) throws(FileSystemError) {
      guard read.insert(Int64(f) << 32 | Int64(k)).inserted else { return }
      let file = files[f]
      try file.read(chunk: k, into: &bytes)
      try bytes.withUnsafeBufferPointer { (buffer) throws(FileSystemError) in
        try IndexedJournal.forEachLine(in: buffer, chunk: file.index.chunks[k], duplicates: file.index.duplicates) {
          (number, line) throws(FileSystemError) in
          // A damaged line, or a correction, is no session.
          guard (try? RecordScanner.scan(line, into: &scanned)) != nil, scanned.correction == nil,
            var start = scanned.start
          else { return }
          let hash = scanned.withUTF8(scanned.id, in: line) { bytes in
            var hash = FNV1a()
            hash.add(bytes)
            return hash.value
          }
          guard seen.insert(hash).inserted else { return }
          let changed = self.corrected && isCorrected(hash: hash)
          var record: JournalRecord?
          if records || changed {
            // Built from the scan when it kept the phases; else read again whole.
            let entry =
              scanned.keepsPhases
              ? scanned.entry(in: line, detail: detail) : (try? RecordScanner.decodeEntry(line, detail: detail))
            guard case .session(let session)? = entry, let folded = try fold(session) else { return }
            record = folded
            start = folded.start
          }
          if starts.count == limit {
            guard start >= starts.minimum else { return }
            starts.removeMinimum()
          }
          starts.insert(start)
          found.append((start, f, number))
          kept.append((several ? scanned.string(scanned.id, in: line) : nil, record, lines && !changed ? Array(line) : nil))
        }
      }
    }
    for item in sources {
      if starts.count == limit, item.time < starts.minimum { break }
      switch item.source {
      case .chunk(let f, let k): try take(f, k)
      case .moved(let prefix):
        for place in locate(prefix: prefix) { try take(place.file, place.chunk) }
      }
    }
    // A session in several files (a conflict copy, say) is the one of the first file, as
    // everywhere: one found in a later file is looked up in the files before it.
    if several {
      for k in found.indices where found[k].file > 0 {
        if let id = kept[k].id, let earlier = try first(id, before: found[k].file) {
          found[k] = (earlier.record.start, earlier.file, earlier.number)
          kept[k] = (id, earlier.record, lines && !isCorrected(earlier.record.id) ? earlier.line : nil)
        }
      }
    }
    let sorted = found.indices.sorted { a, b in
      found[a].start != found[b].start
        ? found[a].start > found[b].start : (found[a].file, found[a].number) < (found[b].file, found[b].number)
    }
    // Moved out, not copied: a record holds many strings.
    return sorted.prefix(limit).map { (kept[$0].record.take(), kept[$0].line.take()) }
  }

  /// The session with this id in a file before `file`, folded, if one holds it.
  private func first(_ id: String, before file: Int) throws(FileSystemError) -> (
    record: JournalRecord, number: Int64, file: Int, line: [UInt8]
  )? {
    guard isShared(id) else { return nil }
    let prefix = JournalIndex.prefix(id.utf8)
    for f in 0..<file {
      for line in files[f].lines(withPrefix: prefix) {
        guard let k = files[f].chunk(holding: line) else { continue }
        let bytes = try files[f].read(chunk: k)
        let chunk = files[f].index.chunks[k]
        for item in IndexedJournal.records(in: bytes, chunk: chunk, duplicates: files[f].index.duplicates, detail: true)
        where item.line == line && item.record.id == id {
          guard let folded = try fold(item.record) else { return nil }
          return (folded, item.line, f, Array(item.bytes))
        }
      }
    }
    return nil
  }

  // MARK: - Finding a session by id

  public enum LookupError: Error, Equatable, CustomStringConvertible {
    case empty
    case unknown(String)
    case deleted(String)
    case ambiguous(String, [JournalRecord], more: Bool)
    /// A prefix shorter than `History.shortestPrefix` that is not a whole id.
    case tooShort(String)

    /// An id as a message shows it: at most 40 characters.
    static func shortened(_ id: String) -> String { id.count > 40 ? String(id.prefix(40)) + "..." : id }

    public var description: String {
      switch self {
      case .empty: "no sessions recorded yet"
      case .unknown(let id):
        "no session has an id starting with '\(TextLayout.inert(Self.shortened(id)))' (see 'pomo log')"
      case .deleted(let id):
        "the session \(TextLayout.inert(id)) was deleted ('pomo undo' brings back the latest deletion)"
      case .ambiguous(let id, let candidates, let more):
        "'\(TextLayout.inert(Self.shortened(id)))' matches \(more ? "more than " : "")\(TextLayout.count(candidates.count, "session")): "
          + candidates.map { "\(String($0.id.prefix(8))) (\(TextLayout.inert($0.preset)))" }.joined(separator: ", ")
          + "; give more of the id"
      case .tooShort(let id):
        "'\(TextLayout.inert(Self.shortened(id)))' is too short to name a session: give at least \(History.shortestPrefix) characters of its id (see 'pomo log'), or last"
      }
    }
  }

  /// The fewest characters of an id that name a session, as git asks of an abbreviated
  /// commit: a slip of one key (`pomo edit 5`) must not pick a session at random.
  public static let shortestPrefix = 4

  /// Whether `text` is too short to be taken as a prefix (`last` and a whole short id still are).
  public static func isTooShort(_ text: String) -> Bool { text != "last" && text.count < shortestPrefix }

  /// The session an id names: `last` (the latest), a whole id, or any unique prefix of at
  /// least `shortestPrefix` characters.
  public func find(_ text: String) throws(LookupError) -> JournalRecord {
    if Self.isTooShort(text) {
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

  private func findPrefix(_ text: String) throws(LookupError) -> JournalRecord {
    // Ids are written in lowercase; a prefix typed in capitals means the same.
    do {
      return try find(exactly: text)
    } catch .unknown(let given) where text.lowercased() != text {
      do { return try find(exactly: text.lowercased()) } catch .unknown { throw .unknown(given) }
    }
  }

  private func find(exactly text: String) throws(LookupError) -> JournalRecord {
    if text == "last" {
      guard let latest = try? newest(1).first else { throw .empty }
      return latest
    }
    guard !text.isEmpty else { throw .unknown(text) }
    let range = JournalIndex.prefixRange(text)
    var live: [String: JournalRecord] = [:]
    var deleted: [String] = []
    var matched = Set<String>()
    let most = 10
    outer: for file in files {
      let prefixes = file.loadPrefixes()
      var k = SortedSearch.firstIndex(in: prefixes, notBelow: .init(prefix: range.lowerBound, line: 0))
      // The lines wanted, by chunk, so each chunk is read once.
      var wanted: [Int: Set<Int64>] = [:]
      while k < prefixes.count && prefixes[k].prefix <= range.upperBound {
        if let chunk = file.chunk(holding: prefixes[k].line) { wanted[chunk, default: []].insert(prefixes[k].line) }
        k += 1
      }
      for chunk in wanted.keys.sorted() {
        guard let bytes = try? file.read(chunk: chunk) else { continue }
        for item in IndexedJournal.records(
          in: bytes, chunk: file.index.chunks[chunk], duplicates: file.index.duplicates, detail: true)
        where wanted[chunk]!.contains(item.line) && item.record.id.hasPrefix(text) {
          guard matched.insert(item.record.id).inserted else { continue }
          let folded: JournalRecord?
          do {
            folded = try fold(item.record)
          } catch {
            continue
          }
          if let folded { live[folded.id] = folded } else { deleted.append(item.record.id) }
          if live.count > most { break outer }
        }
      }
    }
    if live.count == 1, let only = live.values.first { return only }
    if live.count > 1 {
      let sorted = live.values.sorted { $0.start != $1.start ? $0.start > $1.start : $0.id < $1.id }
      throw .ambiguous(text, Array(sorted.prefix(most)), more: live.count > most)
    }
    if let first = deleted.first { throw .deleted(first) }
    throw .unknown(text)
  }

  // MARK: - Undo

  /// The latest correction or added session that no undo has revoked yet, as its own id,
  /// the session it concerns and what it was; nil when there is none.
  public func latestRevocable() throws(FileSystemError) -> (
    id: String, session: String, kind: JournalIndex.CorrectionRef.Kind, at: Double
  )? {
    // The undos are few: read them for what they revoke. The rest are known by their hashes,
    // so only the latest ones' lines are read.
    var revoked = Set<UInt64>()
    let refs = self.refs
    for (f, ref) in refs where ref.kind == .undo {
      let bytes = try files[f].read(offset: ref.offset, length: ref.length)
      if case .correction(let c)? = try? JournalEntry(line: bytes[...]) { revoked.insert(FNV1a.hash(c.target)) }
    }
    let live = refs.filter { $0.ref.kind != .undo && !revoked.contains($0.ref.id) }
    guard let latestAt = live.map(\.ref.at).max() else { return nil }
    var best: (id: String, session: String, kind: JournalIndex.CorrectionRef.Kind, at: Double)?
    for (f, ref) in live where ref.at == latestAt {
      let bytes = try files[f].read(offset: ref.offset, length: ref.length)
      let found: (id: String, session: String)?
      switch try? JournalEntry(line: bytes[...]) {
      case .correction(let c)?: found = (c.id, c.session)
      case .session(let record)?: found = (record.id, record.id)
      case nil: found = nil
      }
      // The same time: the greater id is the later, as the fold orders them.
      if let found, best == nil || found.id > best!.id { best = (found.id, found.session, ref.kind, ref.at) }
    }
    return best
  }

  // MARK: - Streak

  /// The current streak of days with a completed session, in `calendar`'s days, ending
  /// today (or yesterday while today has none).
  ///
  /// The index answers "was there a completed session on day D?" from the quarter hours of
  /// completed sessions; a day where a correction may have moved, deleted or re-statused a
  /// session is read and folded instead. The run of days is remembered beside the index and
  /// counted again only when completed sessions or corrections change.
  public func streak(today: Int64, calendar: LocalCalendar) -> Int {
    // What corrections may have changed, worked out only when the days must be read.
    var suspect: (sessions: Set<UInt32>, days: Set<Int64>)?
    func suspects() -> (sessions: Set<UInt32>, days: Set<Int64>) {
      if let suspect { return suspect }
      var days = Set<Int64>()
      for ref in movingRefs where !ref.from.isNaN {
        let first = calendar.day(of: ref.from)
        let last = calendar.day(of: ref.to)
        for day in first...max(first, min(last, first + 31)) { days.insert(day) }
      }
      let found = (Set(movingRefs.map { UInt32(truncatingIfNeeded: $0.session) }), days)
      suspect = found
      return found
    }
    let completedOn = { (day: Int64) -> Bool in
      let from = calendar.start(of: day)
      let to = calendar.start(of: day + 1)
      if self.movingRefs.isEmpty {
        return self.files.contains { !$0.completedKeys(from: from, to: to).isEmpty }
      }
      let (sessions, days) = suspects()
      var doubtful = days.contains(day)
      for file in self.files {
        for key in file.completedKeys(from: from, to: to) {
          if !sessions.contains(UInt32(truncatingIfNeeded: key)) { return true }
          doubtful = true
        }
      }
      guard doubtful else { return false }
      var found = false
      try? self.records(overlapping: from, to) { record in
        if record.status == .completed && calendar.day(of: record.start) == day { found = true }
      }
      return found
    }
    let quarterCount = files.reduce(Int64(0)) { $0 + $1.index.quarterCount }
    guard quarterCount > 0 || !movingRefs.isEmpty, let base = files.first?.cacheBase else {
      return Streak.length(today: today, completedOn: completedOn)
    }
    // The run is counted back from today, or from the newest day that can hold a completed
    // session when that is earlier, and remembered for that day: a journal whose corrections
    // moved sessions into the future costs one walk a day, not one a run.
    let newest = files.map(\.index.newestQuarter).max() ?? 0
    let newestMoved = movingRefs.map(\.to).filter { !$0.isNaN }.max() ?? -.infinity
    let newestDay = max(
      calendar.day(of: Double(newest) * CachedZone.quarter),
      newestMoved.isFinite ? calendar.day(of: newestMoved) : Int64.min)
    let start = min(newestDay, today)
    let path = base + ".streak"
    // Remembered with what it stands on (`Staleness.standing`): while no index was built
    // again, no correction arrived and the calendar is the same, sessions were only added, so
    // the run remembered is still a run and only days beyond it need a look.
    let now = files.map(IndexMark.init)
    let fingerprint = calendar.fingerprint
    var last: Int64
    var first: Int64
    var known: ClosedRange<Int64>?
    let magic = Array("POMOSTK3".utf8)
    let source = FNV1a.hash(base)
    if let bytes = CacheFile.read(path, magic: magic, source: source), var input = CacheReader(bytes, magic: []),
      let marks = IndexMark.read(from: &input), input.text() == fingerprint,
      input.int() == Int64(correctionCount), let before = input.int(), let end = input.int(), let begin = input.int(),
      input.atEnd, begin <= end, end - begin < 4_000_000, abs(end) < 4_000_000
    {
      switch Staleness.standing(of: marks, on: now) {
      case .current where before == start: return end >= today - 1 && end <= today ? Int(end - begin + 1) : 0
      case .current, .grown: known = begin...end
      case .stale: break
      }
    }
    let counted = { (day: Int64) -> Bool in known?.contains(day) == true || completedOn(day) }
    // The newest day with a completed session, and the start of its run.
    last = start
    // No session with a time at all (only corrections whose sessions are damaged or gone):
    // nothing earlier to walk back to.
    let floor = earliest.isFinite ? calendar.day(of: max(earliest, -1e11)) : start
    while last > floor && !counted(last) { last -= 1 }
    first = last - Int64(Streak.length(today: last, completedOn: counted)) + 1
    var out = CacheWriter(magic: [])
    IndexMark.put(now, into: &out)
    out.put(text: fingerprint)
    out.put(Int64(correctionCount))
    out.put(start)
    out.put(last)
    out.put(first)
    CacheFile.write(out.bytes, to: path, magic: magic, source: source)
    return last >= today - 1 && last <= today ? Int(last - first + 1) : 0
  }
}
