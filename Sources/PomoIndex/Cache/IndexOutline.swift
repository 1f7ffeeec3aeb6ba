import PomoCore
import PomoJournal
import PomoPlatform

/// What a report asks of every file of a folder before it reads any: the file and the build
/// its index stands on, the span its sessions touch, and how many quarter hours, corrections
/// and damaged lines the index holds. `FolderIndex` keeps it beside each small file's index,
/// so the index of a file no report reaches is never taken in.
///
/// Fourteen words, kept as they lie in memory (`put`), in the order they are declared.
package struct IndexOutline: Equatable, BitwiseCopyable {
  var identity: FileIdentity
  var length: Int64
  var lines: Int64
  var build: UInt64
  var quarters: Int64
  var newestQuarter: Int64
  var corrections: Int64
  var badLines: Int64
  /// The earliest and the latest instant a session of the file touches (infinite without one).
  var earliest: Double
  var latest: Double

  init(_ index: JournalIndex) {
    identity = index.identity
    length = index.indexedLength
    lines = index.indexedLines
    build = index.buildID
    quarters = index.quarterCount
    newestQuarter = index.newestQuarter
    corrections = index.correctionCount
    badLines = Int64(index.badLines.count)
    // One pass, with no copies: a million sessions are sixteen thousand chunks, and every
    // report asks this of each file.
    earliest = .infinity
    latest = -.infinity
    for chunk in index.chunks {
      earliest = min(earliest, chunk.minTime)
      latest = max(latest, chunk.maxTime)
    }
  }

  /// Whether a session of the file may touch `from...to`.
  func touches(_ from: Double, _ to: Double) -> Bool { latest >= from && earliest <= to }

  func put(into out: inout CacheWriter) { out.put(value: self) }

  /// How many words `put` writes.
  static let words = MemoryLayout<IndexOutline>.size / 8

  /// What `put` wrote, at `at` of `bytes` (which hold it).
  init(_ bytes: UnsafeRawBufferPointer, at: Int) { self = bytes.loadUnaligned(fromByteOffset: at, as: Self.self) }
}
