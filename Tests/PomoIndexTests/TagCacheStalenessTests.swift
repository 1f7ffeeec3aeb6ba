import Foundation
@testable import PomoIndex
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// The tag cache once skipped the file-time check the index makes: a tag edited in place at
/// the same size, away from the first and last 4 KiB, showed in reports while
/// `completions --list tags` kept the old one. The tags are now kept by the index itself.
@Suite("Tag cache staleness")
struct TagCacheStalenessTests {
  @Test("a tag edited in place at the same size, mid-file, is seen by the tag cache as by the index")
  func editInPlace() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let path = home.path + "/journal.jsonl"
    let records = (0..<300).map { k in
      focusSession("s\(k)", start: 1_796_000_000 + Double(k) * 3600, tags: k == 150 ? ["alpha"] : ["plain"])
    }
    try records.map { $0.json(offset: { _ in 0 }).text + "\n" }.joined().write(
      toFile: path, atomically: true, encoding: .utf8)
    let cache = home.path + "/cache"
    let journal = Journal(path: path)
    #expect(try IndexedJournal(journal: journal, cacheFolder: cache).tags == ["alpha", "plain"])

    // "alpha" becomes "omega" where it stands: same size, same inode, far from both ends.
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let at = try #require(text.utf8.firstRange(of: Array("\"alpha\"".utf8)))
    let offset = text.utf8.distance(from: text.utf8.startIndex, to: at.lowerBound) + 1
    #expect(offset > 8192 && offset < text.utf8.count - 8192)
    let handle = try #require(FileHandle(forUpdatingAtPath: path))
    try handle.seek(toOffset: UInt64(offset))
    handle.write(Data("omega".utf8))
    try handle.close()

    let reopened = try IndexedJournal(journal: journal, cacheFolder: cache)
    var tags: [String] = []
    try IndexedHistory(files: [reopened]).records(overlapping: -.infinity, .infinity) { tags += $0.tags }
    #expect(Set(tags) == ["omega", "plain"], "the index sees the edit")
    #expect(reopened.tags == ["omega", "plain"], "and so do the tags")
  }
}
