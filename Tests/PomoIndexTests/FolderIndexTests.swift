import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoPlatform

/// A folder of thousands of small journal files once cost two opens a file for every report
/// (0.27 s for 10,000 files): their indexes are now kept together in one cache file.
@Suite("Folder index")
struct FolderIndexTests {
  static func line(_ k: Int, host: String) -> String {
    focusSession("\(host)-\(k)", start: 1_796_000_000 + Double(k) * 3600, tags: ["t\(k % 3)"], host: host)
      .json(offset: { _ in 0 }).text + "\n"
  }

  static func records(_ file: IndexedJournal) throws -> [String] {
    var ids: [String] = []
    try IndexedHistory(files: [file]).records(overlapping: -.infinity, .infinity) { ids.append($0.id) }
    return ids
  }

  @Test("small files take their indexes from the folder's cache, unopened until read, and a changed one is indexed again")
  func folderCache() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let folder = home.path + "/journal"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let paths = (0..<5).map { folder + "/host\($0)-aaaa.jsonl" }
    for (n, path) in paths.enumerated() {
      try (0..<3).map { Self.line($0, host: "h\(n)") }.joined().write(toFile: path, atomically: true, encoding: .utf8)
    }
    let cache = home.path + "/cache"
    func build() throws -> (FolderIndex, [IndexedJournal], [Bool]) {
      let index = FolderIndex(folder: folder, cacheFolder: cache)
      var fromFolder: [Bool] = []
      let files = try paths.map { path throws -> IndexedJournal in
        if let file = index.indexed(Journal(path: path), seen: nil) {
          fromFolder.append(true)
          return file
        }
        fromFolder.append(false)
        return try IndexedJournal(journal: Journal(path: path), cacheFolder: cache)
      }
      index.save(files)
      return (index, files, fromFolder)
    }
    let (_, first, none) = try build()
    #expect(none == [false, false, false, false, false])
    let (_, second, all) = try build()
    #expect(all == [true, true, true, true, true])
    #expect(second.allSatisfy { $0.openedFile == nil }, "no journal file is opened to know its index")
    for (a, b) in zip(first, second) {
      #expect(a.index.chunks == b.index.chunks)
      #expect(a.entries(of: \.ids) == b.entries(of: \.ids))
      #expect(a.tags == b.tags)
      #expect(try Self.records(a) == Self.records(b))
    }
    #expect(second[0].openedFile != nil, "read, it is opened")

    // One file grows: it alone is indexed again, and the folder's cache then keeps it as it is.
    let handle = try #require(FileHandle(forWritingAtPath: paths[2]))
    handle.seekToEndOfFile()
    handle.write(Data(Self.line(3, host: "h2").utf8))
    handle.closeFile()
    let (_, grown, some) = try build()
    #expect(some == [true, true, false, true, true])
    #expect(try Self.records(grown[2]).count == 4)
    let (_, _, again) = try build()
    #expect(again == [true, true, true, true, true])

    // An entry whose outline is not its index's (written so, its checksum holds) is never
    // trusted: the file is read from the journal, and the folder's cache dropped.
    let cacheName = try #require(
      try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasPrefix("folder-") })
    let source = FNV1a.hash(Platform.absolutePath(folder))
    var file = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache + "/" + cacheName)))
    let start = CacheFile.fileHeaderSize
    let length = file[(start + 8)..<(start + 16)].withUnsafeBytes { Int($0.loadUnaligned(as: UInt64.self)) }
    var payload = Array(file[(start + CacheFile.blockHeaderSize)..<(start + CacheFile.blockHeaderSize + length)])
    let earliest = withUnsafeBytes(of: (1_796_000_000.0).bitPattern.littleEndian) { Array($0) }
    let at = try #require((0...(payload.count - 8)).first { Array(payload[$0..<($0 + 8)]) == earliest })
    payload.replaceSubrange(at..<(at + 8), with: withUnsafeBytes(of: (1_700_000_000.0).bitPattern.littleEndian) { Array($0) })
    file.replaceSubrange(
      start..<(start + CacheFile.blockHeaderSize + length),
      with: CacheFile.block(tag: FolderIndex.entryTag, payload: payload, at: Int64(start), source: source))
    try Data(file).write(to: URL(fileURLWithPath: cache + "/" + cacheName))
    let (_, lying, taken) = try build()
    #expect(taken == [true, true, true, true, true])
    #expect(try Self.records(lying[0]) == Self.records(first[0]))
    #expect(!FileManager.default.fileExists(atPath: cache + "/" + cacheName))
    let (_, _, rebuilt) = try build()
    #expect(rebuilt == [false, false, false, false, false])
    let (_, _, kept) = try build()
    #expect(kept == [true, true, true, true, true])

    // A damaged table is not used at all.
    let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache).first { $0.hasPrefix("folder-") })
    let good = try Data(contentsOf: URL(fileURLWithPath: cache + "/" + name))
    var bytes = good
    bytes[CacheFile.headerSize + 20] ^= 0x20
    try bytes.write(to: URL(fileURLWithPath: cache + "/" + name))
    let (_, _, damaged) = try build()
    #expect(damaged == [false, false, false, false, false])

    // A damaged index (the last block) is found when it is read: that file is read from its
    // journal, and the folder's cache dropped.
    bytes = good
    bytes[bytes.count - 5] ^= 0x20
    try bytes.write(to: URL(fileURLWithPath: cache + "/" + name))
    let (_, late, outlined) = try build()
    #expect(outlined == [true, true, true, true, true])
    #expect(try Self.records(late[4]) == Self.records(first[4]))
    #expect(!FileManager.default.fileExists(atPath: cache + "/" + name))
  }
}
