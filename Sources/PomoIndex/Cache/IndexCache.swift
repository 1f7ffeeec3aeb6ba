import PomoCore
import PomoJournal
import PomoPlatform

/// The report index's one cache file per journal file, in the one cache format (`CacheFile`):
/// the time index of chunks (`JournalIndex`), the corrections table, and the id table (the
/// ids' hashes, their prefixes with their lines) and the quarter hours of completed sessions,
/// kept as sorted pages (`SortedPages`).
///
///     header | directory | pages of ids, of prefixes, of quarter hours | appends and memos…
///
/// The directory holds the index's numbers and chunks, the corrections, and each list's
/// length and the first key of each of its pages (full but the last, one after another). An
/// append to the journal costs the cache an append: one block with what the new lines added
/// (chunks, ids, prefixes, quarters, corrections, the numbers as they are now). A reader
/// takes the appends in order up to the first that fails its check (a crash cut it, or a
/// bit flipped), and so stands on an earlier, whole state of the index, from which it reads
/// the journal again. When the appends outgrow a share of the file, it is written whole
/// again.
///
/// The first file of a history also keeps the history's memos here (`IndexMemo`, `IndexTail`),
/// appended among the appends, each a block with a tag of its own: never taken as the index's,
/// and never ending the appends. A memo that fails its check is passed over by the length its
/// header gives (the next block is checked where it lands, and its check covers its place in
/// the file), and the memo is worked out again.
package enum IndexCache {
  enum Tag {
    static let directory: UInt64 = 1
    static let page: UInt64 = 2
    static let append: UInt64 = 3
  }

  /// The cache file as read: the index and its lists, and where appends go.
  package struct Loaded {
    var index = JournalIndex()
    var corrections = CorrectionTable()
    var ids = SortedPages<UInt64>([])
    var prefixes = SortedPages<JournalIndex.PrefixEntry>([])
    var quarters = SortedPages<UInt64>([])
    /// What follows the pages: where the next append goes, and the memos.
    var tail = IndexTail()
    /// The index's lists as saved, so an append saves only what was added.
    var saved = JournalIndex.Saved()

    /// Takes what lines added (each list sorted) into the lists.
    mutating func add(_ added: IndexAdditions) {
      ids.adding(added.ids)
      prefixes.adding(added.prefixes)
      quarters.adding(added.quarters)
      corrections = corrections.adding(added.corrections)
    }
  }

  /// Reads checked blocks of a cache file: through the descriptor it was opened with, or
  /// from its bytes when it was small enough to be read whole at once.
  package struct Reader {
    let file: RandomAccessFile?
    let whole: [UInt8]?
    let source: UInt64

    /// The `count` bytes at `offset`, or fewer at the end of the file.
    func read(at offset: Int64, count: Int) -> [UInt8]? {
      if let whole {
        guard offset >= 0, offset <= Int64(whole.count) else { return nil }
        return Array(whole[Int(offset)..<min(whole.count, Int(offset) + count)])
      }
      return try? file?.read(at: offset, count: count)
    }

    /// The payload of the block at `offset` holding `length` bytes with `tag`, if it is all
    /// there and passes its check (where it was read, not copied).
    func block(at offset: Int64, length: Int, tag: UInt64) -> ArraySlice<UInt8>? {
      guard let bytes = read(at: offset, count: CacheFile.blockHeaderSize + length),
        bytes.count == CacheFile.blockHeaderSize + length,
        let block = bytes.withUnsafeBytes({ CacheFile.block(in: $0, at: 0, base: offset, source: source) }),
        block.tag == tag, block.end == bytes.count
      else { return nil }
      return bytes[CacheFile.blockHeaderSize...]
    }
  }

  /// Cache files up to this size are read whole in one read (a folder of many small journal
  /// files then costs one read of each, and keeps no descriptor open: `ulimit -n 64` over
  /// 10,000 files), larger ones a block at a time.
  static let readWhole: Int64 = 1 << 18

  /// The cache file at `path` for the journal named by `source`, if its header, directory
  /// and counts pass their checks; the appends are taken up to the first that fails.
  package static func open(_ path: String, source: UInt64) -> Loaded? {
    guard let file = try? RandomAccessFile(path: path) else { return nil }
    let identity = file.opened
    let size = identity.size
    let whole = size <= readWhole ? try? file.read(at: 0, count: Int(size)) : nil
    if let whole, whole.count != Int(size) { return nil }
    let reader = Reader(file: whole == nil ? file : nil, whole: whole, source: source)
    let first = CacheFile.fileHeaderSize + CacheFile.blockHeaderSize
    guard size >= Int64(first), let head = reader.read(at: 0, count: first), head.count == first,
      head.withUnsafeBytes({ CacheFile.isHeader($0, kind: JournalIndex.magic, source: source) })
    else { return nil }
    let length = head.withUnsafeBytes {
      Int64(
        bitPattern: UInt64(
          littleEndian: $0.loadUnaligned(fromByteOffset: CacheFile.fileHeaderSize + 8, as: UInt64.self)))
    }
    guard length >= 0, length <= size - Int64(first),
      let directory = reader.block(at: Int64(CacheFile.fileHeaderSize), length: Int(length), tag: Tag.directory),
      var loaded = Self.directory(directory, reader: reader, start: Int64(first) + length, size: size)
    else { return nil }
    loaded.tail.inode = identity.inode
    // The appends and memos, read in one go and taken in order.
    var appends = IndexAdditions()
    let base = loaded.tail.baseEnd
    if size > base, let rest = reader.read(at: base, count: Int(size - base)) {
      rest.withUnsafeBytes { all in
        var at = 0
        while at < all.count {
          guard let block = CacheFile.block(in: all, at: at, base: base, source: source) else {
            // Past a damaged memo; the next append goes after the last block that passed.
            guard let next = endOfDamagedMemo(in: all, at: at) else { break }
            loaded.tail.blocks += 1
            at = next
            continue
          }
          if block.tag == Tag.append {
            guard take(rest[(at + CacheFile.blockHeaderSize)..<block.end], into: &loaded, appends: &appends)
            else { break }
          } else if let memo = IndexMemo(rawValue: block.tag) {
            loaded.tail.memos[memo] = Array(block.payload)
          } else {
            break
          }
          loaded.tail.blocks += 1
          at = block.end
          loaded.tail.end = base + Int64(at)
        }
      }
    }
    return finish(&loaded, appends) ? loaded : nil
  }

  /// Where the memo block at `offset` of `all` ends, when it failed its check yet its header
  /// (unchecked) names a memo and a length within `all`: a memo is never needed to read the
  /// index, so it is passed over, never read.
  private static func endOfDamagedMemo(in all: UnsafeRawBufferPointer, at offset: Int) -> Int? {
    guard all.count - offset >= CacheFile.blockHeaderSize else { return nil }
    let tag = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    let length = UInt64(littleEndian: all.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
    guard IndexMemo(rawValue: tag) != nil, length <= UInt64(all.count - offset - CacheFile.blockHeaderSize) else {
      return nil
    }
    return offset + CacheFile.blockHeaderSize + Int(length)
  }

  /// Takes in one append (`append(index:since:…)`); false when it fails its checks.
  package static func take(_ payload: ArraySlice<UInt8>, into loaded: inout Loaded, appends: inout IndexAdditions)
    -> Bool
  {
    var input = CacheReader(payload)
    guard let meta = input.block(),
      let corrections = input.raw(JournalIndex.CorrectionRef.self), let ids = input.raw(UInt64.self),
      let prefixes = input.raw(JournalIndex.PrefixEntry.self),
      let quarters = input.raw(UInt64.self), input.atEnd, loaded.index.apply(encoded: meta)
    else { return false }
    appends.corrections += corrections
    appends.ids += ids
    appends.prefixes += prefixes
    appends.quarters += quarters
    return true
  }

  /// Adds what the appends brought to the lists, and checks the lists against the index's
  /// counts and the corrections against the journal's length.
  package static func finish(_ loaded: inout Loaded, _ appends: IndexAdditions) -> Bool {
    var appends = appends
    RadixSort.sort(&appends.ids) { $0 }
    RadixSort.sort(&appends.prefixes) { $0.prefix }
    RadixSort.sort(&appends.quarters) { $0 }
    loaded.add(appends)
    let index = loaded.index
    guard loaded.ids.count == index.idCount, loaded.prefixes.count == index.prefixCount,
      loaded.quarters.count == index.quarterCount, loaded.corrections.count == index.correctionCount,
      loaded.corrections.isValid(length: index.indexedLength)
    else { return false }
    loaded.saved = index.saved
    return true
  }

  /// The directory's numbers, corrections and pages (which follow it from `start`, and must
  /// end within the file's `size`).
  private static func directory(_ bytes: ArraySlice<UInt8>, reader: Reader, start: Int64, size: Int64) -> Loaded? {
    var input = CacheReader(bytes)
    guard let meta = input.block(),
      let corrections = input.raw(JournalIndex.CorrectionRef.self)
    else { return nil }
    var loaded = Loaded(corrections: CorrectionTable(corrections))
    guard loaded.index.apply(encoded: meta) else { return nil }
    var next = start
    /// A list's pages: its length, then each page's first key; every page but the last is full.
    func pages<Entry: PageEntry>(_: Entry.Type) -> SortedPages<Entry>? {
      guard let count = input.int(), count >= 0, let keys = input.raw(UInt64.self),
        count <= Int64(keys.count * pageEntries), count > Int64((keys.count - 1) * pageEntries)
      else { return nil }
      let pages = keys.enumerated().map { k, key in
        let entries = min(pageEntries, Int(count) - k * pageEntries)
        defer { next += Int64(CacheFile.blockHeaderSize + entries * MemoryLayout<Entry>.stride) }
        return SortedPages<Entry>.Page(offset: next, count: entries, firstKey: key)
      }
      return SortedPages(pages: pages, tail: [], store: reader)
    }
    guard let ids = pages(UInt64.self), let prefixes = pages(JournalIndex.PrefixEntry.self),
      let quarters = pages(UInt64.self), input.atEnd, next <= size
    else { return nil }
    (loaded.ids, loaded.prefixes, loaded.quarters) = (ids, prefixes, quarters)
    loaded.tail.baseEnd = next
    loaded.tail.end = next
    return loaded
  }

  /// Entries a page: 32 to 64 KiB, read and checked in a few microseconds.
  static let pageEntries = 4096

  /// Writes the cache file whole (replacing it by a rename): the directory, then the lists in
  /// pages, each page written where it lies in its list (tens of megabytes over a million
  /// sessions, never copied to be written), then `memos`. What follows the pages as written,
  /// where appends go; nil when the file could not be written, or another took its place.
  @discardableResult
  package static func write(
    to path: String, source: UInt64, index: JournalIndex, corrections: CorrectionTable, ids: [UInt64],
    prefixes: [JournalIndex.PrefixEntry], quarters: [UInt64], memos: [IndexMemo: [UInt8]] = [:]
  ) -> IndexTail? {
    var directory = CacheWriter(magic: [])
    let meta = index.encoded()
    directory.put(Int64(meta.count))
    directory.put(bytes: meta)
    directory.put(raw: corrections.all)
    /// Puts a list's length and its pages' first keys; the bytes of a full page.
    func put<Entry: PageEntry>(_ list: [Entry]) -> Int {
      directory.put(Int64(list.count))
      directory.put(raw: stride(from: 0, to: list.count, by: pageEntries).map { list[$0].pageKey })
      return pageEntries * MemoryLayout<Entry>.stride
    }
    let pageBytes = [put(ids), put(prefixes), put(quarters)]
    var head = CacheFile.header(kind: JournalIndex.magic, source: source)
    CacheFile.append(tag: Tag.directory, payload: directory.bytes, to: &head, source: source)
    let headSize = head.count
    // The memos after the pages, in a fixed order, each block whole.
    let memos = IndexMemo.allCases.compactMap { kind in memos[kind].map { (kind, $0) } }
    var tail = IndexTail()
    let written = ids.withUnsafeBytes { ids in
      prefixes.withUnsafeBytes { prefixes in
        quarters.withUnsafeBytes { quarters in
          // Each page's header (gathered after the head), then the page where it lies.
          var pages: [UnsafeRawBufferPointer] = []
          var at = Int64(headSize)
          for (list, size) in zip([ids, prefixes, quarters], pageBytes) {
            for start in stride(from: 0, to: list.count, by: size) {
              let page = UnsafeRawBufferPointer(rebasing: list[start..<min(start + size, list.count)])
              head += CacheFile.blockHeader(tag: Tag.page, parts: [page], at: at, source: source)
              pages.append(page)
              at += Int64(CacheFile.blockHeaderSize + page.count)
            }
          }
          tail.baseEnd = at
          var blocks: [UInt8] = []
          for (kind, payload) in memos {
            CacheFile.append(tag: kind.rawValue, payload: payload, to: &blocks, base: at, source: source)
            tail.memos[kind] = payload
          }
          tail.blocks = memos.count
          tail.end = at + Int64(blocks.count)
          return head.withUnsafeBytes { head in
            blocks.withUnsafeBytes { blocks in
              var parts = [UnsafeRawBufferPointer(rebasing: head[..<headSize])]
              for (k, page) in pages.enumerated() {
                let at = headSize + k * CacheFile.blockHeaderSize
                parts += [UnsafeRawBufferPointer(rebasing: head[at..<at + CacheFile.blockHeaderSize]), page]
              }
              parts.append(blocks)
              return (try? Platform.writeAtomically(parts: parts, to: path, durable: false)) != nil
            }
          }
        }
      }
    }
    // Appends go only into the file written: its inode, as long as it is the size written.
    guard written, let identity = Platform.identity(of: path), identity.size == tail.end else { return nil }
    tail.inode = identity.inode
    return tail
  }

  /// The bytes of an append: what an update of the index added since `saved` (everything it
  /// holds when nil, which taken into an empty index makes it whole).
  package static func append(index: JournalIndex, since saved: JournalIndex.Saved?, added: IndexAdditions) -> [UInt8] {
    var out = CacheWriter(magic: [])
    let meta = index.encoded(since: saved)
    out.put(Int64(meta.count))
    out.put(bytes: meta)
    out.put(raw: CorrectionTable(added.corrections).all)
    out.put(raw: added.ids)
    out.put(raw: added.prefixes)
    out.put(raw: added.quarters)
    return out.bytes
  }

  /// Appends `payload` as a block (an append, or the memo `memo`) at `tail.end`, only into
  /// the file `tail` was read from (or written as), and moves `tail` past it; whether it was
  /// written.
  package static func append(
    _ payload: [UInt8], memo: IndexMemo? = nil, to path: String, source: UInt64, tail: inout IndexTail
  ) -> Bool {
    let tag = memo?.rawValue ?? Tag.append
    let block = CacheFile.block(tag: tag, payload: payload, at: tail.end, source: source)
    guard Platform.appendCache(block, to: path, at: tail.end, inode: tail.inode) else { return false }
    tail.appended(block.count)
    return true
  }
}
