import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoPlatform

#if canImport(Glibc)
  import Glibc
#endif

/// A cache file cut short while pomo reads it (a backup restored with `cp`, `> file`, a
/// cleaner) once killed a report with SIGBUS: the day totals were mapped into memory. Cache
/// files are now read whole with `pread` (`FileSnapshot`), a change while reading is noticed
/// and the cache rebuilt, and what was read cannot be reached by a cut made afterwards.
@Suite("Cache files cut short")
struct CacheCutShortTests {
  static func file(_ folder: TemporaryFolder, size: Int = 10_000) throws -> String {
    let path = folder.path + "/cache.bin"
    try Data((0..<size).map { UInt8(truncatingIfNeeded: $0) }).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test(
    "a file cut short, grown, rewritten or replaced between two reads is refused, never half read",
    arguments: ["cut", "emptied", "grown", "rewritten", "replaced"])
  func changedBetweenReads(change: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try Self.file(folder)
    var reads = 0
    #expect(throws: FileSnapshot.changedWhileRead) {
      _ = try FileSnapshot(path: path, chunk: 4096) {
        reads += 1
        guard reads == 1 else { return }
        switch change {
        case "cut": _ = truncate(path, 5000)
        case "emptied": _ = truncate(path, 0)
        case "grown":
          FileHandle(forWritingAtPath: path).map {
            $0.seekToEndOfFile()
            $0.write(Data([1]))
            $0.closeFile()
          }
        case "rewritten":
          FileHandle(forWritingAtPath: path).map {
            $0.seek(toFileOffset: 9000)
            $0.write(Data([1]))
            $0.closeFile()
          }
        default:
          try? Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + ".new"))
          _ = rename(path + ".new", path)
        }
      }
    }
    #expect(reads >= 1, "the seam ran between two reads")
    let whole = try FileSnapshot(path: path, chunk: 4096)
    #expect(whole.bytes.count == Int(Platform.fileSize(path)), "read again, whole")
  }

  @Test("day totals read from a file keep their answer when the file is cut short afterwards")
  func totalsCutAfterRead() throws {
    let h = try HistoryHarness(now: DayTotalsTests.now)
    defer { h.home.cleanUp() }
    try h.write(DayTotalsTests.sessions(200, seed: 5))
    #expect(h.run("report", "--from", DayTotalsTests.from).status == 0)
    let path = h.home.path + "/.cache/pomo/" + DayTotalsTests.totalsFiles(h)[0]
    let source = FNV1a.hash(Platform.absolutePath(h.home.path + "/.local/share/pomo/journal"))
    let totals = try #require(DayTotals(path: path, source: source, days: nil, hours: true))
    let rows = totals.table.rows
    #expect(!rows.isEmpty)
    // `> file`: the same inode, emptied. A mapped table would die of SIGBUS on its next row.
    #expect(truncate(path, 0) == 0)
    var seen: [DayTable.Row] = []
    totals.table.forEachRow(in: Int64.min...Int64.max) { seen.append($0) }
    #expect(seen == rows)
  }

  @Test("every cache file cut short, or emptied, changes no answer")
  func everyCacheFileCut() throws {
    let h = try CacheBitFlipTests.home()
    defer { h.home.cleanUp() }
    let cache = h.home.path + "/.cache/pomo"
    try? FileManager.default.removeItem(atPath: cache)
    let recount = CacheBitFlipTests.answers(h)
    _ = CacheBitFlipTests.answers(h)
    let names = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
    let good = try names.map { try Data(contentsOf: URL(fileURLWithPath: cache + "/" + $0)) }
    for (name, data) in zip(names, good) {
      for size in [0, 8, CacheFile.headerSize, data.count / 2, data.count - 1] where size < data.count {
        for (k, words) in CacheBitFlipTests.commands.enumerated() {
          for (other, bytes) in zip(names, good) { try bytes.write(to: URL(fileURLWithPath: cache + "/" + other)) }
          #expect(truncate(cache + "/" + name, off_t(size)) == 0)
          let result = h.run(words)
          #expect("\(result.status)\n\(result.out)\n\(result.err)" == recount[k], "\(name) cut to \(size): \(words)")
        }
      }
    }
  }
}
