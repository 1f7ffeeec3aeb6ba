import PomoCore
import PomoJournal
import PomoPlatform

/// Reads a history's sessions through the files' indexes: any span of time, every session,
/// or the newest ones, each folded and each id once (a session in several files is the first
/// file's). A span costs the chunks that touch it, plus those of sessions corrections moved
/// into it (the index keeps the span each correction gives its session).
extension IndexedHistory {
  /// The earliest instant any session touches, for walking back in time.
  package var earliest: Double {
    let moved = movingRefs.map(\.from).filter { !$0.isNaN }.min() ?? .infinity
    return min(files.map(\.earliest).min() ?? .infinity, moved)
  }

  /// The chunks (file, chunk) that may hold the session with this id prefix.
  func locate(prefix: UInt64) -> [(file: Int, chunk: Int)] {
    files.indices.flatMap { f in
      files[f].lines(withPrefix: prefix).compactMap { files[f].chunk(holding: $0).map { (f, $0) } }
    }
  }

  /// The chunks of each file to read for `from...to`, moved sessions included; with
  /// `exercises`, only those holding a session with a phase an exercise total counts.
  private func chunks(overlapping from: Double, _ to: Double, exercises: Bool = false) -> [[Int]] {
    var selected = files.map { file in
      // A file whose sessions all lie outside the span has its index left untaken.
      guard file.outline.touches(from, to) else { return [Int]() }
      return file.index.chunks.indices.filter {
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
  package func records(
    overlapping from: Double, _ to: Double, detail: Bool, exercises: Bool, _ body: (JournalRecord) -> Void
  ) throws(FileSystemError) {
    try read(chunks(overlapping: from, to, exercises: exercises), detail: detail, body)
  }

  /// Every session, folded.
  /// `detail` reads what reports leave out: names, hosts, preset files.
  package func all(detail: Bool, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try read(files.map { Array($0.index.chunks.indices) }, detail: detail, body)
  }

  /// The records of the `selected` chunks of each file, folded, each id once, handed on in
  /// file order. A few chunks of one file are read here: threads would cost more than they
  /// save. Else the chunks are decoded on every core a batch at a time, the next batch in the
  /// background while this thread hands on the current one; a span over several files (a
  /// week in a folder of machines) is one batch.
  private func read(_ selected: [[Int]], detail: Bool = false, _ body: (JournalRecord) -> Void) throws(FileSystemError)
  {
    let pairs = selected.enumerated().flatMap { f, chunks in chunks.map { (f, $0) } }
    let several = files.count > 1
    var seen = Set<UInt64>()
    func hand(_ record: JournalRecord, from f: Int) throws(FileSystemError) {
      // Held by an earlier file as well, but not read from it: that line (outside the span)
      // is the session, not this one.
      if several {
        guard seen.insert(FNV1a.hash(record.id)).inserted, try earlierCopy(of: record.id, before: f) == nil else {
          return
        }
      }
      if let folded = try fold(record) { body(folded) }
    }
    if pairs.count <= (several ? 1 : 16) {
      for (f, k) in pairs {
        for item in try files[f].records(chunk: k, detail: detail) { try hand(item.record, from: f) }
      }
      return
    }
    let size = several && pairs.count <= 512 ? pairs.count : 32
    let batches = stride(from: 0, to: pairs.count, by: size).map { Array(pairs[$0..<min($0 + size, pairs.count)]) }
    // Each file's index taken in and its journal opened here, once: an index from the folder's
    // cache is taken in, and its file opened, on first use, which two workers must not race to.
    for f in Set(pairs.map(\.0)) {
      _ = files[f].index
      _ = try files[f].openFile()
    }
    nonisolated(unsafe) let history = self
    func decode(_ batch: [(Int, Int)]) -> Result<[[JournalRecord]], FileSystemError> {
      Result { () throws(FileSystemError) in
        try Parallel.tryMap(batch.count, empty: []) { k throws(FileSystemError) in
          try history.files[batch[k].0].records(chunk: batch[k].1, detail: detail).map(\.record)
        }
      }
    }
    final class Slot: @unchecked Sendable {
      var decoded: Result<[[JournalRecord]], FileSystemError> = .success([])
    }
    var current = decode(batches[0])
    for k in batches.indices {
      let next = Slot()
      // Joined before it is read, and when this one throws (`Pending` joins when it goes).
      let pending = k + 1 < batches.count ? Parallel.background { next.decoded = decode(batches[k + 1]) } : nil
      for (records, pair) in zip(try current.get(), batches[k]) {
        for record in records { try hand(record, from: pair.0) }
      }
      pending?.wait()
      current = next.decoded
    }
  }

  /// The first line with this id in a file before `file`: a session in several files is the
  /// first file's, as everywhere.
  private func earlierCopy(of id: String, before file: Int) throws(FileSystemError) -> (
    file: Int, line: Int64, record: JournalRecord, bytes: ArraySlice<UInt8>
  )? {
    guard file > 0, isShared(id) else { return nil }
    return try copies(of: FNV1a.hash(id), prefix: JournalIndex.prefix(id.utf8), detail: true).first {
      $0.file < file && $0.record.id == id
    }
  }

  // MARK: - The newest sessions

  /// The `limit` sessions that started last (`History.newest`).
  ///
  /// Chunks are read newest first by the latest instant they touch (a correction that moves
  /// a session counts as a chunk at the instant it moves it to), and reading stops when the
  /// next cannot hold a session newer than the `limit` found.
  /// `detail: false` leaves out what a table of sessions does not show (hosts, the
  /// phases' names), as reports do.
  ///
  /// The same sessions, each kept as `keep` makes it from its record as soon as it is read:
  /// a log of a million sessions need not hold every phase of each. Inlinable, so it is
  /// made for each caller's type: a generic `latest` would look up its types for each record.
  @inlinable
  package func newest<Kept>(_ limit: Int, detail: Bool, keep: (JournalRecord) -> Kept) throws(FileSystemError)
    -> [Kept]
  {
    var kept: [Kept] = []
    let order = try latest(limit, records: true, lines: false, detail: detail) { kept.append(keep($0)) }
    return order.map { kept[$0.record!] }
  }

  /// The same sessions as `pomo log --json` prints them: a line as the journal holds it, or
  /// a session a correction changed as it now stands. Of a line printed as it stands only the
  /// start and the id are kept (the scanner still checks it whole): no record is built.
  package func newestLines(_ limit: Int) throws(FileSystemError) -> [NewestSession] {
    var corrected: [JournalRecord] = []
    var found = try latest(limit, records: false, lines: true, detail: true) { corrected.append($0) }
    return found.indices.map { k in
      // A session without its line is one a correction changed, and has its record.
      if let line = found[k].line.take() { .line(line) } else { .corrected(corrected[found[k].record!]) }
    }
  }

  /// Where `latest` looks for sessions: a chunk of a file, or the chunks holding the session
  /// a correction moved.
  private enum Source {
    case chunk(Int, Int)
    case moved(UInt64)
  }

  /// What `newest` and `newestLines` find: each session's record when `records` (else only
  /// when a correction changed it), handed to `keep` as it is read and named by the number of
  /// that call, and its line when `lines` and no correction changed it.
  @usableFromInline
  func latest(
    _ limit: Int, records: Bool, lines: Bool, detail: Bool, keep: (JournalRecord) -> Void
  ) throws(FileSystemError) -> [(record: Int?, line: [UInt8]?)] {
    guard limit > 0 else { return [] }
    var sources: [(time: Double, source: Source)] = []
    for (f, file) in files.enumerated() {
      sources += file.index.chunks.enumerated().map { ($1.maxTime, .chunk(f, $0)) }
    }
    sources += movingRefs.filter { !$0.from.isNaN }.map { ($0.to, .moved($0.sessionPrefix)) }
    // Newest first; of the same instant, the later source first.
    let order = sources.indices.sorted {
      sources[$0].time != sources[$1].time ? sources[$0].time > sources[$1].time : $0 > $1
    }
    var starts = MinHeap()
    // Where each session found is (plain values, quick to sort), then what is kept of it.
    var found: [(start: Double, file: Int, number: Int64)] = []
    var kept: [(id: String?, record: Int?, line: [UInt8]?)] = []
    var keptCount = 0
    func keeping(_ record: JournalRecord) -> Int {
      keep(record)
      keptCount += 1
      return keptCount - 1
    }
    var read = Set<Int64>()
    // The ids met, by their hashes, as the index tells ids apart.
    var seen = Set<UInt64>()
    let several = files.count > 1
    var scanned = ScannedLine()
    scanned.keepsPhases = records
    var bytes: [UInt8] = []
    func take(_ f: Int, _ k: Int) throws(FileSystemError) {
      guard read.insert(Int64(f) << 32 | Int64(k)).inserted else { return }
      chunksRead += 1
      try files[f].lines(chunk: k, buffer: &bytes) { (number, line) throws(FileSystemError) in
        // A damaged line, or a correction, is no session.
        guard (try? RecordScanner.scan(line, into: &scanned)) != nil, scanned.correction == nil,
          var start = scanned.start
        else { return }
        let hash = scanned.id.withUTF8(in: line, decoded: scanned.decoded) { bytes in
          var hash = FNV1a()
          hash.add(bytes)
          return hash.value
        }
        guard seen.insert(hash).inserted else { return }
        let changed = corrected && isCorrected(hash: hash)
        var record: Int?
        if records || changed {
          // Built from the scan when it kept the phases; else read again whole.
          let entry =
            scanned.keepsPhases
            ? scanned.entry(in: line, detail: detail) : (try? RecordScanner.decodeEntry(line, detail: detail))
          guard case .session(let session)? = entry, let folded = try fold(session) else { return }
          record = keeping(folded)
          start = folded.start
        }
        if starts.count == limit {
          guard start >= starts.minimum else { return }
          starts.removeMinimum()
        }
        starts.insert(start)
        found.append((start, f, number))
        kept.append(
          (several ? scanned.string(scanned.id, in: line) : nil, record, lines && !changed ? Array(line) : nil))
      }
    }
    for item in order.lazy.map({ sources[$0] }) {
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
        if let id = kept[k].id, let earlier = try earlierCopy(of: id, before: found[k].file),
          let folded = try fold(earlier.record)
        {
          found[k] = (folded.start, earlier.file, earlier.line)
          kept[k] = (id, keeping(folded), lines && !isCorrected(id) ? Array(earlier.bytes) : nil)
        }
      }
    }
    let sorted = found.indices.sorted { a, b in
      found[a].start != found[b].start
        ? found[a].start > found[b].start : (found[a].file, found[a].number) < (found[b].file, found[b].number)
    }
    // Lines moved out, not copied (a record is named by its number).
    return sorted.prefix(limit).map { (kept[$0].record, kept[$0].line.take()) }
  }
}
