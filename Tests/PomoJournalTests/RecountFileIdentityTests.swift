import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoJournal
@testable import PomoPlatform

/// The recount reads its journal more than once; each pass must read the file the first did.
@Suite("The recount reads one file, as it stood")
struct RecountFileIdentityTests {
  /// `count` sessions a minute apart, as lines.
  static func lines(_ prefix: String, _ count: Int) -> String {
    (0..<count).map { recordLine("\(prefix)-\($0)", 1_796_000_000 + Double($0) * 60) + "\n" }.joined()
  }

  /// A journal of five sessions in `home`, and its recount (the first pass made).
  static func recounted(in home: TemporaryFolder) throws -> (path: String, history: Recount) {
    let path = try home.write("journal.jsonl", lines("old", 5))
    return (path, try Recount(files: [Journal(path: path)]))
  }

  @Test("a journal replaced by a rename between two passes is an error, never an answer mixing the two files")
  func replacedBetweenPasses() throws {
    try TemporaryFolder.with { home in
      let (path, history) = try Self.recounted(in: home)
      var first = 0
      try history.all { _ in first += 1 }
      #expect(first == 5)
      // Another file, longer, renamed over the journal: what `mv` or a sync tool does.
      let other = try home.write("other.jsonl", Self.lines("new", 8))
      #expect(rename(other, path) == 0)
      #expect(throws: FileSystemError.changedWhileRead) { try history.all { _ in } }
    }
  }

  @Test("a journal appended to between two passes still answers as it stood at the first")
  func appendedBetweenPasses() throws {
    try TemporaryFolder.with { home in
      let (path, history) = try Self.recounted(in: home)
      let handle = try #require(FileHandle(forWritingAtPath: path))
      handle.seekToEndOfFile()
      handle.write(Data(Self.lines("more", 3).utf8))
      try handle.close()
      var ids: [String] = []
      try history.all { ids.append($0.id) }
      #expect(ids.count == 5 && ids.allSatisfy { $0.hasPrefix("old-") })
    }
  }

  @Test("a journal path that is a loop of links is an error, as the indexed reader says, not an empty journal")
  func linkLoop() throws {
    try TemporaryFolder.with { home in
      let path = home.file("loop.jsonl")
      #expect(symlink(path, path) == 0)
      #expect(throws: FileSystemError.self) { try Recount(files: [Journal(path: path)]) }
      // A link to nothing is an empty journal, as a missing file is.
      let dangling = home.file("dangling.jsonl")
      #expect(symlink(home.file("nowhere.jsonl"), dangling) == 0)
      var count = 0
      try Recount(files: [Journal(path: dangling)]).all { _ in count += 1 }
      #expect(count == 0)
    }
  }
}
