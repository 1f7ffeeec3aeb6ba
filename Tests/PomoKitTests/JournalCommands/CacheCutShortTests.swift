import Foundation
import PomoKitTestSupport
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
