import Dispatch
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
  private let file: RandomAccessFile?
  public private(set) var index = JournalIndex()
  public private(set) var badLines: [Journal.BadLine] = []
  public private(set) var earliest: Double = .infinity
  private var cachePath = ""
  private var quartersPath: String { cachePath + ".quarters" }
  private var idsPath: String { cachePath + ".ids" }
  /// The sorted quarter hours of completed sessions, read on first use.
  private var quarters: [Int32]?
  /// How many chunks the last `newest` read, so tests can tell its work follows the answer.
  private(set) var chunksRead = 0

  private func loadQuarters() -> [Int32] {
    if let quarters { return quarters }
    guard index.quarterCount > 0, let bytes = try? Platform.readFile(quartersPath),
      bytes.count == index.quarterCount * 4
    else {
      return []
    }
    var result = [Int32](repeating: 0, count: bytes.count / 4)
    result.withUnsafeMutableBytes { target in bytes.withUnsafeBytes { target.copyMemory(from: $0) } }
    quarters = result
    return result
  }

  /// The sorted hashes of the ids indexed so far (the index checks their count).
  private static func loadIDs(_ path: String) -> [UInt64]? {
    guard let bytes = try? Platform.readFile(path), bytes.count % 8 == 0 else { return nil }
    var result = [UInt64](repeating: 0, count: bytes.count / 8)
    result.withUnsafeMutableBytes { target in bytes.withUnsafeBytes { target.copyMemory(from: $0) } }
    return result
  }

  /// Opens the journal and brings its index (in `cacheFolder`) up to date; a missing journal
  /// is an empty one. A cache that cannot be written only costs time.
  ///
  /// What the index covers is all that is read: the whole lines the journal had when it was
  /// brought up to date. A line being appended meanwhile is left for the next run, never
  /// mistaken for a damaged one.
  public init(journal: Journal, cacheFolder: String) throws(FileSystemError) {
    self.journal = journal
    guard Platform.fileExists(journal.path) else {
      file = nil
      return
    }
    let file = try RandomAccessFile(path: journal.path)
    self.file = file
    cachePath = cacheFolder + "/index-" + String(FNV1a.hash(Platform.absolutePath(journal.path)), radix: 16)
    if let bytes = try? Platform.readFile(cachePath + ".bin"), let cached = JournalIndex(encoded: bytes),
      Platform.fileSize(quartersPath) == cached.quarterCount * 4
    {
      index = cached
    }
    let idsPath = idsPath
    if try index.update(file, knownIDs: { Self.loadIDs(idsPath) }) {
      if index.indexedLength == 0 {
        quarters = []
        index.quarterCount = 0
      }
      if !index.newQuarters.isEmpty || index.indexedLength == 0 {
        let merged = JournalIndex.mergeUnique(index.indexedLength == 0 ? [] : loadQuarters(), index.newQuarters)
        quarters = merged
        index.quarterCount = Int64(merged.count)
        index.newestQuarter = merged.last ?? 0
        index.newQuarters = []
        try? Platform.writeAtomically(merged.withUnsafeBytes { Array($0) }, to: quartersPath, durable: false)
      }
      if let ids = index.ids {
        try? Platform.writeAtomically(ids.withUnsafeBytes { Array($0) }, to: idsPath, durable: false)
        index.ids = nil
      }
      try? Platform.writeAtomically(index.encoded(), to: cachePath + ".bin", durable: false)
    }
    badLines = index.badLines
    earliest = index.chunks.map(\.minTime).min() ?? .infinity
  }

  /// The current streak of days with a completed session, in `calendar`'s days, ending today
  /// (or yesterday while today has none).
  ///
  /// The run of days is remembered beside the index for the zone it was counted in, and
  /// counted again only when the completed sessions change, so a long streak costs once.
  public func streak(today: Int64, calendar: LocalCalendar) -> Int {
    let completedOn = { (day: Int64) in
      self.hasCompleted(from: calendar.start(of: day), to: calendar.start(of: day + 1))
    }
    guard index.quarterCount > 0 else {
      return Streak.length(today: today, completedOn: completedOn)
    }
    let path = cachePath + ".streak"
    let newest = index.newestQuarter
    let key = "\(index.quarterCount) \(newest) \(calendar.identifier)"
    var last: Int64
    var first: Int64
    if let text = try? Platform.readFile(path),
      case let parts = String(decoding: text, as: UTF8.self).split(separator: "\n"),
      parts.count == 2, parts[0] == key, case let days = parts[1].split(separator: " ").compactMap({ Int64($0) }),
      days.count == 2, days[1] <= days[0], days[0] - days[1] < 4_000_000, abs(days[0]) < 4_000_000
    {
      (last, first) = (days[0], days[1])
    } else {
      // The newest day with a completed session, and the start of its run.
      last = calendar.day(of: Double(newest) * CachedZone.quarter)
      first = last - Int64(Streak.length(today: last, completedOn: completedOn)) + 1
      try? Platform.writeAtomically("\(key)\n\(last) \(first)\n", to: path)
    }
    if last > today { return Streak.length(today: today, completedOn: completedOn) }
    return last >= today - 1 ? Int(last - first + 1) : 0
  }

  /// Whether a completed session (the first line of its id) started in `from..<to`.
  public func hasCompleted(from: Double, to: Double) -> Bool {
    JournalIndex.contains(loadQuarters(), from: from, to: to)
  }

  /// The records of a chunk's lines, as reports read them; damaged lines were reported when
  /// the chunk was indexed, and lines that repeat an earlier id were marked: both are skipped.
  package static func records(in bytes: [UInt8], chunk: JournalIndex.Chunk, duplicates: [Int64], detail: Bool = false)
    -> [(record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>)]
  {
    var result: [(record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>)] = []
    result.reserveCapacity(JournalIndex.linesPerChunk)
    var skip = JournalIndex.firstIndex(in: duplicates, notBelow: chunk.firstLine)
    for (k, line) in lines(bytes).enumerated() where !JournalIndex.isBlank(line) {
      let number = chunk.firstLine + Int64(k)
      if skip < duplicates.count && duplicates[skip] == number {
        skip += 1
        continue
      }
      if let record = try? JournalRecord(line: line, detail: detail) { result.append((record, number, line)) }
    }
    return result
  }

  /// The lines of a block of text (the last one may lack its newline), found with memchr.
  package static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var start = 0
      while start < buffer.count {
        let end =
          memchr(base + start, 0x0A, buffer.count - start).map {
            base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
          }
          ?? buffer.count
        result.append(bytes[start..<end])
        start = end + 1
      }
    }
    return result
  }

  /// Every record that may touch `from...to` (and possibly some that do not: callers filter).
  ///
  /// Chunks are read and decoded on all cores, a few at a time, and handed to `body` in
  /// journal order on the calling thread; memory holds only the chunks in flight.
  public func records(overlapping from: Double, _ to: Double, _ body: (JournalRecord) -> Void) throws(FileSystemError) {
    guard let file else { return }
    let selected = index.chunks(overlapping: from, to)
    if selected.count <= 16 {
      // A week or a month: threads would cost more than they save.
      for chunk in selected {
        let bytes = try file.read(at: chunk.offset, count: Int(chunk.length))
        for item in Self.records(in: bytes, chunk: chunk, duplicates: index.duplicates) { body(item.record) }
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
    nonisolated(unsafe) let source = file
    let duplicates = index.duplicates
    func start(_ chunks: [JournalIndex.Chunk]) -> (Slot, DispatchGroup) {
      let slot = Slot()
      let group = DispatchGroup()
      group.enter()
      DispatchQueue.global().async {
        do {
          slot.records = try Self.decode(chunks, from: source, duplicates: duplicates)
        } catch {
          slot.failure = error as? FileSystemError
        }
        group.leave()
      }
      return (slot, group)
    }
    var next = batches.first.map(start)
    for k in batches.indices {
      guard let (slot, group) = next else { break }
      group.wait()
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
  private static func decode(_ chunks: [JournalIndex.Chunk], from file: RandomAccessFile, duplicates: [Int64])
    throws(FileSystemError) -> [[JournalRecord]]
  {
    let results = UnsafeMutableBufferPointer<[JournalRecord]>.allocate(capacity: chunks.count)
    results.initialize(repeating: [])
    let failures = UnsafeMutableBufferPointer<FileSystemError?>.allocate(capacity: chunks.count)
    failures.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
      failures.deinitialize()
      failures.deallocate()
    }
    nonisolated(unsafe) let output = results
    nonisolated(unsafe) let errors = failures
    nonisolated(unsafe) let source = file
    DispatchQueue.concurrentPerform(iterations: chunks.count) { k in
      do {
        let bytes = try source.read(at: chunks[k].offset, count: Int(chunks[k].length))
        output[k] = records(in: bytes, chunk: chunks[k], duplicates: duplicates).map(\.record)
      } catch {
        errors[k] = error as? FileSystemError
      }
    }
    if let failure = failures.compactMap({ $0 }).first { throw failure }
    return Array(results)
  }
}

package extension IndexedJournal {
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
      let bytes = try file.read(at: chunk.offset, count: Int(chunk.length))
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

/// The smallest of a set of instants, in O(log n) per change.
package struct MinHeap {
  private var items: [Double] = []

  package var count: Int { items.count }
  package var minimum: Double { items.first ?? -.infinity }

  package mutating func insert(_ value: Double) {
    items.append(value)
    var k = items.count - 1
    while k > 0 {
      let parent = (k - 1) / 2
      guard items[k] < items[parent] else { break }
      items.swapAt(k, parent)
      k = parent
    }
  }

  package mutating func removeMinimum() {
    guard !items.isEmpty else { return }
    items.swapAt(0, items.count - 1)
    items.removeLast()
    var k = 0
    while true {
      let left = 2 * k + 1
      let right = left + 1
      var smallest = k
      if left < items.count && items[left] < items[smallest] { smallest = left }
      if right < items.count && items[right] < items[smallest] { smallest = right }
      if smallest == k { return }
      items.swapAt(k, smallest)
      k = smallest
    }
  }
}
