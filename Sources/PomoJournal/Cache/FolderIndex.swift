import PomoCore
import PomoPlatform

/// The indexes of a journal folder's small files, kept together in one cache file of the one
/// format (`CacheFile`), so a folder of thousands of files (every machine a file, each synced
/// copy a file) is read with one read and a look at each file, not two opens a file.
///
/// Each entry is a file's path, the file as its index last saw it (device, inode, size and
/// times: `FileIdentity`), the hash of its path, and its whole index as one append to an empty one
/// (`IndexCache.append`). A file that is just as its entry saw it takes its index from there,
/// and is opened only if a report reads its lines; any other is indexed the usual way
/// (`IndexedJournal`), and the folder's cache is written again. Files over `smallFile` keep
/// only their own cache file.
package final class FolderIndex {
  /// Journal files up to this size are kept in the folder's cache.
  static let smallFile: Int64 = 1 << 16
  static let kind: [UInt8] = Array("POMOFLD2".utf8)
  static let entryTag: UInt64 = 4

  private let path: String?
  private let source: UInt64
  private let cacheFolder: String?
  private var entries: [String: Entry] = [:]
  /// Whether an entry could not be taken in although its file is as it saw it: the cache is
  /// then written again, whatever else changed.
  private var failed = false

  /// A file's entry: the file as its index last saw it, the hash of its path, its index.
  struct Entry {
    var identity: FileIdentity
    var source: UInt64
    var state: [UInt8]
  }

  /// The cache of the folder `folder` (nothing without a cache folder: `--no-cache`).
  package init(folder: String, cacheFolder: String?) {
    self.cacheFolder = cacheFolder
    let source = FNV1a.hash(Platform.absolutePath(folder))
    self.source = source
    let path = cacheFolder.map { $0 + "/folder-" + String(source, radix: 16) + ".bin" }
    self.path = path
    if let path, let bytes = try? Platform.readFile(path, limit: 1 << 30) {
      entries = Self.entries(bytes, source: source) ?? [:]
    }
  }

  /// The entries of the folder's cache file; nil when any block fails its check.
  private static func entries(_ bytes: [UInt8], source: UInt64) -> [String: Entry]? {
    bytes.withUnsafeBytes { all in
      guard CacheFile.isHeader(all, kind: kind, source: source) else { return nil }
      var at = CacheFile.fileHeaderSize
      var found: [String: Entry] = [:]
      while at < all.count {
        guard let block = CacheFile.block(in: all, at: at, source: source), block.tag == entryTag,
          var input = CacheReader(Array(block.payload), magic: []), let name = input.text(),
          let identity = input.identity(), let hash = input.word(), let state = input.block(), input.atEnd
        else { return nil }
        found[name] = Entry(identity: identity, source: hash, state: Array(state))
        at = block.end
      }
      return found
    }
  }

  /// The journal file with the index its entry keeps, when the file is just as the entry saw
  /// it (`seen`: as it was found when the folder was listed).
  package func indexed(_ journal: Journal, seen: FileIdentity?) -> IndexedJournal? {
    guard let entry = entries[journal.path], (seen ?? Platform.identity(of: journal.path)) == entry.identity else {
      return nil
    }
    var loaded = IndexCache.Loaded()
    var appends = IndexCache.Appends()
    guard IndexCache.take(entry.state, into: &loaded, appends: &appends), IndexCache.finish(&loaded, appends), loaded.index.identity == entry.identity else {
      failed = true
      return nil
    }
    return IndexedJournal(journal: journal, source: entry.source, cacheFolder: cacheFolder, loaded: loaded)
  }

  /// Writes the folder's cache again when its small files are not the ones, or not as, its
  /// entries say (a cache that cannot be written only costs time).
  package func save(_ files: [IndexedJournal]) {
    guard let path else { return }
    let small = files.filter { $0.index.identity.size <= Self.smallFile && $0.index.indexedLength > 0 }
    let same =
      !failed && small.count == entries.count
      && small.allSatisfy { entries[$0.journal.path]?.identity == $0.index.identity }
    if same { return }
    var bytes = CacheFile.header(kind: Self.kind, source: source)
    for file in small {
      let state: [UInt8]
      if !failed, let entry = entries[file.journal.path], entry.identity == file.index.identity {
        state = entry.state
      } else if let whole = file.wholeState() {
        state = whole
      } else {
        continue
      }
      var out = CacheWriter(magic: [])
      out.put(text: file.journal.path)
      out.put(file.index.identity)
      out.put(file.source)
      out.put(Int64(state.count))
      out.put(bytes: state)
      CacheFile.append(tag: Self.entryTag, payload: out.bytes, to: &bytes, source: source)
    }
    try? Platform.writeAtomically(bytes, to: path, durable: false)
  }
}
