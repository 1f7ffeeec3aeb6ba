import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal

/// A session appended to the journal costs the index's cache file an append, not a rewrite:
/// once it rewrote 32 MB of side files at a million sessions for every session recorded.
@Suite("Cache appends")
struct CacheAppendTests {
  static func line(_ k: Int) -> String {
    focusSession("s\(k)", start: 1_796_000_000 + Double(k) * 3600).json(offset: { _ in 0 }).text + "\n"
  }

  static func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    handle.closeFile()
  }

  @Test("each session appended adds one small block, leaving every byte before it as it was")
  func appendIsAnAppend() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = home.path + "/journal.jsonl"
    try (0..<5000).map(Self.line).joined().write(toFile: journal, atomically: true, encoding: .utf8)
    let cache = home.path + "/cache"
    let first = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    let path = try #require(first.cacheBase) + ".bin"
    var before = try Data(contentsOf: URL(fileURLWithPath: path))
    for k in 5000..<5010 {
      try Self.append(Self.line(k), to: journal)
      let again = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
      #expect(again.index.idCount == Int64(k + 1))
      let after = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(after.count > before.count && after.count - before.count < 1024, "\(after.count - before.count) bytes")
      #expect(after.prefix(before.count) == before, "the bytes already there are left alone")
      before = after
    }
    // What the appends say is what a build from the journal alone says.
    let cached = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    let recount = try IndexedJournal(journal: Journal(path: journal), cacheFolder: nil)
    #expect(cached.index.chunks == recount.index.chunks)
    #expect(cached.entries(of: \.ids) == recount.entries(of: \.ids))
    #expect(cached.entries(of: \.prefixes) == recount.entries(of: \.prefixes))
    #expect(cached.entries(of: \.quarters) == recount.entries(of: \.quarters))
    #expect(cached.lines(withPrefix: JournalIndex.prefix("s5009".utf8)) == [5010])
  }

  @Test("a line that repeats an id already in the pages is found a duplicate after an append")
  func duplicateAfterAppend() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = home.path + "/journal.jsonl"
    try (0..<9000).map(Self.line).joined().write(toFile: journal, atomically: true, encoding: .utf8)
    let cache = home.path + "/cache"
    _ = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    try Self.append(Self.line(4321) + Self.line(9000), to: journal)
    let again = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    #expect(again.index.duplicates == [9001])
    #expect(again.index.idCount == 9001)
  }

  @Test("appends cut short or damaged are dropped, and the index reads the journal from before them")
  func damagedAppend() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = home.path + "/journal.jsonl"
    try (0..<100).map(Self.line).joined().write(toFile: journal, atomically: true, encoding: .utf8)
    let cache = home.path + "/cache"
    let first = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    let path = try #require(first.cacheBase) + ".bin"
    let base = try Data(contentsOf: URL(fileURLWithPath: path)).count
    for k in 100..<103 {
      try Self.append(Self.line(k), to: journal)
      _ = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    }
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    for damage in [whole.prefix(whole.count - 3), { var d = whole; d[base + 30] ^= 1; return d }()] {
      try damage.write(to: URL(fileURLWithPath: path))
      let again = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
      #expect(again.index.idCount == 103)
      #expect(again.entries(of: \.ids).count == 103)
      #expect(again.lines(withPrefix: JournalIndex.prefix("s102".utf8)) == [103])
      let mended = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
      #expect(mended.entries(of: \.ids).count == 103)
    }
  }

  @Test("after many appends the file is written whole again")
  func rewrittenWhole() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = home.path + "/journal.jsonl"
    try Self.line(0).write(toFile: journal, atomically: true, encoding: .utf8)
    let cache = home.path + "/cache"
    let first = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    let path = try #require(first.cacheBase) + ".bin"
    var shrank = false
    var size = 0
    for k in 1...(IndexedJournal.appendsBeforeRewrite + 2) {
      try Self.append(Self.line(k), to: journal)
      _ = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
      let now = try Data(contentsOf: URL(fileURLWithPath: path)).count
      if now < size { shrank = true }
      size = now
    }
    #expect(shrank, "the appends were folded into a file written whole")
    let cached = try IndexedJournal(journal: Journal(path: journal), cacheFolder: cache)
    #expect(cached.entries(of: \.ids).count == IndexedJournal.appendsBeforeRewrite + 3)
  }
}
