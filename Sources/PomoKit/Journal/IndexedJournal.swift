import Dispatch

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
  /// A last line without a newline, read fresh every time (it may be a write cut short).
  private var tail: (number: Int, bytes: [UInt8])?
  private var tailRecord: JournalRecord?
  public private(set) var badLines: [Journal.BadLine] = []
  public private(set) var earliest: Double = .infinity
  private var cachePath = ""
  private var quartersPath: String { cachePath + ".quarters" }
  /// The sorted quarter hours of completed sessions, read on first use.
  private var quarters: [Int32]?

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

  /// Opens the journal and brings its index (in `cacheFolder`) up to date; a missing journal
  /// is an empty one. A cache that cannot be written only costs time.
  public init(journal: Journal, cacheFolder: String) throws(FileSystemError) {
    self.journal = journal
    guard Platform.fileExists(journal.path) else {
      file = nil
      return
    }
    let file = try RandomAccessFile(path: journal.path)
    self.file = file
    cachePath = cacheFolder + "/index-" + String(ReportBuilder.hash(Platform.absolutePath(journal.path)), radix: 16)
    if let bytes = try? Platform.readFile(cachePath + ".bin"), let cached = JournalIndex(encoded: bytes),
      Platform.fileSize(quartersPath) == cached.quarterCount * 4
    {
      index = cached
    }
    if try index.update(file) {
      if !index.newQuarters.isEmpty {
        let merged = JournalIndex.mergeUnique(loadQuarters(), index.newQuarters)
        quarters = merged
        index.quarterCount = Int64(merged.count)
        index.newestQuarter = merged.last ?? 0
        index.newQuarters = []
        try? Platform.writeAtomically(merged.withUnsafeBytes { Array($0) }, to: quartersPath)
      }
      try? Platform.writeAtomically(index.encoded(), to: cachePath + ".bin")
    }
    badLines = index.badLines
    earliest = index.chunks.map(\.minTime).min() ?? .infinity
    let size = file.identity.size
    if size > index.indexedLength {
      let bytes = try file.read(at: index.indexedLength, count: Int(size - index.indexedLength))
      if !JournalIndex.isBlank(bytes[...]) {
        let number = Int(index.indexedLines) + 1
        tail = (number, bytes)
        do {
          tailRecord = try JournalRecord(line: bytes, detail: false)
          earliest = min(earliest, tailRecord!.start)
        } catch {
          badLines.append(Journal.BadLine(number: number, reason: "the last line is cut short (\(error.message))"))
        }
      }
    }
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
    guard index.quarterCount > 0, tailRecord?.status != .completed else {
      return ReportBuilder.streak(today: today, completedOn: completedOn)
    }
    let path = cachePath + ".streak"
    let newest = index.newestQuarter
    let key = "\(index.quarterCount) \(newest) \(calendar.zone.identifier)"
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
      first = last - Int64(ReportBuilder.streak(today: last, completedOn: completedOn)) + 1
      try? Platform.writeAtomically("\(key)\n\(last) \(first)\n", to: path)
    }
    if last > today { return ReportBuilder.streak(today: today, completedOn: completedOn) }
    return last >= today - 1 ? Int(last - first + 1) : 0
  }

  /// Whether a completed session started in `from..<to` (the unterminated last line included).
  public func hasCompleted(from: Double, to: Double) -> Bool {
    if let tailRecord, tailRecord.status == .completed, tailRecord.start >= from, tailRecord.start < to { return true }
    return JournalIndex.contains(loadQuarters(), from: from, to: to)
  }

  /// The records of a chunk's lines, as reports read them; damaged lines were reported when
  /// the chunk was indexed and are skipped here.
  static func records(in bytes: [UInt8]) -> [JournalRecord] {
    var result: [JournalRecord] = []
    result.reserveCapacity(JournalIndex.linesPerChunk)
    for line in lines(bytes) where !JournalIndex.isBlank(line) {
      if let record = try? JournalRecord(line: line, detail: false) { result.append(record) }
    }
    return result
  }

  /// The lines of a block of text (the last one may lack its newline), found with memchr.
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
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
        Self.records(in: try file.read(at: chunk.offset, count: Int(chunk.length))).forEach(body)
      }
      if let tailRecord { body(tailRecord) }
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
    func start(_ chunks: [JournalIndex.Chunk]) -> (Slot, DispatchGroup) {
      let slot = Slot()
      let group = DispatchGroup()
      group.enter()
      DispatchQueue.global().async {
        do {
          slot.records = try Self.decode(chunks, from: source)
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
    if let tailRecord { body(tailRecord) }
  }

  /// Decodes chunks in parallel; the results keep the chunks' order.
  private static func decode(_ chunks: [JournalIndex.Chunk], from file: RandomAccessFile) throws(FileSystemError)
    -> [[JournalRecord]]
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
        output[k] = records(in: bytes)
      } catch {
        errors[k] = error as? FileSystemError
      }
    }
    if let failure = failures.compactMap({ $0 }).first { throw failure }
    return Array(results)
  }
}
