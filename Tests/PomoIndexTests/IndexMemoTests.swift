import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoPlatform

/// The streak and the ids several files hold are remembered as memos in the first file's
/// index file (`IndexMemo`, `IndexTail`), not in files of their own: what they answer must be
/// what the journal says (`Recount`), after every change, whatever happened to their blocks,
/// and they must never cost the index its appends.
@Suite("Memos in the index file")
struct IndexMemoTests {
  // Tuesday 2026-12-01 12:00 UTC.
  static let now = 1_796_126_400.0
  static var calendar: LocalCalendar { LocalCalendar(zone: FixedZone(), weekStart: 1) }
  static let today = LocalCalendar(zone: FixedZone(), weekStart: 1).day(of: now)

  static func line(_ id: String, day: Int64, hour: Double = 9, host: String = "laptop") -> String {
    focusSession(id, start: calendar.start(of: day) + hour * 3600, host: host).json(offset: { _ in 0 }).text + "\n"
  }

  static func delete(_ target: String, id: String) -> String {
    #"{"v":2,"kind":"delete","id":"\#(id)","target":"\#(target)","at":"2026-12-01T10:00:00+00:00","host":"x"}"#
      + "\n"
  }

  static func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    handle.closeFile()
  }

  /// A journal folder of two files: `a` holds a session a day for the last 40 days, `b` the
  /// 20 days before, and one session `a` holds too (a file synced twice).
  struct Folder {
    let home: TemporaryFolder
    var a: String { home.path + "/journal/a.jsonl" }
    var b: String { home.path + "/journal/b.jsonl" }
    var cache: String { home.path + "/cache" }
    var aIndex: String { cache + "/index-" + String(FNV1a.hash(Platform.absolutePath(a)), radix: 16) + ".bin" }
    var aSource: UInt64 { FNV1a.hash(Platform.absolutePath(a)) }

    init() throws {
      home = try TemporaryFolder()
      try home.write(
        "journal/a.jsonl",
        (1...40).map { IndexMemoTests.line("a\($0)", day: IndexMemoTests.today - Int64($0)) }.joined())
      try home.write(
        "journal/b.jsonl",
        (41...60).map { IndexMemoTests.line("b\($0)", day: IndexMemoTests.today - Int64($0), hour: 10, host: "desk") }
          .joined() + IndexMemoTests.line("a5", day: IndexMemoTests.today - 5))
    }

    /// The history as a report reads it, through the indexes in `cache` (nil: none kept).
    func history(cache: String?) throws -> IndexedHistory {
      IndexedHistory(files: try [a, b].map { try IndexedJournal(journal: Journal(path: $0), cacheFolder: cache) })
    }

    /// The streak and the shared ids with the caches: worked out and kept, then read back.
    func answers() throws -> [(streak: Int, shared: [UInt64])] {
      try (0..<2).map { _ in
        let history = try history(cache: cache)
        return (history.streak(today: IndexMemoTests.today, calendar: IndexMemoTests.calendar), history.sharedIDHashes)
      }
    }

    /// What the journal alone says: the streak of the recount, the ids merged with no cache.
    func recount() throws -> (streak: Int, shared: [UInt64]) {
      let streak = try Recount(files: [Journal(path: a), Journal(path: b)]).streak(
        today: IndexMemoTests.today, calendar: IndexMemoTests.calendar)
      return (streak, try history(cache: nil).sharedIDHashes)
    }

    /// Every file in the cache folder.
    func cacheFiles() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: cache).sorted() }
  }

  /// Checks the answers with caches against the recount, and that the memos lie in the
  /// first file's index file, with no memo file beside it.
  static func check(_ folder: Folder, _ step: String) throws {
    let recount = try folder.recount()
    for (n, answer) in try folder.answers().enumerated() {
      #expect(answer.streak == recount.streak, "\(step), run \(n + 1): streak")
      #expect(answer.shared == recount.shared, "\(step), run \(n + 1): shared ids")
    }
    let names = try folder.cacheFiles()
    #expect(!names.contains { $0.hasSuffix(".streak") || $0.hasSuffix(".shared") }, "\(step): \(names)")
    let tail = try #require(IndexCache.open(folder.aIndex, source: folder.aSource)?.tail)
    #expect(tail.memos[.streak] != nil && tail.memos[.sharedIDs] != nil, "\(step): the memos are in a's index file")
  }

  @Test("the streak and the shared ids stay right across appends, corrections and rewrites, kept in the index file")
  func rightAfterEveryChange() throws {
    let folder = try Folder()
    defer { folder.home.cleanUp() }
    // Memo files an earlier version of pomo left are removed when met.
    try FileManager.default.createDirectory(atPath: folder.cache, withIntermediateDirectories: true)
    let base = String(folder.aIndex.dropLast(4))
    for old in [".streak", ".shared"] { try "old".write(toFile: base + old, atomically: true, encoding: .utf8) }
    try Self.check(folder, "first reports")
    #expect(try folder.recount().streak == 60)
    #expect(try folder.recount().shared.count == 1)

    try Self.append(Self.line("b-today", day: Self.today, host: "desk"), to: folder.b)
    try Self.check(folder, "a session today in the second file")
    #expect(try folder.recount().streak == 61)

    try Self.append(Self.delete("b-today", id: "c1"), to: folder.a)
    try Self.check(folder, "today's session deleted")
    #expect(try folder.recount().streak == 60)

    try Self.append(Self.line("b45", day: Self.today - 45), to: folder.a)
    try Self.check(folder, "a session the second file holds, appended to the first")
    #expect(try folder.recount().shared.count == 2)

    try Self.append(Self.delete("a20", id: "c2"), to: folder.a)
    try Self.check(folder, "a day in the middle of the run deleted")
    #expect(try folder.recount().streak == 19)

    // The first file put back as a copy (another inode): its index is written whole again.
    let text = try String(contentsOfFile: folder.a, encoding: .utf8)
    try FileManager.default.removeItem(atPath: folder.a)
    try text.write(toFile: folder.a, atomically: true, encoding: .utf8)
    try Self.check(folder, "the first file replaced by a copy")

    // The second file cut back: the memos no longer stand, and are worked out again.
    let lines = try String(contentsOfFile: folder.b, encoding: .utf8).split(separator: "\n")
    try (lines.dropFirst(10).joined(separator: "\n") + "\n").write(toFile: folder.b, atomically: false, encoding: .utf8)
    try Self.check(folder, "the second file cut")
  }

  @Test("a session the second file holds, appended to the first on another day, no longer counts on its old day")
  func sharedIDMovesTheStreak() throws {
    let folder = try Folder()
    defer { folder.home.cleanUp() }
    try Self.check(folder, "first reports")
    #expect(try folder.recount().streak == 60)
    // `b50` is now the first file's session, 70 days ago: the second file's copy is no
    // session, and the run stops 49 days back.
    try Self.append(Self.line("b50", day: Self.today - 70), to: folder.a)
    #expect(try folder.recount().streak == 49)
    try Self.check(folder, "a session of the second file appended to the first, on another day")
    // With no cache at all, the same.
    #expect(try folder.history(cache: nil).streak(today: Self.today, calendar: Self.calendar) == 49)
  }

  @Test(
    "an index with memo blocks followed by appends reads every append, and a damaged memo is passed over and kept again"
  )
  func damagedMemo() throws {
    let folder = try Folder()
    defer { folder.home.cleanUp() }
    _ = try folder.history(cache: folder.cache)
    let pages = try Data(contentsOf: URL(fileURLWithPath: folder.aIndex)).count
    _ = try folder.answers()
    let memos = try Data(contentsOf: URL(fileURLWithPath: folder.aIndex)).count
    #expect(memos > pages, "the memos were appended to the index file")
    for k in 0..<3 {
      try Self.append(Self.line("new\(k)", day: Self.today, hour: 8 + Double(k)), to: folder.a)
      _ = try IndexedJournal(journal: Journal(path: folder.a), cacheFolder: folder.cache)
    }
    let lines = Int64(43)
    let good = try #require(IndexCache.open(folder.aIndex, source: folder.aSource))
    #expect(good.index.indexedLines == lines, "every append after the memos is read")
    #expect(good.tail.blocks == 5)
    #expect(good.tail.memos.count == 2)
    let whole = try Data(contentsOf: URL(fileURLWithPath: folder.aIndex))

    // The first memo block (the shared ids', which the streak asks for first): its tag, its
    // length, its checksum, its payload. The block: its header (24 bytes), then the memo's
    // key, its marks of the two files and the one id hash (136 bytes in all).
    for place in [0, 3, 8, 17, 24, 33, 64, 135] {
      var bytes = whole
      bytes[pages + place] ^= 0x10
      try bytes.write(to: URL(fileURLWithPath: folder.aIndex))
      let damaged = try #require(IndexCache.open(folder.aIndex, source: folder.aSource))
      #expect(damaged.tail.memos[.sharedIDs] == nil, "byte \(place): the damaged memo is never trusted")
      if place >= 16 {
        #expect(damaged.index.indexedLines == lines, "byte \(place): the appends after a damaged memo are read")
        #expect(damaged.tail.memos[.streak] != nil, "byte \(place): the memo after it is read")
      }
      try Self.check(folder, "byte \(place) of the shared ids' memo flipped")
      let mended = try #require(IndexCache.open(folder.aIndex, source: folder.aSource))
      #expect(mended.index.indexedLines == lines, "byte \(place): the index is whole")
    }
  }

  @Test("memos kept on every report grow the index file only up to its room, then it is written whole with the newest")
  func bounded() throws {
    let folder = try Folder()
    defer { folder.home.cleanUp() }
    let first = try IndexedJournal(journal: Journal(path: folder.a), cacheFolder: folder.cache)
    let size = try Data(contentsOf: URL(fileURLWithPath: folder.aIndex)).count
    var largest = 0
    var shrank = false
    for k in 0..<(IndexedJournal.appendsBeforeRewrite + 10) {
      first.keep(IndexMark.memo([Int64(k)], key: 1, now: []), as: .streak)
      let now = try Data(contentsOf: URL(fileURLWithPath: folder.aIndex)).count
      if now < largest { shrank = true }
      largest = max(largest, now)
      if k == 0 {
        first.keep(IndexMark.memo([UInt64(7)], key: 2, now: []), as: .sharedIDs)
      }
    }
    #expect(shrank, "written whole again once the memos outgrew their room")
    #expect(largest <= size + (1 << 20) + 1024)
    let again = try #require(IndexCache.open(folder.aIndex, source: folder.aSource))
    let last = Int64(IndexedJournal.appendsBeforeRewrite + 9)
    #expect(IndexMark.cached(Int64.self, in: again.tail.memos[.streak], key: 1, now: [])?.1 == [last])
    #expect(IndexMark.cached(UInt64.self, in: again.tail.memos[.sharedIDs], key: 2, now: [])?.1 == [7])
    #expect(again.tail.blocks < 20, "the memos written over are gone")
    #expect(again.index.indexedLines == 40)
  }

  @Test("a history of a folder's small files keeps its memos in the first file's index file, and answers from them")
  func folderOfSmallFiles() throws {
    let folder = try Folder()
    defer { folder.home.cleanUp() }
    let paths = [folder.a, folder.b]
    func history() throws -> (IndexedHistory, [Bool]) {
      let index = FolderIndex(folder: folder.home.path + "/journal", cacheFolder: folder.cache)
      var fromFolder: [Bool] = []
      let files = try paths.map { path throws -> IndexedJournal in
        if let file = index.indexed(Journal(path: path), seen: nil) {
          fromFolder.append(true)
          return file
        }
        fromFolder.append(false)
        return try IndexedJournal(journal: Journal(path: path), cacheFolder: folder.cache)
      }
      index.save(files)
      return (IndexedHistory(files: files), fromFolder)
    }
    let recount = try folder.recount()
    for run in 0..<3 {
      let (history, fromFolder) = try history()
      #expect(fromFolder == [run > 0, run > 0])
      #expect(history.streak(today: Self.today, calendar: Self.calendar) == recount.streak)
      #expect(history.sharedIDHashes == recount.shared)
      if run == 2 {
        #expect(history.files.allSatisfy { $0.folderEntry != nil }, "answered from the memos, no index taken in")
      }
    }
    #expect(!(try folder.cacheFiles()).contains { $0.hasSuffix(".streak") || $0.hasSuffix(".shared") })
    // With no index file to hold them, the first file's is written from the folder's cache.
    try FileManager.default.removeItem(atPath: folder.aIndex)
    let (history, _) = try history()
    #expect(history.streak(today: Self.today, calendar: Self.calendar) == recount.streak)
    #expect(IndexCache.open(folder.aIndex, source: folder.aSource)?.tail.memos[.streak] != nil)
  }

  @Test("without a cache no memo is kept")
  func noCache() throws {
    let folder = try Folder()
    defer { folder.home.cleanUp() }
    let history = try folder.history(cache: nil)
    #expect(history.streak(today: Self.today, calendar: Self.calendar) == 60)
    #expect(history.sharedIDHashes.count == 1)
    #expect(history.files[0].memo(.streak) == nil)
    #expect(!FileManager.default.fileExists(atPath: folder.cache))
  }
}
