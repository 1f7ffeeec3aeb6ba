import PomoCore
import PomoPlatform

/// The tags used in a journal, kept in a small cache so shell completion lists them in a few
/// milliseconds however long the journal grows.
///
/// It follows the report index's rules (`JournalIndex`): the journal stays the only source of
/// truth; the cache notes how much of the file it has read and hashes of the first and last
/// 4 KiB of that, so it is rebuilt when the journal was replaced or rewritten, and extended
/// with only the lines appended since. A last line without its newline is left for next time.
public struct TagCache: Equatable {
  /// The cache file's format and version (`CacheFile`).
  package static let magic: [UInt8] = Array("POMOTAG2".utf8)

  public var identity = FileIdentity(device: 0, inode: 0, size: 0)
  /// Bytes of the journal read (always just after a newline).
  public var readLength: Int64 = 0
  public var headHash: UInt64 = 0
  public var tailHash: UInt64 = 0
  /// Every tag seen, with how many records carry it.
  public var counts: [String: Int] = [:]

  public init() {}

  /// The tags, sorted.
  public var tags: [String] { counts.keys.sorted() }

  /// Brings the cache up to date with `file`, reading only what was appended since.
  /// Returns whether anything changed.
  public mutating func update(_ file: RandomAccessFile) throws(FileSystemError) -> Bool {
    let now = try file.identity
    var changed = false
    // The index's rule, so the tags never lag behind what reports show.
    if try Staleness.mustRebuild(file, now: now, was: identity, length: readLength, head: headHash, tail: tailHash) {
      self = TagCache()
      changed = true
    }
    changed = changed || now != identity
    identity = now
    guard now.size > readLength else { return changed }
    var offset = readLength
    var pending: [UInt8] = []
    // Inside a line longer than `LineReader.maxLine` (damaged): its bytes are dropped unread.
    var skipping = false
    while offset < now.size {
      // The file holds `now.size` bytes: fewer means it was cut while read.
      let block = try file.read(exactly: Int(min(1 << 20, now.size - offset)), at: offset)
      offset += Int64(block.count)
      if skipping {
        guard let newline = block.firstIndex(of: 0x0A) else { continue }
        pending = Array(block[(newline + 1)...])
        skipping = false
      } else {
        pending += block
      }
      if let lastNewline = pending.lastIndex(of: 0x0A) {
        Self.collect(pending[..<lastNewline], into: &counts)
        pending.removeSubrange(0...lastNewline)
      }
      if pending.count > LineReader.maxLine {
        pending = []
        skipping = true
      }
    }
    readLength = offset - Int64(pending.count)
    (headHash, tailHash) = try Staleness.hashes(file, length: readLength)
    return true
  }

  /// Adds the tags of every record in `bytes` (whole lines), on all cores. Only lines that
  /// mention "tags" are decoded, so untagged sessions cost a byte search; damaged lines are
  /// skipped (reports warn about them).
  package static func collect(_ bytes: ArraySlice<UInt8>, into counts: inout [String: Int]) {
    // Slices of about 256 KiB, each cut just after a newline.
    var bounds = [bytes.startIndex]
    var at = bytes.startIndex
    while bytes.endIndex - at > 1 << 18 {
      at = (bytes[(at + (1 << 18))...].firstIndex(of: 0x0A) ?? bytes.endIndex - 1) + 1
      bounds.append(at)
    }
    bounds.append(bytes.endIndex)
    let cuts = bounds
    let slices = bounds.count - 1
    let results = UnsafeMutableBufferPointer<[String: Int]>.allocate(capacity: slices)
    results.initialize(repeating: [:])
    defer {
      results.deinitialize()
      results.deallocate()
    }
    nonisolated(unsafe) let output = results
    Parallel.forEach(slices) { k in
      output[k] = collectLines(bytes[cuts[k]..<cuts[k + 1]])
    }
    for part in results {
      for (tag, n) in part { counts[tag, default: 0] += n }
    }
  }

  private static func collectLines(_ bytes: ArraySlice<UInt8>) -> [String: Int] {
    var counts: [String: Int] = [:]
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
      let line = bytes[start..<end]
      if line.count <= LineReader.maxLine, mentionsTags(line), let entry = try? JournalEntry(line: line, detail: false)
      {
        // A tag given by a correction is a tag in use too.
        let tags: [String] =
          switch entry {
          case .session(let record): record.tags
          case .correction(let correction): correction.changes.tags ?? []
          }
        for tag in tags where isCompletable(tag) { counts[tag, default: 0] += 1 }
      }
      start = end + 1
    }
    return counts
  }

  /// Whether the line holds `"tags"`.
  private static func mentionsTags(_ line: ArraySlice<UInt8>) -> Bool {
    line.withUnsafeBufferPointer { buffer in
      let word: [UInt8] = Array("\"tags\"".utf8)
      let n = buffer.count
      guard n >= 6 else { return false }
      var i = 0
      while i <= n - 6 {
        if buffer[i] == 0x22 && buffer[i + 1] == word[1] && buffer[i + 2] == word[2] && buffer[i + 3] == word[3]
          && buffer[i + 4] == word[4] && buffer[i + 5] == 0x22
        {
          return true
        }
        i += 1
      }
      return false
    }
  }

  /// A tag a shell can offer: not blank, no control characters (they would break the
  /// one-tag-a-line list, and nobody types them).
  package static func isCompletable(_ tag: String) -> Bool {
    !tag.trimmedSpaces().isEmpty && !tag.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  // MARK: - The cache file

  public func encoded() -> [UInt8] {
    var out = CacheWriter(magic: [])
    out.put(identity.device)
    out.put(identity.inode)
    out.put(identity.size)
    out.put(identity.modified)
    out.put(identity.changed)
    out.put(readLength)
    out.put(headHash)
    out.put(tailHash)
    out.put(Int64(counts.count))
    for (tag, count) in counts.sorted(by: { $0.key < $1.key }) {
      out.put(Int64(count))
      out.put(text: tag)
    }
    return out.bytes
  }

  public init?(encoded bytes: [UInt8]) {
    guard var input = CacheReader(bytes, magic: []) else { return nil }
    guard let device = input.word(), let inode = input.word(), let size = input.int(), let modified = input.int(),
      let changed = input.int(), let length = input.int(), length >= 0, length <= size,
      let head = input.word(), let tail = input.word(), let count = input.int(), count >= 0,
      count <= input.remaining / 16
    else { return nil }
    identity = FileIdentity(device: device, inode: inode, size: size, modified: modified, changed: changed)
    readLength = length
    headHash = head
    tailHash = tail
    for _ in 0..<count {
      guard let n = input.int(), n >= 0, n <= Int64(Int32.max), let tag = input.text() else { return nil }
      counts[tag] = Int(n)
    }
    guard input.atEnd else { return nil }
  }

  // MARK: - Beside the journal

  /// The journal's tags, from the cache in `cacheFolder` brought up to date (and saved when
  /// it changed). A missing journal has none; a cache that cannot be written only costs time.
  /// Without a cache folder (`--no-cache`) they are counted from the journal alone.
  public static func tags(of journal: Journal, cacheFolder: String?) throws(FileSystemError) -> [String] {
    guard Platform.fileExists(journal.path) else { return [] }
    let file = try RandomAccessFile(path: journal.path)
    let path = cacheFolder.map {
      $0 + "/tags-" + String(FNV1a.hash(Platform.absolutePath(journal.path)), radix: 16) + ".bin"
    }
    let source = FNV1a.hash(Platform.absolutePath(journal.path))
    var cache =
      path.flatMap { CacheFile.read($0, magic: magic, source: source) }.flatMap(TagCache.init(encoded:)) ?? TagCache()
    if try cache.update(file), let path {
      CacheFile.write(cache.encoded(), to: path, magic: magic, source: source)
    }
    return cache.tags
  }
}
