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

  /// What `put` wrote; nil when it does not fit.
  init?(from input: inout CacheReader) {
    guard let identity = input.identity(), let length = input.int(), let lines = input.int(), let build = input.word(),
      let quarters = input.int(), let newest = input.int(), let corrections = input.int(), let bad = input.int(),
      let earliest = input.double(), let latest = input.double()
    else { return nil }
    self.identity = identity
    self.length = length
    self.lines = lines
    self.build = build
    self.quarters = quarters
    newestQuarter = newest
    self.corrections = corrections
    badLines = bad
    self.earliest = earliest
    self.latest = latest
  }
}
