import PomoCore
import PomoJournal
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The indexes of a journal folder's small files (up to `smallFile`), kept together in one
/// cache file (`CacheFile`), so a folder of thousands of files is read with one read and a
/// look at each file, not two opens a file.
///
/// The cache is a table, then each file's whole index as one append to an empty one
/// (`IndexCache.append`), a block each. The table has a fixed-size record for each file, in
/// the order of their names (its name's place, its path's hash, its `IndexOutline`, its
/// block's place), then the names. Only the table is read and checked: a file just as its
/// record saw it is opened only if a report reads its lines, and has its block read and
/// checked only if a report asks for more than the outline; any other is indexed the usual
/// way (`IndexedJournal`), and the folder's cache is written again.
package final class FolderIndex {
  static let smallFile: Int64 = 1 << 16
  static let kind: [UInt8] = Array("POMOFLD6".utf8)
  /// The tags of the table's block and of a file's index's.
  static let entryTag: UInt64 = 4
  static let stateTag: UInt64 = 5
  /// A record's words: its name's place and length, the hash of its path, its outline, and
  /// its index's block's place and payload length.
  private static let recordWords = 3 + IndexOutline.words + 2

  private let path: String?
  private let source: UInt64
  private let cacheFolder: String?
  /// The folder's path and a "/", which every file's path starts with.
  private let prefix: [UInt8]
  /// The cache file, and its header and table block as read; empty when there is none.
  private var file: RandomAccessFile?
  private var table: [UInt8] = []
  private(set) var count = 0
  /// Files are asked for in the table's order, so the next is looked for first where the
  /// last was found; once one is out of place (files came or went), every record is found by
  /// its name.
  private var next = 0
  private var byName: [String: Int]?

  /// A file's record, found in the folder's cache.
  package struct Entry {
    let folder: FolderIndex
    let number: Int

    var source: UInt64 { folder.word(number, 2) }
    var outline: IndexOutline { folder.outline(number) }

    /// The index the entry keeps, read and taken in; nil when its block fails its check, it
    /// does not hold together, or is not the index the outline describes.
    func loaded() -> IndexCache.Loaded? {
      var loaded = IndexCache.Loaded()
      var appends = IndexAdditions()
      guard let state = folder.state(number), IndexCache.take(state[...], into: &loaded, appends: &appends),
        IndexCache.finish(&loaded, appends), IndexOutline(loaded.index) == outline
      else { return nil }
      return loaded
    }
  }

  /// The cache of the folder `folder` (nothing without a cache folder: `--no-cache`).
  package init(folder: String, cacheFolder: String?) {
    self.cacheFolder = cacheFolder
    let source = FNV1a.hash(Platform.absolutePath(folder))
    self.source = source
    prefix = Array((folder + "/").utf8)
    path = cacheFolder.map { Self.path(source: source, cacheFolder: $0) }
    guard let path, let file = try? RandomAccessFile(path: path),
      let head = try? file.read(exactly: CacheFile.headerSize, at: 0)
    else { return }
    let length = head.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 40, as: UInt64.self)) }
    guard length >= 8, length <= UInt64(file.opened.size),
      let all = try? file.read(exactly: CacheFile.headerSize + Int(length), at: 0),
      let count = Self.count(all, source: source)
    else { return }
    self.file = file
    table = all
    self.count = count
  }

  /// How many records `bytes` (a header and a table block) hold; nil when the header or the
  /// block fails its check, or a record does not fit.
  private static func count(_ bytes: [UInt8], source: UInt64) -> Int? {
    bytes.withUnsafeBytes { all -> Int? in
      guard CacheFile.isHeader(all, kind: kind, source: source),
        let block = CacheFile.block(in: all, at: CacheFile.fileHeaderSize, source: source), block.tag == entryTag,
        block.end == all.count
      else { return nil }
      let count = Int(truncatingIfNeeded: block.payload.loadUnaligned(as: UInt64.self))
      let size = 8 * recordWords
      guard count >= 0, count <= (block.payload.count - 8) / size else { return nil }
      for k in 0..<count {
        let record = CacheFile.headerSize + 8 + k * size
        let at = Int(truncatingIfNeeded: all.loadUnaligned(fromByteOffset: record, as: UInt64.self))
        let length = Int(truncatingIfNeeded: all.loadUnaligned(fromByteOffset: record + 8, as: UInt64.self))
        guard at >= 0, length >= 0, at <= all.count, length <= all.count - at else { return nil }
      }
      return count
    }
  }

  /// Word `w` of record `k`.
  fileprivate func word(_ k: Int, _ w: Int) -> UInt64 {
    table.withUnsafeBytes {
      UInt64(
        littleEndian: $0.loadUnaligned(
          fromByteOffset: CacheFile.headerSize + 8 + 8 * (k * Self.recordWords + w), as: UInt64.self))
    }
  }

  fileprivate func outline(_ k: Int) -> IndexOutline {
    table.withUnsafeBytes { IndexOutline($0, at: CacheFile.headerSize + 8 + 8 * (k * Self.recordWords + 3)) }
  }

  /// The bytes of record `k`'s name.
  private func name(_ k: Int) -> Range<Int> {
    let at = Int(truncatingIfNeeded: word(k, 0))
    return at..<(at + Int(truncatingIfNeeded: word(k, 1)))
  }

  /// The index record `k` keeps, its block read and checked; nil when it fails. Past a few
  /// blocks read one by one (the cache written again, or every file's index taken in), all
  /// the blocks are read at once, and taken from there.
  private func state(_ k: Int) -> [UInt8]? {
    let at = Int64(bitPattern: word(k, 3 + IndexOutline.words))
    let length = word(k, 4 + IndexOutline.words)
    guard let file, at >= 0, length <= UInt64(file.opened.size) else { return nil }
    let end = at + Int64(CacheFile.blockHeaderSize) + Int64(length)
    blocksRead += 1
    if blocks == nil, blocksRead > 64 {
      let start = Int64(table.count)
      blocks = (try? file.read(exactly: Int(file.opened.size - start), at: start)).map { (start, $0) }
    }
    let (base, bytes): (Int64, [UInt8])
    if let blocks, at >= blocks.at, end <= blocks.at + Int64(blocks.bytes.count) {
      (base, bytes) = blocks
    } else {
      guard let read = try? file.read(exactly: Int(end - at), at: at) else { return nil }
      (base, bytes) = (at, read)
    }
    return bytes.withUnsafeBytes { all in
      guard let block = CacheFile.block(in: all, at: Int(at - base), base: base, source: source),
        block.tag == Self.stateTag, block.end == Int(end - base)
      else { return nil }
      return Array(block.payload)
    }
  }

  /// How many blocks were read, and all of them once read at once.
  private var blocksRead = 0
  private var blocks: (at: Int64, bytes: [UInt8])?

  /// The folder's cache file, in `cacheFolder`, for the folder whose absolute path hashes to `source`.
  static func path(source: UInt64, cacheFolder: String) -> String {
    cacheFolder + "/folder-" + String(source, radix: 16) + ".bin"
  }

  /// Whether record `k` is that of the file at `path`.
  private func names(_ k: Int, _ path: String) -> Bool {
    var path = path
    let name = self.name(k)
    return path.withUTF8 { path in
      table.withUnsafeBytes { all in
        path.count == prefix.count + name.count && memcmp(path.baseAddress!, prefix, prefix.count) == 0
          && memcmp(path.baseAddress! + prefix.count, all.baseAddress! + name.lowerBound, name.count) == 0
      }
    }
  }

  /// The record of the file at `path`, if there is one.
  private func entry(for path: String) -> Int? {
    if byName == nil, next < count, names(next, path) {
      next += 1
      return next - 1
    }
    if byName == nil {
      byName = Dictionary(
        (0..<count).map { (String(decoding: table[name($0)], as: UTF8.self), $0) }, uniquingKeysWith: { a, _ in a })
    }
    guard path.utf8.starts(with: prefix) else { return nil }
    return byName?[String(decoding: path.utf8.dropFirst(prefix.count), as: UTF8.self)]
  }

  /// The journal file with the index its entry keeps, when the file is just as the entry saw
  /// it (`seen`: as it was found when the folder was listed).
  package func indexed(_ journal: Journal, seen: FileIdentity?) -> IndexedJournal? {
    guard let k = entry(for: journal.path), (seen ?? Platform.identity(of: journal.path)) == outline(k).identity
    else { return nil }
    return IndexedJournal(journal: journal, cacheFolder: cacheFolder, entry: Entry(folder: self, number: k))
  }

  /// Writes the folder's cache again when its small files are not the ones, or not as, its
  /// entries say (a cache that cannot be written only costs time).
  package func save(_ files: [IndexedJournal]) {
    guard let path else { return }
    // A file that took its entry is one of them, as its entry says.
    let small = files.filter {
      if let entry = $0.folderEntry, entry.folder === self { return true }
      let outline = $0.outline
      return outline.identity.size <= Self.smallFile && outline.length > 0
    }
    let same =
      small.count == count
      && small.indices.allSatisfy { k in
        if let entry = small[k].folderEntry, entry.folder === self { return entry.number == k }
        return names(k, small[k].journal.path) && small[k].outline == outline(k)
      }
    if same { return }
    var kept: [(file: IndexedJournal, name: ArraySlice<UInt8>, state: [UInt8])] = []
    for file in small {
      guard file.journal.path.utf8.starts(with: prefix),
        let state = file.folderEntry.flatMap({ $0.folder.state($0.number) }) ?? file.wholeState()
      else { continue }
      kept.append((file, Array(file.journal.path.utf8)[prefix.count...], state))
    }
    var out = CacheWriter(magic: [])
    out.put(Int64(kept.count))
    var name = 8 + 8 * Self.recordWords * kept.count
    var block = Int64(CacheFile.headerSize + name + kept.reduce(0) { $0 + $1.name.count })
    for entry in kept {
      out.put(Int64(CacheFile.headerSize + name))
      out.put(Int64(entry.name.count))
      out.put(entry.file.source)
      entry.file.outline.put(into: &out)
      out.put(block)
      out.put(Int64(entry.state.count))
      name += entry.name.count
      block += Int64(CacheFile.blockHeaderSize + entry.state.count)
    }
    for entry in kept { out.put(bytes: Array(entry.name)) }
    var bytes = CacheFile.header(kind: Self.kind, source: source)
    CacheFile.append(tag: Self.entryTag, payload: out.bytes, to: &bytes, source: source)
    for entry in kept { CacheFile.append(tag: Self.stateTag, payload: entry.state, to: &bytes, source: source) }
    try? Platform.writeAtomically(bytes, to: path, durable: false)
  }
}
