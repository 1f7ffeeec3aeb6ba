import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoPlatform

/// The index's lists grow with the journal (a million sessions make 8 to 16 MB of ids, id
/// prefixes and quarter hours): the cache file keeps them in pages, read as lookups need them
/// and whole when asked, however large (a small read limit once made every append rebuild the
/// index of a big journal, and lost its id prefixes and quarter hours).
@Suite("Index pages")
struct IndexSideFileTests {
  @Test("lists of 300,000 entries are read a page at a time, and whole")
  func largeLists() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = home.path + "/journal.jsonl"
    let records = (0..<3).map { focusSession("s\($0)", start: 1_796_000_000 + Double($0) * 3600) }
    try records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined().write(
      toFile: journal, atomically: true, encoding: .utf8)
    let cache = home.path + "/cache"
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    let first = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    let path = try #require(first.cacheBase) + ".bin"
    let source = FNV1a.hash(Platform.absolutePath(journal))

    // Lists of 300,000 entries (4.8 MB of prefixes, 2.4 MB each of ids and quarters), sorted,
    // with the index saying so.
    let count = 300_000
    let ids = (0..<UInt64(count)).map { $0 * 7 + 1 }
    let quarters = (0..<UInt64(count)).map { JournalIndex.quarterKey(Int32($0 / 8), $0) }
    let prefixes = (0..<count).map { JournalIndex.PrefixEntry(prefix: UInt64($0) << 8, line: 1) }
    var index = try #require(IndexCache.open(path, source: source)).index
    index.indexedLines = Int64(count)  // Counts may not pass the lines.
    index.idCount = Int64(count)
    index.quarterCount = Int64(count)
    index.prefixCount = Int64(count)
    IndexCache.write(
      to: path, source: source, index: index, corrections: CorrectionTable(), ids: ids, prefixes: prefixes,
      quarters: quarters)

    let again = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    #expect(again.index.prefixCount == Int64(count), "the index was kept, not built again")
    #expect(again.lines(withPrefix: 1000 << 8) == [1])
    #expect(again.completedKeys(from: 900 * 10, to: 900 * 11).count == 8)
    #expect(again.entries(of: \.prefixes).count == count)
    #expect(again.entries(of: \.quarters).count == count)
    #expect(again.entries(of: \.ids).count == count)
    #expect(SessionID.contains(again.entries(of: \.ids), 7 * 1000 + 1))
  }
}
