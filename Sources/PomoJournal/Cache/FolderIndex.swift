import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The indexes of a journal folder's small files, kept together in one cache file of the one
/// format (`CacheFile`), so a folder of thousands of files (every machine a file, each synced
/// copy a file) is read with one read and a look at each file, not two opens a file.
///
/// Each entry is a file's path, the hash of its path, its outline (`IndexOutline`: the file as
/// its index last saw it, the span its sessions touch) and its whole index as one append to an
/// empty one (`IndexCache.append`). A file that is just as its entry saw it takes the entry,
/// is opened only if a report reads its lines, and has its index taken in only if a report
/// asks for more than the outline; any other is indexed the usual way (`IndexedJournal`), and
/// the folder's cache is written again. Files over `smallFile` keep only their own cache file.
package final class FolderIndex {
  /// Journal files up to this size are kept in the folder's cache.
  static let smallFile: Int64 = 1 << 16
  static let kind: [UInt8] = Array("POMOFLD4".utf8)
  static let entryTag: UInt64 = 4

  private let path: String?
  private let source: UInt64
  private let cacheFolder: String?
  /// The entries, in the order they were written: the folder's files, sorted by name.
  private var entries: [Entry] = []
  /// Files are asked for in that order, so the next is looked for first where the last was
  /// found; once one is out of place (files came or went), every entry is found by its path.
  private var next = 0
  private var byPath: [String: Int]?

  /// A file's entry: its path, the hash of its path, its outline, and its index's bytes (the
  /// path and the index as places in the bytes of the folder's cache, which entries share).
  package struct Entry {
    let bytes: [UInt8]
    let path: Range<Int>
    let source: UInt64
    let outline: IndexOutline
    let state: Range<Int>

    /// Whether it is the entry of the file at `path`.
    func names(_ file: String) -> Bool {
      var file = file
      return file.withUTF8 { name in
        bytes.withUnsafeBytes { all in
          name.count == path.count && (name.isEmpty || memcmp(name.baseAddress!, all.baseAddress! + path.lowerBound, name.count) == 0)
        }
      }
    }

    /// The index the entry keeps, taken in; nil when it does not hold together, or is not
    /// the index the outline describes.
    func loaded() -> IndexCache.Loaded? {
      var loaded = IndexCache.Loaded()
      var appends = IndexCache.Appends()
      guard IndexCache.take(Array(bytes[state]), into: &loaded, appends: &appends), IndexCache.finish(&loaded, appends),
        IndexOutline(loaded.index) == outline
      else { return nil }
      return loaded
    }
  }

  /// The cache of the folder `folder` (nothing without a cache folder: `--no-cache`).
  package init(folder: String, cacheFolder: String?) {
    self.cacheFolder = cacheFolder
    let source = FNV1a.hash(Platform.absolutePath(folder))
    self.source = source
    path = cacheFolder.map { Self.path(source: source, cacheFolder: $0) }
    if let path, let bytes = try? Platform.readFile(path, limit: 1 << 30) {
      entries = Self.entries(bytes, source: source) ?? []
    }
  }

  /// The folder's cache file, in `cacheFolder`, for the folder whose absolute path hashes to `source`.
  static func path(source: UInt64, cacheFolder: String) -> String {
    cacheFolder + "/folder-" + String(source, radix: 16) + ".bin"
  }

  /// The entries of the folder's cache file; nil when any block fails its check.
  private static func entries(_ bytes: [UInt8], source: UInt64) -> [Entry]? {
    bytes.withUnsafeBytes { all in
      guard CacheFile.isHeader(all, kind: kind, source: source) else { return nil }
      var at = CacheFile.fileHeaderSize
      var found: [Entry] = []
      while at < all.count {
        guard let block = CacheFile.block(in: all, at: at, source: source), block.tag == entryTag else { return nil }
        var input = CacheReader(bytes, at: block.end - block.payload.count)
        guard let name = input.block(), let hash = input.word(), let outline = IndexOutline(from: &input),
          let state = input.block(), input.at == block.end
        else { return nil }
        found.append(Entry(bytes: bytes, path: name.indices, source: hash, outline: outline, state: state.indices))
        at = block.end
      }
      return found
    }
  }

  /// The entry of the file at `path`, if there is one.
  private func entry(for path: String) -> Entry? {
    if byPath == nil, next < entries.count, entries[next].names(path) {
      next += 1
      return entries[next - 1]
    }
    if byPath == nil {
      byPath = Dictionary(
        entries.indices.map { (String(decoding: entries[$0].bytes[entries[$0].path], as: UTF8.self), $0) },
        uniquingKeysWith: { a, _ in a })
    }
    return byPath?[path].map { entries[$0] }
  }

  /// The journal file with the index its entry keeps, when the file is just as the entry saw
  /// it (`seen`: as it was found when the folder was listed).
  package func indexed(_ journal: Journal, seen: FileIdentity?) -> IndexedJournal? {
    guard let entry = entry(for: journal.path),
      (seen ?? Platform.identity(of: journal.path)) == entry.outline.identity
    else { return nil }
    return IndexedJournal(journal: journal, cacheFolder: cacheFolder, entry: entry)
  }

  /// Writes the folder's cache again when its small files are not the ones, or not as, its
  /// entries say (a cache that cannot be written only costs time).
  package func save(_ files: [IndexedJournal]) {
    guard let path else { return }
    let small = files.filter { $0.outline.identity.size <= Self.smallFile && $0.outline.length > 0 }
    let same =
      small.count == entries.count
      && zip(small, entries).allSatisfy { $1.names($0.journal.path) && $0.outline == $1.outline }
    if same { return }
    var bytes = CacheFile.header(kind: Self.kind, source: source)
    for file in small {
      guard let state = file.folderEntry.map({ Array($0.bytes[$0.state]) }) ?? file.wholeState() else { continue }
      var out = CacheWriter(magic: [])
      out.put(text: file.journal.path)
      out.put(file.source)
      file.outline.put(into: &out)
      out.put(Int64(state.count))
      out.put(bytes: state)
      CacheFile.append(tag: Self.entryTag, payload: out.bytes, to: &bytes, source: source)
    }
    try? Platform.writeAtomically(bytes, to: path, durable: false)
  }
}
