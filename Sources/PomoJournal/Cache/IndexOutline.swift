import PomoCore
import PomoPlatform

/// What a report asks of every file of a folder before it reads any: the file and the build
/// its index stands on, the span its sessions touch, and how many quarter hours, corrections
/// and damaged lines the index holds. `FolderIndex` keeps it beside each small file's index,
/// so the index of a file no report reaches is never taken in.
package struct IndexOutline: Equatable {
  var identity: FileIdentity
  var length: Int64
  var lines: Int64
  var build: UInt64
  var quarters: Int64
  var newestQuarter: Int64
  /// The earliest and the latest instant a session of the file touches (infinite without one).
  var earliest: Double
  var latest: Double
  var corrections: Int64
  var badLines: Int64

  init(_ index: JournalIndex) {
    identity = index.identity
    length = index.indexedLength
    lines = index.indexedLines
    build = index.buildID
    quarters = index.quarterCount
    newestQuarter = Int64(index.newestQuarter)
    earliest = index.chunks.map(\.minTime).min() ?? .infinity
    latest = index.chunks.map(\.maxTime).max() ?? -.infinity
    corrections = index.correctionCount
    badLines = Int64(index.badLines.count)
  }

  /// Whether a session of the file may touch `from...to`.
  func touches(_ from: Double, _ to: Double) -> Bool { latest >= from && earliest <= to }

  func put(into out: inout CacheWriter) {
    out.put(identity)
    for n in [length, lines, Int64(bitPattern: build), quarters, newestQuarter, corrections, badLines] { out.put(n) }
    out.put(earliest)
    out.put(latest)
  }

  /// How many words `put` writes.
  static let words = 14

  /// What `put` wrote, at `at` of `bytes` (which hold it).
  init(_ bytes: UnsafeRawBufferPointer, at: Int) {
    func word(_ k: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at + 8 * k, as: UInt64.self))
    }
    func int(_ k: Int) -> Int64 { Int64(bitPattern: word(k)) }
    identity = FileIdentity(device: word(0), inode: word(1), size: int(2), modified: int(3), changed: int(4))
    length = int(5)
    lines = int(6)
    build = word(7)
    quarters = int(8)
    newestQuarter = int(9)
    corrections = int(10)
    badLines = int(11)
    earliest = Double(bitPattern: word(12))
    latest = Double(bitPattern: word(13))
  }
}
