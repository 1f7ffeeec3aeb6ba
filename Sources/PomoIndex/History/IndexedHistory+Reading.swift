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
    try newest(limit, detail: detail, scanned: { _, _ in nil }, keep: keep)
  }

  package func newest<Kept>(
    _ limit: Int, detail: Bool, scanned: (UnsafeBufferPointer<UInt8>, ScannedLine) -> Kept?,
    keep: (JournalRecord) -> Kept
  ) throws(FileSystemError) -> [Kept] {
    var kept: [Kept] = []
    kept.reserveCapacity(min(limit, lineCount))
    let found = try latest(
      limit, records: true, detail: detail,
      scanned: { line, read in
        guard let one = scanned(line, read) else { return false }
        kept.append(one)
        return true
      }
    ) { kept.append(keep($0)) }
    guard found.count == kept.count else { return found.map { kept[Int($0.slot)] } }
    // Every one kept is shown (each once): put in order where they lie, by the cycles of
    // the order, as a million copies would cost as much again.
    var from = found.map { Int($0.slot) }
    for start in from.indices where from[start] != start {
      var k = start
      while from[k] != start {
        let next = from[k]
        kept.swapAt(k, next)
        from[k] = k
        k = next
      }
      from[k] = k
    }
    return kept
  }

  /// How many lines the files hold (sessions, corrections, blank lines): no more sessions
  /// than that can be found.
  @usableFromInline
  var lineCount: Int { files.reduce(0) { $0 + Int($1.index.numbers.indexedLines) } }

  /// The same sessions as `pomo log --json` prints them, in order, handed to `body` a batch
  /// at a time (about `batch` bytes of lines): a line as the journal holds it, or a session a
  /// correction changed as it now stands. Stops when `body` returns false (nobody reads on).
  ///
  /// Of a line printed as it stands only its start and its place are kept while the journal
  /// is read (the scanner still checks it whole), and it is read again when its batch is
  /// handed on: a log of every session of a large journal holds a batch of lines, not all.
  package func newestLines(_ limit: Int, batch: Int, _ body: ([NewestSession]) -> Bool)
    throws(FileSystemError)
  {
    var corrected: [JournalRecord] = []
    let found = try latest(limit, records: false, detail: true) { corrected.append($0) }
    var buffer: [UInt8] = []
    var first = 0
    while first < found.count {
      var end = first
      var size = 0
      while end < found.count, end == first || (size < batch && end - first < Self.linesPerBatch) {
        if found[end].slot < 0 { size += Int(~found[end].slot) }
        end += 1
      }
      let places = try read(lines: found[first..<end], into: &buffer)
      let sessions = (first..<end).map { n -> NewestSession in
        // A session without its line is one a correction changed, and has its record.
        found[n].slot >= 0 ? .corrected(corrected[Int(found[n].slot)]) : .line(buffer[places[n - first]])
      }
      guard body(sessions) else { return }
      first = end
    }
  }

  /// The most sessions `newestLines` hands on at once, whatever their size.
  static let linesPerBatch = 4096

  /// Reads the lines of the `found` sessions that are printed as they stand into `buffer`
  /// (its room kept from batch to batch), lines that lie near each other in one read, and
  /// gives where in it each lies (an empty range for a corrected session).
  private func read(lines found: ArraySlice<Found>, into buffer: inout [UInt8]) throws(FileSystemError) -> [Range<Int>]
  {
    let wanted = found.indices.filter { found[$0].slot < 0 }.sorted {
      (found[$0].file, found[$0].offset) < (found[$1].file, found[$1].offset)
    }
    var places = [Range<Int>](repeating: 0..<0, count: found.count)
    buffer.removeAll(keepingCapacity: true)
    var k = 0
    while k < wanted.count {
      let file = found[wanted[k]].file
      let from = found[wanted[k]].offset
      var to = from
      var j = k
      // Lines a few KiB apart (a correction or a blank line between them) are read at once.
      while j < wanted.count, found[wanted[j]].file == file, found[wanted[j]].offset <= to + 4096 {
        to = max(to, found[wanted[j]].offset + Int64(~found[wanted[j]].slot))
        j += 1
      }
      let at = buffer.count
      let count = Int(to - from)
      buffer += repeatElement(0, count: count)
      guard let handle = try files[Int(file)].openFile() else { throw .changedWhileRead }
      let done = buffer.withUnsafeMutableBytes { raw in
        Result { () throws(FileSystemError) in
          try handle.read(at: from, into: UnsafeMutableRawBufferPointer(rebasing: raw[at..<at + count]))
        }
      }
      // The index says the lines are there: fewer bytes, and the file was cut while read.
      guard try done.get() == count else { throw .changedWhileRead }
      for n in wanted[k..<j] {
        let start = at + Int(found[n].offset - from)
        places[n - found.startIndex] = start..<start + Int(~found[n].slot)
      }
      k = j
    }
    return places
  }

  /// Where `latest` looks for sessions: a chunk of a file, or the chunks holding the session
  /// a correction moved.
  private enum Source {
    case chunk(Int, Int)
    case moved(UInt64)
  }

  /// A session `latest` found: when it starts, where its line starts in file `file`, and
  /// `slot`: the number of the `keep` (or `scanned`) call that kept it, or, where none was kept, the
  /// line's length as `~length` (below zero). 24 bytes, as a log of every session of a large
  /// journal keeps one for each.
  @usableFromInline
  typealias Found = (start: Double, offset: Int64, file: Int32, slot: Int32)

  /// What `newest` and `newestLines` find, newest first: each session's record when `records`
  /// (else only when a correction changed it), handed to `keep` as it is read and named by
  /// the number of that call, else the place of its line. With `records`, a session no
  /// correction changed goes to `scanned` first, as the scanner read it: when that keeps it,
  /// no record is made.
  @usableFromInline
  func latest(
    _ limit: Int, records: Bool, detail: Bool,
    scanned keepScanned: (UnsafeBufferPointer<UInt8>, ScannedLine) -> Bool = { _, _ in false },
    keep: (JournalRecord) -> Void
  ) throws(FileSystemError) -> [Found] {
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
    // A limit of at least every line the files hold takes every session: no need to know
    // the oldest kept, nor to stop early.
    let lines = lineCount
    let bounded = limit < lines
    var starts = MinHeap()
    var found: [Found] = []
    found.reserveCapacity(min(limit, lines))
    // Each session's id when there are several files, in the order of `found`.
    var ids: [String] = []
    var keptCount: Int32 = 0
    func keeping(_ record: JournalRecord) -> Int32 {
      keep(record)
      keptCount += 1
      return keptCount - 1
    }
    var read = Set<Int64>()
    let several = files.count > 1
    // The ids met in several files, by their hashes, as the index tells ids apart. Within one
    // file the index leaves out every line that repeats an id (`lines(chunk:)`), so a file
    // alone needs none: a million hashes would cost more memory than the log.
    var seen = Set<UInt64>()
    var scanned = ScannedLine()
    scanned.keepsPhases = records
    var bytes: [UInt8] = []
    func take(_ f: Int, _ k: Int) throws(FileSystemError) {
      guard read.insert(Int64(f) << 32 | Int64(k)).inserted else { return }
      chunksRead += 1
      let first = found.count
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
        guard !several || seen.insert(hash).inserted else { return }
        let changed = corrected && isCorrected(hash: hash)
        var slot = ~Int32(line.count)
        if records && !changed && scanned.keepsPhases && keepScanned(line, scanned) {
          // Kept from the scan, with no record made.
          keptCount += 1
          slot = keptCount - 1
        } else if records || changed {
          // Built from the scan when it kept the phases; else read again whole.
          let entry =
            scanned.keepsPhases
            ? scanned.entry(in: line, detail: detail) : (try? RecordScanner.decodeEntry(line, detail: detail))
          // Folded only when a correction changed it (`fold` would look its id up again).
          guard case .session(let session)? = entry, let folded = changed ? try fold(session) : session else { return }
          slot = keeping(folded)
          start = folded.start
        }
        if bounded {
          if starts.count == limit {
            guard start >= starts.minimum else { return }
            starts.removeMinimum()
          }
          starts.insert(start)
        }
        // The line's address for now, its place in the file once the chunk is read.
        found.append((start, Int64(Int(bitPattern: line.baseAddress)), Int32(f), slot))
        if several { ids.append(scanned.string(scanned.id, in: line)) }
      }
      // The buffer stays where it is once read: an address in it is a place in the chunk.
      let base = Int64(bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
      let chunk = files[f].index.chunks[k].offset
      for n in first..<found.count { found[n].offset += chunk - base }
    }
    for item in order.lazy.map({ sources[$0] }) {
      if bounded, starts.count == limit, item.time < starts.minimum { break }
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
        if let earlier = try earlierCopy(of: ids[k], before: Int(found[k].file)),
          let chunk = files[earlier.file].chunk(holding: earlier.line), let folded = try fold(earlier.record)
        {
          let offset = files[earlier.file].index.chunks[chunk].offset + Int64(earlier.bytes.startIndex)
          let slot = records || isCorrected(ids[k]) ? keeping(folded) : ~Int32(earlier.bytes.count)
          found[k] = (folded.start, offset, Int32(earlier.file), slot)
        }
      }
    }
    // In place: a second array of a million places would double what the log holds.
    found.sort { a, b in a.start != b.start ? a.start > b.start : (a.file, a.offset) < (b.file, b.offset) }
    if found.count > limit { found.removeSubrange(limit...) }
    return found
  }
}
