import PomoCore
import PomoJournal
import PomoPlatform

/// One run of `JournalIndex.update` over the lines appended since the index was last brought
/// up to date: the chunk being filled, the ids met, and where the reading stands in the file.
///
/// Its steps take the index they extend as an argument, so that the index's lists grow where
/// they are; `isKnown` (whether the index had an id before) is handed down to the one step
/// that asks it.
struct IndexUpdate {
  typealias Chunk = JournalIndex.Chunk
  typealias IndexedLine = JournalIndex.IndexedLine
  typealias ScannedSlice = JournalIndex.ScannedSlice
  typealias ScannedBlock = JournalIndex.ScannedBlock

  let file: RandomAccessFile
  /// The file's size when it was found: the lines appended while this runs are left to the next run.
  let size: Int64
  /// The calendar the day totals are credited in (a build from the first line), and a copy
  /// of it for each slice of a block (its caches are for one thread).
  let calendar: LocalCalendar?
  let calendars: [LocalCalendar]?
  /// What the lines add to the day totals (`FileCredits`), when they are credited.
  var credited: FileCredits?
  /// Whether the index held ids before, so that each id must be checked against them.
  let knowsSome: Bool
  var idSet = IDSet()
  /// A line a slice credited, read again to take it back (`takeBack`).
  var scanned = ScannedLine()
  var chunk: Chunk
  var linesInChunk = 0

  /// The file offset of the first byte of the buffer being read, always at a line's start.
  var position: Int64
  /// Where the next block is read from.
  var offset: Int64
  /// Inside a line longer than `LineReader.maxLine`, whose bytes are dropped unread.
  var skipping = false
  /// How many bytes the buffer to read into already holds (the part of a line the last read cut).
  var filled = 0
  /// The bytes each buffer holds: a block, and the part of a line before it.
  let capacity: Int
  /// Whether room was made for the ids and the lists (once the first block was read).
  var reserved = false

  /// Starts where `index` ends, in the last chunk when it is not full and ends there, so
  /// appends do not leave a trail of tiny chunks.
  init(
    extending index: inout JournalIndex, file: RandomAccessFile, size: Int64, calendar: LocalCalendar?,
    credited: FileCredits?
  ) {
    let numbers = index.numbers
    (self.file, self.size, self.calendar, self.credited) = (file, size, calendar, credited)
    calendars = credited == nil ? nil : calendar.map { c in (0..<JournalIndex.slicesPerBlock).map { _ in c.ownCopy } }
    knowsSome = numbers.indexedLength > 0 && numbers.idCount > 0
    (position, offset) = (numbers.indexedLength, numbers.indexedLength)
    capacity = Int(min(Int64(LineReader.maxLine + JournalIndex.blockSize), size - numbers.indexedLength))
    chunk = Chunk(offset: position, firstLine: numbers.indexedLines + 1)
    if let last = index.chunks.last, last.offset + last.length == numbers.indexedLength,
      numbers.indexedLines - last.firstLine + 1 < Int64(JournalIndex.linesPerChunk)
    {
      chunk = index.chunks.removeLast()
      linesInChunk = Int(numbers.indexedLines - last.firstLine + 1)
    }
  }

  // MARK: - Reading the file

  /// What the workers found in a block, handed back from their thread.
  private final class Slot: @unchecked Sendable {
    var slices: [ScannedSlice] = []
  }

  /// Reads the file from `offset` to `size` into `index`, a block at a time.
  ///
  /// The file is read into two buffers in turn: the part of a line the last read cut, then
  /// the next block. While the workers read the lines of one, this thread takes in what they
  /// found in the other and reads the next block into it. Lines are read where they stand.
  mutating func read(into index: inout JournalIndex, isKnown: (UInt64) -> Bool) throws(FileSystemError) {
    var buffers = [
      UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity),
      UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity),
    ]
    var scanning: Parallel.Pending?
    defer {
      scanning?.wait()
      for buffer in buffers { buffer.deallocate() }
    }
    /// The block the workers read last, not yet taken in.
    var previous: ScannedBlock?
    var read = try readBlock(into: buffers[0])
    while read > 0 {
      let buffer = buffers[0]
      guard let (begin, tooLongEndingAt) = lineStart(in: buffer, read: read) else {
        read = try readBlock(into: buffer)
        continue
      }
      filled += read
      // Only whole lines are read; the rest waits for the next block.
      var end = filled
      while end > begin && buffer[end - 1] != 0x0A { end -= 1 }
      let slot = Slot()
      nonisolated(unsafe) let bytes = UnsafeBufferPointer(buffer)
      let (from, to, calendars) = (begin, end, calendars)
      // A few lines (what an append brought, a small file) are read on this thread.
      scanning = Parallel.background(spread: to - from >= 1 << 18) {
        slot.slices = JournalIndex.scan(bytes, from: from, to: to, calendars: calendars)
      }
      if let block = previous { take(block, into: &index, isKnown: isKnown) }
      previous = nil
      carry(buffer, from: end, into: buffers[1])
      read = try readBlock(into: buffers[1])
      scanning?.wait()
      if !reserved && end > begin { reserve(for: slot.slices, bytes: end - begin, in: &index) }
      previous = ScannedBlock(
        slices: slot.slices, bytes: UnsafeBufferPointer(buffer), begin: begin, position: position,
        tooLongEndingAt: tooLongEndingAt)
      position += Int64(end - begin)
      buffers.swapAt(0, 1)
    }
    if let block = previous { take(block, into: &index, isKnown: isKnown) }
  }

  /// Reads the next block into `buffer` after `filled` bytes; how many (0 at the end). A
  /// block is `blockSize` at most, so memory holds a long line only while one is read.
  private mutating func readBlock(into buffer: UnsafeMutableBufferPointer<UInt8>) throws(FileSystemError) -> Int {
    guard offset < size else { return 0 }
    let count = Int(min(Int64(min(capacity - filled, JournalIndex.blockSize)), size - offset))
    let read = try file.read(
      at: offset,
      into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[filled..<filled + count])))
    // The file held `size` bytes: fewer means it was cut while read, and lines already read
    // may be gone.
    guard read == count else { throw .changedWhileRead }
    offset += Int64(read)
    return read
  }

  /// Where the lines to read begin in a block just read (at file offset `position`), and the
  /// end of the line too long to be a record it ends, if any; nil while such a line goes on
  /// past the block.
  private mutating func lineStart(in buffer: UnsafeMutableBufferPointer<UInt8>, read: Int) -> (Int, Int64?)? {
    guard skipping else { return (0, nil) }
    guard let newline = JournalIndex.firstNewline(UnsafeBufferPointer(buffer), from: 0, to: read) else { return nil }
    skipping = false
    position = offset - Int64(read) + Int64(newline) + 1
    return (newline + 1, position)
  }

  /// Starts `next` with the rest of `buffer` after `end` (a line cut short), or drops it when
  /// the line is already too long to be a record.
  private mutating func carry(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, from end: Int, into next: UnsafeMutableBufferPointer<UInt8>
  ) {
    let rest = filled - end
    if rest > LineReader.maxLine {
      skipping = true
      filled = 0
    } else {
      if rest > 0 {
        UnsafeMutableRawPointer(next.baseAddress!).copyMemory(from: buffer.baseAddress! + end, byteCount: rest)
      }
      filled = rest
    }
  }

  /// Makes room for as many ids as the rest of the file holds lines as long as the `bytes`
  /// of the first block's `slices` (up to four million), so the set seldom moves them all to a
  /// bigger table, nor the lists grow by copies.
  private mutating func reserve(for slices: [ScannedSlice], bytes: Int, in index: inout JournalIndex) {
    reserved = true
    let lines = Int64(slices.reduce(0) { $0 + $1.lines.count })
    let expected = Int(min((size - position) / Int64(bytes) * lines, 1 << 22))
    idSet.reserve(expected)
    index.added.prefixes.reserveCapacity(expected)
    index.added.quarters.reserveCapacity(expected)
  }

  // MARK: - Taking the lines in

  /// Takes in the lines of a block, as the workers read them, in order.
  private mutating func take(_ block: ScannedBlock, into index: inout JournalIndex, isKnown: (UInt64) -> Bool) {
    if let end = block.tooLongEndingAt { tooLong(endingAt: end, in: &index) }
    for slice in block.slices {
      for (tag, count) in slice.tags { index.newTags[tag, default: 0] += count }
      credited?.changes.add(slice.credits)
    }
    if !knowsSome {
      for slice in block.slices { idSet.warm(slice.lines.lazy.filter { $0.kind == .record }.map(\.id)) }
    }
    for slice in block.slices {
      for line in slice.lines {
        take(line, of: slice, in: block, into: &index, isKnown: isKnown)
      }
    }
  }

  /// Takes in one line of a block: counts it in its chunk, and keeps what the index keeps of it.
  private mutating func take(
    _ line: IndexedLine, of slice: ScannedSlice, in block: ScannedBlock, into index: inout JournalIndex,
    isKnown: (UInt64) -> Bool
  ) {
    let lineEnd = block.position + Int64(line.start + line.length + 1 - block.begin)
    if line.kind == .tooLong {
      tooLong(endingAt: lineEnd, in: &index)
      return
    }
    index.numbers.indexedLines += 1
    linesInChunk += 1
    chunk.length += Int64(line.length + 1)
    switch line.kind {
    case .blank, .tooLong: break
    case .record:
      if !isNew(line.id, isKnown: isKnown) {
        index.duplicates.append(index.numbers.indexedLines)
        takeBack(line, in: block)
      } else {
        takeRecord(line, at: lineEnd - Int64(line.length + 1), into: &index)
      }
    case .correction:
      var ref = slice.corrections[line.extra]
      if !isNew(ref.id, isKnown: isKnown) {
        index.duplicates.append(index.numbers.indexedLines)
      } else {
        ref.offset = lineEnd - Int64(line.length + 1)
        ref.length = Int64(line.length)
        index.added.corrections.append(ref)
      }
    case .bad:
      let number = Int(index.numbers.indexedLines)
      index.badLines.append(Journal.BadLine(number: number, reason: slice.problems[line.extra]))
    }
    if linesInChunk == JournalIndex.linesPerChunk { closeChunk(next: chunk.offset + chunk.length, in: &index) }
  }

  /// Takes in a session's line (its id new), which starts at file offset `start`: its times
  /// in its chunk, its quarter hour, its id prefix, and when `pomo add` recorded it.
  private mutating func takeRecord(_ line: IndexedLine, at start: Int64, into index: inout JournalIndex) {
    if line.long { credited?.long[line.id] = line.prefix }
    chunk.minTime = min(chunk.minTime, line.from)
    chunk.maxTime = max(chunk.maxTime, line.to)
    if line.exercises { chunk.flags |= 1 }
    if line.completed {
      index.added.quarters.append(JournalIndex.quarterKey(JournalIndex.quarter(line.from), line.id))
    }
    index.added.prefixes.append(JournalIndex.PrefixEntry(prefix: line.prefix, line: index.numbers.indexedLines))
    if let at = line.added {
      index.added.corrections.append(
        JournalIndex.CorrectionRef(
          session: line.id, sessionPrefix: line.prefix, id: line.id, kind: .added, at: at, from: .nan, to: .nan,
          offset: start, length: Int64(line.length)))
    }
  }

  private mutating func closeChunk(next: Int64, in index: inout JournalIndex) {
    if linesInChunk > 0 { index.chunks.append(chunk) }
    chunk = Chunk(offset: next, firstLine: index.numbers.indexedLines + 1)
    linesInChunk = 0
  }

  /// A line too long to be a record is damaged, and kept out of every chunk.
  private mutating func tooLong(endingAt end: Int64, in index: inout JournalIndex) {
    index.numbers.indexedLines += 1
    index.badLines.append(Journal.BadLine(number: Int(index.numbers.indexedLines), reason: Journal.tooLongReason))
    closeChunk(next: end, in: &index)
  }

  private mutating func isNew(_ id: UInt64, isKnown: (UInt64) -> Bool) -> Bool {
    if knowsSome && isKnown(id) { return false }
    return idSet.insert(id)
  }

  /// Takes back what a slice credited for a line that repeats an earlier id (rare).
  private mutating func takeBack(_ line: IndexedLine, in block: ScannedBlock) {
    let bytes = UnsafeBufferPointer(rebasing: block.bytes[line.start..<line.start + line.length])
    guard let calendar, credited != nil, !line.long, (try? RecordScanner.scan(bytes, into: &scanned)) != nil else {
      return
    }
    _ = withUnsafePointer(to: &scanned) { credited!.changes.add(bytes, scanned: $0, calendar: calendar, sign: -1) }
  }

  // MARK: - Finishing

  /// Closes the last chunk, sorts what the lines added to the lists, and counts it all in
  /// the index's numbers, up to `position` (a last line without its newline is not indexed:
  /// it may be a write in progress).
  mutating func finish(_ index: inout JournalIndex) {
    if linesInChunk > 0 { index.chunks.append(chunk) }
    // The three sorts side by side. The prefixes' is stable, and they came in line order:
    // so they end sorted by prefix, then line.
    nonisolated(unsafe) var quarters = index.added.quarters
    nonisolated(unsafe) var prefixes = index.added.prefixes
    nonisolated(unsafe) var ids = idSet.elements
    idSet = IDSet()
    index.added.quarters = []
    index.added.prefixes = []
    Parallel.forEach(3, spread: ids.count > 1 << 14) { k in
      switch k {
      case 0: RadixSort.sort(&quarters) { $0 }
      case 1: RadixSort.sort(&prefixes) { $0.prefix }
      default: RadixSort.sort(&ids) { $0 }
      }
    }
    (index.added.quarters, index.added.prefixes, index.added.ids) = (quarters, prefixes, ids)
    index.numbers.indexedLength = position
    index.numbers.idCount += Int64(ids.count)
    index.numbers.quarterCount += Int64(quarters.count)
    if let last = quarters.last {
      let newest = Int64(JournalIndex.quarter(ofKey: last))
      index.numbers.newestQuarter =
        index.numbers.quarterCount == Int64(quarters.count) ? newest : max(index.numbers.newestQuarter, newest)
    }
    index.numbers.prefixCount += Int64(prefixes.count)
    index.numbers.correctionCount += Int64(index.added.corrections.count)
    for (tag, count) in index.newTags { index.tags[tag, default: 0] += count }
  }
}
