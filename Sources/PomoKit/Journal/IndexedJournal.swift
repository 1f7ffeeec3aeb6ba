#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif
import Dispatch

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
    let cachePath = cacheFolder + "/index-" + String(ReportBuilder.hash(Platform.absolutePath(journal.path)), radix: 16) + ".bin"
    if let bytes = try? Platform.readFile(cachePath), let cached = JournalIndex(encoded: bytes) {
      index = cached
    }
    if try index.update(file) {
      try? Platform.writeAtomically(index.encoded(), to: cachePath)
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

  /// Whether a completed session started in `from..<to` (the unterminated last line included).
  public func hasCompleted(from: Double, to: Double) -> Bool {
    if let tailRecord, tailRecord.status == .completed, tailRecord.start >= from, tailRecord.start < to { return true }
    return index.hasCompleted(from: from, to: to)
  }

  /// The lines of a block of text (the last one may lack its newline), found with memchr.
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var result: [ArraySlice<UInt8>] = []
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var start = 0
      while start < buffer.count {
        let end =
          memchr(base + start, 0x0A, buffer.count - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
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
    let batch = 16
    let batches = stride(from: 0, to: selected.count, by: batch).map { Array(selected[$0..<min($0 + batch, selected.count)]) }
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
  private static func decode(_ chunks: [JournalIndex.Chunk], from file: RandomAccessFile) throws(FileSystemError) -> [[JournalRecord]] {
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
        var records: [JournalRecord] = []
        records.reserveCapacity(JournalIndex.linesPerChunk)
        for line in lines(bytes) where !JournalIndex.isBlank(line) {
          if let record = try? JournalRecord(line: line, detail: false) { records.append(record) }
        }
        output[k] = records
      } catch {
        errors[k] = error as? FileSystemError
      }
    }
    if let failure = failures.compactMap({ $0 }).first { throw failure }
    return Array(results)
  }
}
