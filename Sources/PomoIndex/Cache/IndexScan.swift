import PomoCore
import PomoJournal
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

// The parts of `JournalIndex.update` that make a first build of a big journal fast: lines
// read in place on all cores, plain structs out, an open-addressing set of ids, radix sorts.

extension JournalIndex {
  /// Bytes read at a time: big enough to keep every core busy between two reads, and to
  /// start the workers seldom (a first build over a million sessions took a fifth longer
  /// with blocks of 4 MB: each block starts its threads and waits for its slowest slice).
  static let blockSize = 1 << 24

  /// One line as a worker read it: where it stands in the buffer, and what the index keeps.
  struct IndexedLine {
    enum Kind: UInt8 {
      case blank, record, correction, bad, tooLong
    }
    var start: Int
    var length: Int
    var kind: Kind = .blank
    var completed = false
    var from = 0.0
    var to = 0.0
    var id: UInt64 = 0
    var prefix: UInt64 = 0
    var added: Double?
    /// Whether a phase counts for an exercise total.
    var exercises = false
    /// Whether, the day totals credited, it was too long for them (`DayCredit.isLong`).
    var long = false
    /// Where the correction (or the problem) of the line is in its slice's list.
    var extra = 0
  }

  /// The lines of a run of the buffer, in order, with the corrections and problems they refer to.
  struct ScannedSlice {
    var lines: [IndexedLine] = []
    var corrections: [CorrectionRef] = []
    var problems: [String] = []
    /// The tags of the slice's sessions and corrections, with how many lines carry each.
    var tags: [String: Int64] = [:]
    /// What its sessions add to the day totals, when they are credited (`FileCredits`).
    var credits = DayTable.Changes()
  }

  /// The lines of a block, where the block stands in the file and in its buffer.
  struct ScannedBlock {
    var slices: [ScannedSlice]
    /// The buffer the lines were read from, whole until the block is taken in.
    var bytes: UnsafeBufferPointer<UInt8>
    /// Where the lines begin in the buffer, and where that is in the file.
    var begin: Int
    var position: Int64
    /// The end of a line over 1 MB, just before this block's lines, when there was one.
    var tooLongEndingAt: Int64?
  }

  /// The lines of `buffer[from..<to]` (which ends just after a newline), summarised on all
  /// cores; the slices keep the lines' order. With `calendars` (one for each of up to
  /// `slicesPerBlock` slices: a calendar's caches are for one thread), each slice credits
  /// its sessions to the day totals too.
  static func scan(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int, calendars: [LocalCalendar]?)
    -> [ScannedSlice]
  {
    guard to > from else { return [] }
    let total = to - from
    let count = total < 1 << 18 ? 1 : min(slicesPerBlock, total >> 18)
    var bounds = [from]
    for k in 1..<count {
      let wanted = from + k * total / count
      // A slice starts just after a newline; `to - 1` is one, so there always is one.
      let start = (firstNewline(buffer, from: max(wanted - 1, bounds[k - 1]), to: to) ?? (to - 1)) + 1
      bounds.append(max(start, bounds[k - 1]))
    }
    bounds.append(to)
    let starts = bounds
    return Parallel.map(count, empty: ScannedSlice()) { k in
      scanSlice(buffer, from: starts[k], to: starts[k + 1], calendar: calendars?[k])
    }
  }

  /// At most this many slices a block, each on a core as one is free: two a core keep the
  /// cores busy, and fewer slices cost less to take in (their tags and credits).
  static let slicesPerBlock = min(16, 2 * Parallel.cores)

  private static func scanSlice(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int, calendar: LocalCalendar?)
    -> ScannedSlice
  {
    var slice = ScannedSlice()
    slice.lines.reserveCapacity((to - from) / 512 + 16)
    var k = from
    let base = buffer.baseAddress!
    var scanned = ScannedLine()
    scanned.keepsPhases = calendar != nil
    var tags = TagCounter()
    while k < to {
      let newline = firstNewline(buffer, from: k, to: to) ?? to
      var line = IndexedLine(start: k, length: newline - k)
      if line.length > LineReader.maxLine {
        line.kind = .tooLong
      } else {
        switch summary(line: UnsafeBufferPointer(start: base + k, count: line.length), scanned: &scanned) {
        case .blank: break
        case .record(let from, let to, let completed, let id, let prefix, let added, let exercises):
          line.kind = .record
          line.from = from
          line.to = to
          line.completed = completed
          line.id = id
          line.prefix = prefix
          line.added = added
          line.exercises = exercises
          let bytes = UnsafeBufferPointer(start: base + k, count: line.length)
          tags.count(scanned.tags, in: bytes, decoded: scanned.decoded)
          if let calendar {
            line.long = !withUnsafePointer(to: &scanned) { slice.credits.add(bytes, scanned: $0, calendar: calendar) }
          }
        case .correction(let ref):
          line.kind = .correction
          line.extra = slice.corrections.count
          slice.corrections.append(ref)
          for tag in scanned.changes.tags ?? [] { tags.count(tag) }
        case .bad(let reason):
          line.kind = .bad
          line.extra = slice.problems.count
          slice.problems.append(reason)
        }
      }
      slice.lines.append(line)
      k = newline + 1
    }
    slice.tags = tags.counts
    return slice
  }

  /// The index of the first newline in `buffer[from..<to]`, found with memchr.
  static func firstNewline(_ buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
    guard from < to, let base = buffer.baseAddress else { return nil }
    return memchr(base + from, 0x0A, to - from).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
  }
}
