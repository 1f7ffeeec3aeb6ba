import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The journal read through its index: only the lines that can touch a span of time.
public final class IndexedJournal {
  public let journal: Journal
  package let file: RandomAccessFile?
  public private(set) var index = JournalIndex()
  public private(set) var badLines: [Journal.BadLine] = []
  public private(set) var earliest: Double = .infinity
  /// Where the index keeps its files for this journal (a path prefix); nil keeps everything
  /// in memory, reading and writing no cache file (`--no-cache`).
  private var cachePath: String?
  private var quartersPath: String? { cachePath.map { $0 + ".quarters" } }
  private var idsPath: String? { cachePath.map { $0 + ".ids" } }
  private var prefixesPath: String? { cachePath.map { $0 + ".prefixes" } }
  private var correctionsPath: String? { cachePath.map { $0 + ".corrections" } }
  /// The file's corrections and added sessions (see `CorrectionTable`).
  public private(set) var corrections = CorrectionTable()
  /// The sorted quarter hours of completed sessions (as `JournalIndex.quarterKey`s), read on first use.
  private var quarters: [UInt64]?
  private var prefixes: [JournalIndex.PrefixEntry]?
  /// How many chunks the last `newest` read, so tests can tell its work follows the answer.
  private(set) var chunksRead = 0

  package func loadQuarters() -> [UInt64] {
    if let quarters { return quarters }
    guard index.quarterCount > 0 else { return [] }
    // The side files are read whole, however large (a million sessions make 8 to 16 MB), and
    // checked (`CacheFile`) against the index's build and counts; one that fails is rebuilt.
    guard let loaded: [UInt64] = Self.loadWords(quartersPath, magic: Side.quarters, source: index.buildID),
      loaded.count == index.quarterCount
    else { return repaired([]) { $0.quarters } }
    quarters = loaded
    return loaded
  }

  /// The lines of the sessions whose id starts with the 8 bytes of `prefix`: a binary search
  /// of the prefix list, so finding a moved session does not read the journal.
  package func lines(withPrefix prefix: UInt64) -> [Int64] {
    let prefixes = loadPrefixes()
    var k = SortedSearch.firstIndex(in: prefixes, notBelow: .init(prefix: prefix, line: 0))
    var result: [Int64] = []
    while k < prefixes.count && prefixes[k].prefix == prefix {
      result.append(prefixes[k].line)
      k += 1
    }
    return result
  }

  /// The sorted id prefixes of the sessions, with their lines, read on first use.
  package func loadPrefixes() -> [JournalIndex.PrefixEntry] {
    if let prefixes { return prefixes }
    guard index.prefixCount > 0 else { return [] }
    guard
      let loaded: [JournalIndex.PrefixEntry] = Self.loadWords(
        prefixesPath, magic: Side.prefixes, source: index.buildID),
      loaded.count == index.prefixCount
    else { return repaired([]) { $0.prefixes } }
    prefixes = loaded
    return loaded
  }

  /// The formats of the side files (`CacheFile`), each made for one build of the index.
  enum Side {
    static let bin: [UInt8] = JournalIndex.magic
    static let quarters: [UInt8] = Array("POMOQTR1".utf8)
    static let prefixes: [UInt8] = Array("POMOPFX1".utf8)
    static let ids: [UInt8] = Array("POMOIDS1".utf8)
    static let corrections: [UInt8] = Array("POMOCOR1".utf8)
  }

  /// The plain values a side file holds, when its checks pass and its size is theirs.
  private static func loadWords<T: BitwiseCopyable>(_ path: String?, magic: [UInt8], source: UInt64) -> [T]? {
    guard let path, let snapshot = try? FileSnapshot(path: path),
      let payload = CacheFile.payload(of: snapshot, magic: magic, source: source),
      payload.count % MemoryLayout<T>.stride == 0
    else { return nil }
    return [T](unsafeUninitializedCapacity: payload.count / MemoryLayout<T>.stride) { target, count in
      UnsafeMutableRawBufferPointer(target).copyMemory(from: payload)
      count = target.count
    }
  }

  /// The size of a side file, -1 when it is missing or there is no cache.
  private static func size(_ path: String?) -> Int64 { path.map { Platform.fileSize($0) } ?? -1 }

  private static func writeWords<T: BitwiseCopyable>(_ values: [T], to path: String?, magic: [UInt8], source: UInt64) {
    guard let path else { return }
    CacheFile.write(values.withUnsafeBytes { Array($0) }, to: path, magic: magic, source: source)
  }

  /// What `part` finds once the index and every side file were built again from the journal:
  /// a side file found damaged after the index was opened is never trusted, nor answered as empty.
  private func repaired<T>(_ empty: T, _ part: (IndexedJournal) -> T?) -> T {
    if updating {
      sideFileFailed = true
      return empty
    }
    guard !repairing else { return part(self) ?? empty }
    repairing = true
    defer { repairing = false }
    try? bringUpToDate(trustingCache: false)
    return part(self) ?? empty
  }

  private var repairing = false

  private var idHashes: [UInt64]?

  /// The sorted hashes of every id the index holds (sessions and corrections), read on first use.
  package func ids() -> [UInt64] {
    if let idHashes { return idHashes }
    guard index.idCount > 0 else { return [] }
    guard let loaded = Self.loadIDs(idsPath, count: index.idCount, build: index.buildID) else {
      return repaired([]) { $0.idHashes }
    }
    idHashes = loaded
    return loaded
  }

  /// Every line that may be a record after `line` (not blank, not repeating an earlier id),
  /// as its bytes: handed to `work` with its part's number, each part's chunks (the records
  /// of `parts` runs of chunks) on a core of their own, read into one buffer per part.
  package func linesInParts(after line: Int64, parts: Int, _ work: (Int, UnsafeBufferPointer<UInt8>) -> Void)
    throws(FileSystemError)
  {
    let chunks = index.chunks
    guard let file, !chunks.isEmpty, parts > 0 else { return }
    let first = line <= 0 ? 0 : (chunk(holding: line + 1) ?? 0)
    let count = chunks.count - first
    guard count > 0 else { return }
    let duplicates = index.duplicates
    let source = file
    let failures = UnsafeMutableBufferPointer<FileSystemError?>.allocate(capacity: parts)
    failures.initialize(repeating: nil)
    defer {
      failures.deinitialize()
      failures.deallocate()
    }
    nonisolated(unsafe) let errors = failures
    withoutActuallyEscaping(work) { work in
      nonisolated(unsafe) let job = work
      Parallel.forEach(parts) { part in
        let range = (first + part * count / parts)..<(first + (part + 1) * count / parts)
        let longest = range.map { Int(chunks[$0].length) }.max() ?? 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, longest), alignment: 8)
        defer { buffer.deallocate() }
        for k in range {
          let chunk = chunks[k]
          let length: Int
          do {
            length = try source.read(
              at: chunk.offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(chunk.length)]))
          } catch {
            errors[part] = error as? FileSystemError
            return
          }
          // The index says the chunk is there: fewer bytes, and the file was cut while read.
          guard length == Int(chunk.length) else {
            errors[part] = .changedWhileRead
            return
          }
          let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
          Self.forEachLine(in: UnsafeBufferPointer(start: base, count: length), chunk: chunk, duplicates: duplicates) {
            number, bytes in
            if number > line { job(part, bytes) }
          }
        }
      }
    }
    if let failure = failures.compactMap({ $0 }).first { throw failure }
  }

  /// The sorted hashes of the ids indexed so far, checked against the index's build and count.
  private static func loadIDs(_ path: String?, count: Int64, build: UInt64) -> [UInt64]? {
    guard let ids: [UInt64] = loadWords(path, magic: Side.ids, source: build), ids.count == count else { return nil }
    return ids
  }

  /// Opens the journal and brings its index (in `cacheFolder`) up to date; a missing journal
  /// is an empty one. A cache that cannot be written only costs time. Without a cache folder
  /// (`--no-cache`) the index is built from the journal alone, in memory.
  ///
  /// What the index covers is all that is read: the whole lines the journal had when it was
  /// brought up to date. A line being appended meanwhile is left for the next run, never
  /// mistaken for a damaged one.
  public init(journal: Journal, cacheFolder: String?) throws(FileSystemError) {
    self.journal = journal
    guard Platform.fileExists(journal.path) else {
      file = nil
      return
    }
    let file = try RandomAccessFile(path: journal.path)
    self.file = file
    cachePath = cacheFolder.map {
      $0 + "/index-" + String(FNV1a.hash(Platform.absolutePath(journal.path)), radix: 16)
    }
    try bringUpToDate(trustingCache: true)
  }

  /// Brings the index and its side files up to date with the journal: from the cache files
  /// when `trustingCache` and they pass their checks, else built again from the journal.
  private func bringUpToDate(trustingCache: Bool) throws(FileSystemError) {
    guard let file else { return }
    let source = FNV1a.hash(Platform.absolutePath(journal.path))
    index = JournalIndex()
    quarters = nil
    prefixes = nil
    idHashes = nil
    loadedCorrections = false
    if trustingCache, let cachePath, let bytes = CacheFile.read(cachePath + ".bin", magic: Side.bin, source: source),
      let cached = JournalIndex(encoded: bytes),
      Self.size(quartersPath) == CacheFile.size(payload: cached.quarterCount * 8),
      Self.size(prefixesPath) == CacheFile.size(payload: cached.prefixCount * 16),
      Self.size(correctionsPath)
        == CacheFile.size(payload: cached.correctionCount * Int64(CorrectionTable.words * 8))
    {
      index = cached
    }
    let idsPath = idsPath
    let (idCount, before) = (index.idCount, index.buildID)
    updating = true
    defer { updating = false }
    if try index.update(file, knownIDs: { Self.loadIDs(idsPath, count: idCount, build: before) }) {
      let build = index.buildID
      if index.indexedLength == 0 {
        quarters = []
        index.quarterCount = 0
        prefixes = []
        index.prefixCount = 0
      }
      // Each side file is written when it gained entries, or no longer matches its count (the
      // index was built again, or the file is missing): never on an append that adds nothing.
      // A side file belongs to one build of the index: built again, every one is written.
      let rebuilt = build != before
      if rebuilt || !index.newQuarters.isEmpty
        || Self.size(quartersPath) != CacheFile.size(payload: index.quarterCount * 8)
      {
        let merged = JournalIndex.mergeUnique(index.indexedLength == 0 ? [] : loadQuarters(), index.newQuarters)
        quarters = merged
        index.quarterCount = Int64(merged.count)
        index.newestQuarter = merged.last.map(JournalIndex.quarter(ofKey:)) ?? 0
        index.newQuarters = []
        Self.writeWords(merged, to: quartersPath, magic: Side.quarters, source: build)
      }
      let tableSize = Int64(CorrectionTable.words * 8)
      if rebuilt || !index.corrections.isEmpty
        || Self.size(correctionsPath) != CacheFile.size(payload: index.correctionCount * tableSize)
      {
        let old = index.correctionCount == 0 ? CorrectionTable() : loadCorrections()
        corrections = old.adding(index.corrections)
        loadedCorrections = true
        index.correctionCount = Int64(corrections.count)
        index.corrections = []
        Self.writeWords(corrections.storage, to: correctionsPath, magic: Side.corrections, source: build)
      }
      if rebuilt || !index.newPrefixes.isEmpty
        || Self.size(prefixesPath) != CacheFile.size(payload: index.prefixCount * 16)
      {
        let merged = JournalIndex.mergeUnique(index.indexedLength == 0 ? [] : loadPrefixes(), index.newPrefixes)
        prefixes = merged
        index.prefixCount = Int64(merged.count)
        index.newPrefixes = []
        Self.writeWords(merged, to: prefixesPath, magic: Side.prefixes, source: build)
      }
      if let ids = index.ids {
        idHashes = ids
        Self.writeWords(ids, to: idsPath, magic: Side.ids, source: build)
        index.ids = nil
      }
      if let cachePath { CacheFile.write(index.encoded(), to: cachePath + ".bin", magic: Side.bin, source: source) }
    }
    if !loadedCorrections { corrections = loadCorrections() }
    if sideFileFailed {
      // A side file this append needed failed its checks: everything is built again.
      sideFileFailed = false
      guard trustingCache else { return }
      updating = false
      return try bringUpToDate(trustingCache: false)
    }
    badLines = index.badLines
    earliest = index.chunks.map(\.minTime).min() ?? .infinity
  }

  /// Whether `bringUpToDate` is running, and whether a side file failed meanwhile.
  private var updating = false
  private var sideFileFailed = false

  private var loadedCorrections = false

  /// The correction table from its file, checked against the index; built again when it fails.
  private func loadCorrections() -> CorrectionTable {
    guard index.correctionCount > 0 else { return CorrectionTable() }
    guard let words: [UInt64] = Self.loadWords(correctionsPath, magic: Side.corrections, source: index.buildID),
      words.count == Int(index.correctionCount) * CorrectionTable.words,
      case let table = CorrectionTable(storage: words), table.isValid(length: index.indexedLength)
    else {
      return repaired(CorrectionTable()) { $0.loadedCorrections ? $0.corrections : nil }
    }
    return table
  }

  /// The keys (`JournalIndex.quarterKey`) of completed sessions (the first line of their id)
  /// that started in `from..<to`.
  package func completedKeys(from: Double, to: Double) -> ArraySlice<UInt64> {
    JournalIndex.keys(loadQuarters(), from: from, to: to)
  }

  /// Where the index keeps its files for this journal (a path prefix); nil without caches.
  package var cacheBase: String? { cachePath }

  /// The index of the chunk that holds line `line`, if any.
  package func chunk(holding line: Int64) -> Int? {
    let chunks = index.chunks
    let low = SortedSearch.partition(chunks.count) { chunks[$0].firstLine > line }
    guard low > 0 else { return nil }
    return low - 1
  }

  /// The bytes of one line, by its place in the file.
  package func read(offset: Int64, length: Int64) throws(FileSystemError) -> [UInt8] {
    guard let file else { return [] }
    return try file.read(exactly: Int(length), at: offset)
  }

  /// The bytes of a chunk.
  package func read(chunk k: Int) throws(FileSystemError) -> [UInt8] {
    guard let file else { return [] }
    return try file.read(exactly: Int(index.chunks[k].length), at: index.chunks[k].offset)
  }

  /// The same, into `buffer`, whose room is kept from chunk to chunk (a fresh array a chunk
  /// costs its pages again, each time).
  package func read(chunk k: Int, into buffer: inout [UInt8]) throws(FileSystemError) {
    let count = file == nil ? 0 : Int(index.chunks[k].length)
    if buffer.count > count { buffer.removeLast(buffer.count - count) }
    if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
    guard let file, count > 0 else { return }
    let offset = index.chunks[k].offset
    let done = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(FileSystemError) in try file.read(at: offset, into: bytes) }
    }
    // The index says the chunk is there: fewer bytes, and the file was cut while read.
    guard try done.get() == count else { throw .changedWhileRead }
  }

  /// The records of a chunk's lines, as reports read them; damaged lines were reported when
  /// the chunk was indexed, and lines that repeat an earlier id were marked: both are skipped.
  package static func records(in bytes: [UInt8], chunk: JournalIndex.Chunk, duplicates: [Int64], detail: Bool = false)
    -> [(record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>)]
  {
    var result: [(record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>)] = []
    result.reserveCapacity(JournalIndex.linesPerChunk)
    bytes.withUnsafeBufferPointer { buffer in
      forEachLine(in: buffer, chunk: chunk, duplicates: duplicates) { number, line in
        // A line that is not blank has bytes, in the buffer's.
        let from = buffer.baseAddress!.distance(to: line.baseAddress!)
        let slice = bytes[from..<from + line.count]
        if let record = try? JournalRecord(line: slice, detail: detail) { result.append((record, number, slice)) }
      }
    }
    return result
  }

  /// The lines of a chunk's bytes that may be records, in order, each with its number: blank
  /// lines, and lines that repeat an earlier id (the index marked those), are skipped. The
  /// last line may lack its newline; lines are found with memchr.
  package static func forEachLine<E: Error>(
    in bytes: UnsafeBufferPointer<UInt8>, chunk: JournalIndex.Chunk, duplicates: [Int64],
    _ body: (Int64, UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    guard let base = bytes.baseAddress else { return }
    var skip = SortedSearch.firstIndex(in: duplicates, notBelow: chunk.firstLine)
    var number = chunk.firstLine
    var start = 0
    while start < bytes.count {
      let end =
        memchr(base + start, 0x0A, bytes.count - start).map {
          base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
        } ?? bytes.count
      let line = UnsafeBufferPointer(start: base + start, count: end - start)
      if !JournalIndex.isBlank(line) {
        if skip < duplicates.count && duplicates[skip] == number {
          skip += 1
        } else {
          try body(number, line)
        }
      }
      number += 1
      start = end + 1
    }
  }

  /// Every record that may touch `from...to` (and possibly some that do not: callers filter).
  ///
  /// Chunks are read and decoded on all cores, a few at a time, and handed to `body` in
  /// journal order on the calling thread; memory holds only the chunks in flight.
  public func records(overlapping from: Double, _ to: Double, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    try records(in: index.chunks(overlapping: from, to), body)
  }

  /// The records in `selected` chunks, in their order.
  package func records(in selected: [JournalIndex.Chunk], detail: Bool = false, _ body: (JournalRecord) -> Void)
    throws(FileSystemError)
  {
    guard let file else { return }
    if selected.count <= 16 {
      // A week or a month: threads would cost more than they save.
      for chunk in selected {
        let bytes = try file.read(exactly: Int(chunk.length), at: chunk.offset)
        for item in Self.records(in: bytes, chunk: chunk, duplicates: index.duplicates, detail: detail) {
          body(item.record)
        }
      }
      return
    }
    let batch = 32
    let batches = stride(from: 0, to: selected.count, by: batch).map {
      Array(selected[$0..<min($0 + batch, selected.count)])
    }
    // Decode the next batch in the background while this thread counts the current one.
    final class Slot: @unchecked Sendable {
      var records: [[JournalRecord]] = []
      var failure: FileSystemError?
    }
    let source = file
    let duplicates = index.duplicates
    func start(_ chunks: [JournalIndex.Chunk]) -> (Slot, Parallel.Pending) {
      let slot = Slot()
      let pending = Parallel.background {
        do {
          slot.records = try Self.decode(chunks, from: source, duplicates: duplicates, detail: detail)
        } catch {
          slot.failure = error as? FileSystemError
        }
      }
      return (slot, pending)
    }
    var next = batches.first.map(start)
    for k in batches.indices {
      guard let (slot, pending) = next else { break }
      pending.wait()
      next = k + 1 < batches.count ? start(batches[k + 1]) : nil
      if let failure = slot.failure {
        next?.1.wait()
        throw failure
      }
      for records in slot.records {
        for record in records { body(record) }
      }
    }
  }

  /// Decodes chunks in parallel; the results keep the chunks' order.
  private static func decode(
    _ chunks: [JournalIndex.Chunk], from file: RandomAccessFile, duplicates: [Int64], detail: Bool
  )
    throws(FileSystemError) -> [[JournalRecord]]
  {
    let source = file
    return try Parallel.tryMap(chunks.count, empty: []) { k throws(FileSystemError) in
      let bytes = try source.read(exactly: Int(chunks[k].length), at: chunks[k].offset)
      return records(in: bytes, chunk: chunks[k], duplicates: duplicates, detail: detail).map(\.record)
    }
  }
}

extension IndexedJournal {
  /// The `limit` records that started last, newest first (the earlier line first when two
  /// start at the same instant), each with its line as it stands in the journal.
  ///
  /// The chunks are read newest first by the latest instant they touch, and reading stops
  /// when the next chunk cannot hold a record newer than the `limit` found: so the time
  /// follows the answer, not the journal, yet a journal merged out of order is still right.
  /// Lines that repeat an earlier id are skipped, as everywhere.
  /// `lines: false` leaves the lines out (empty), which saves their memory when only the
  /// records are shown.
  public func newest(_ limit: Int, lines: Bool = true) throws(FileSystemError) -> [(
    record: JournalRecord, line: [UInt8]
  )] {
    guard let file, limit > 0 else { return [] }
    let chunks = index.chunks
    let order = chunks.indices.sorted { a, b in
      chunks[a].maxTime != chunks[b].maxTime ? chunks[a].maxTime > chunks[b].maxTime : a > b
    }
    var starts = MinHeap()
    var found: [(record: JournalRecord, number: Int64, line: [UInt8])] = []
    chunksRead = 0
    for k in order {
      let chunk = chunks[k]
      if starts.count == limit, chunk.maxTime < starts.minimum { break }
      let bytes = try file.read(exactly: Int(chunk.length), at: chunk.offset)
      chunksRead += 1
      for item in Self.records(in: bytes, chunk: chunk, duplicates: index.duplicates, detail: true) {
        if starts.count == limit {
          guard item.record.start >= starts.minimum else { continue }
          starts.removeMinimum()
        }
        starts.insert(item.record.start)
        found.append((item.record, item.line, lines ? Array(item.bytes) : []))
      }
    }
    found.sort { $0.record.start != $1.record.start ? $0.record.start > $1.record.start : $0.number < $1.number }
    return found.prefix(limit).map { ($0.record, $0.line) }
  }
}
