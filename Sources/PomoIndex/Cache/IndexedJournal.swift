import PomoCore
import PomoJournal
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The journal read through its index: only the lines that can touch a span of time.
package final class IndexedJournal {
  package let journal: Journal
  /// The hash of the journal file's absolute path, which names its cache files.
  package let source: UInt64
  private let cacheFolder: String?
  /// The journal file once opened; nil while it is not (missing, or not read yet).
  private var handle: RandomAccessFile?
  /// Whether the file is there: an index taken from its folder's cache opens it only when read.
  private let exists: Bool
  /// The calendar whose day totals a build from the first line credits, and what it credited.
  private let calendar: LocalCalendar?
  package private(set) var credits: FileCredits?
  /// The folder's cache entry the index is taken in from, until it is.
  package private(set) var folderEntry: FolderIndex.Entry?
  /// The index and its tables (`IndexCache.Loaded`), whose sorted lists are read a page at a
  /// time as lookups need them. Made on first use: most files of a folder never need it.
  private lazy var state = IndexCache.Loaded()
  /// What follows the index file's pages (`IndexTail`: where a block is appended, and the
  /// memos), as `bringUpToDate` read or wrote it; nil when there is no file to append to. A
  /// file taken from its folder's cache reads it when a memo is first asked for (`tailRead`).
  private var tail: IndexTail?
  private var tailRead = false
  package private(set) var badLines: [Journal.BadLine] = []
  /// The earliest instant a session of the file touches (infinite without one).
  package var earliest: Double { outline.earliest }

  /// Opens the journal and brings its index (in `cacheFolder`; in memory with `--no-cache`)
  /// up to date; a missing journal is an empty one, and a cache that cannot be written only
  /// costs time. Only the whole lines the journal had then are read: a line being appended
  /// meanwhile is left for the next run, never mistaken for a damaged one. A build from the
  /// first line credits the day totals of `calendar` as it reads (`credits`).
  package init(journal: Journal, cacheFolder: String?, calendar: LocalCalendar? = nil) throws(FileSystemError) {
    self.journal = journal
    // Without caches (`--no-cache`) there are no totals to keep.
    self.calendar = cacheFolder == nil ? nil : calendar
    source = FNV1a.hash(Platform.absolutePath(journal.path))
    do {
      handle = try RandomAccessFile(path: journal.path)
    } catch where error.code == ENOENT {
      exists = false
      self.cacheFolder = nil
      return
    }
    exists = true
    self.cacheFolder = cacheFolder
    try bringUpToDate(trustingCache: true)
  }

  /// The journal with the index its folder's cache keeps (`FolderIndex`) for the file as it
  /// is: opened when a line is read, its index taken in when more than the outline is asked.
  init(journal: Journal, cacheFolder: String?, entry: FolderIndex.Entry) {
    self.journal = journal
    source = entry.source
    exists = true
    self.cacheFolder = cacheFolder
    calendar = nil
    folderEntry = entry
    if entry.outline.badLines > 0 { badLines = index.badLines }
  }

  package var index: JournalIndex {
    takeIn()
    return state.index
  }
  /// A file taken from its folder's cache without corrections leaves its index untaken.
  package var corrections: CorrectionTable {
    if folderEntry?.outline.corrections == 0 { return CorrectionTable() }
    takeIn()
    return state.corrections
  }
  /// What every report asks of the file (`IndexOutline`), known before its index is taken in.
  package var outline: IndexOutline { folderEntry?.outline ?? IndexOutline(index) }
  /// The path prefix of this journal's cache files (the index is `.bin`); nil with `--no-cache`.
  package var cacheBase: String? { cacheFolder.map { $0 + "/index-" + String(source, radix: 16) } }

  /// The journal file, opened on first use; nil when it is missing. Opened late, it must be
  /// the file the index describes, else it changed since it was looked at.
  package func openFile() throws(FileSystemError) -> RandomAccessFile? {
    if let handle { return handle }
    guard exists else { return nil }
    let opened = try RandomAccessFile(path: journal.path)
    guard opened.opened.device == index.identity.device, opened.opened.inode == index.identity.inode,
      opened.opened.size >= index.indexedLength
    else { throw .changedWhileRead }
    handle = opened
    return opened
  }

  /// The journal file if it was opened.
  package var openedFile: RandomAccessFile? { handle }

  /// The lines of the sessions whose id starts with the 8 bytes of `prefix`: finding a moved
  /// session does not read the journal.
  package func lines(withPrefix prefix: UInt64) -> [Int64] { entries(of: \.prefixes, in: prefix...prefix).map(\.line) }

  /// The keys (`JournalIndex.quarterKey`) of completed focus sessions (the first line of their id)
  /// that started in `from..<to`.
  package func completedKeys(from: Double, to: Double) -> [UInt64] {
    let low = JournalIndex.quarterKey(JournalIndex.quarter(from), 0)
    let high = JournalIndex.quarterKey(JournalIndex.quarter(to), 0)
    guard low < high else { return [] }
    return entries(of: \.quarters, in: low...(high - 1))
  }

  /// The entries of a table (`\.ids`, `\.prefixes`, `\.quarters`) whose key is in `keys` (all
  /// when nil). A page found damaged after the index was opened is never trusted, nor
  /// answered as empty: the index is built again from the journal, and asked again.
  package func entries<E>(of table: (IndexCache.Loaded) -> SortedPages<E>, in keys: ClosedRange<UInt64>? = nil) -> [E] {
    func find() -> [E]? {
      takeIn()
      return keys.map { table(state).entries(in: $0) } ?? table(state).all()
    }
    if let found = find() { return found }
    try? bringUpToDate(trustingCache: false)
    return find() ?? []
  }

  /// Every list of the index read whole; nil when a page fails its check.
  private func lists() -> (ids: [UInt64], prefixes: [JournalIndex.PrefixEntry], quarters: [UInt64])? {
    takeIn()
    guard let ids = state.ids.all(), let prefixes = state.prefixes.all(), let quarters = state.quarters.all() else {
      return nil
    }
    return (ids, prefixes, quarters)
  }

  /// Everything the index holds, as one append to an empty index (`FolderIndex` keeps it).
  package func wholeState() -> [UInt8]? {
    lists().map {
      IndexCache.append(
        index: index, since: nil,
        added: IndexAdditions(ids: $0.ids, prefixes: $0.prefixes, quarters: $0.quarters, corrections: corrections.all))
    }
  }

  /// The tags of the journal's sessions and corrections a shell can offer, sorted.
  package var tags: [String] { index.tags.keys.filter(TagList.isCompletable).sorted() }

  /// Every line that may be a record after `line`, as its bytes, handed to `work` with its
  /// part's number: `parts` runs of chunks, each on a core of its own with one buffer.
  package func linesInParts(after line: Int64, parts: Int, _ work: (Int, UnsafeBufferPointer<UInt8>) -> Void)
    throws(FileSystemError)
  {
    let count = index.chunks.count
    // Opened here, once: workers must not race to open it.
    guard count > 0, parts > 0, try openFile() != nil else { return }
    let first = line <= 0 ? 0 : (chunk(holding: line + 1) ?? 0)
    nonisolated(unsafe) let journal = self
    // The first failure, in the parts' order, is thrown.
    let done = withoutActuallyEscaping(work) { work in
      nonisolated(unsafe) let job = work
      return Result { () throws(FileSystemError) in
        _ = try Parallel.tryMap(parts, empty: ()) { part throws(FileSystemError) in
          var buffer: [UInt8] = []
          for k in (first + part * (count - first) / parts)..<(first + (part + 1) * (count - first) / parts) {
            try journal.lines(chunk: k, buffer: &buffer) { number, bytes in
              if number > line { job(part, bytes) }
            }
          }
        }
      }
    }
    try done.get()
  }

  /// Takes in the index from the folder's cache entry on first use. An entry that passed its
  /// check yet does not hold together is dropped with the folder's cache, and the journal is
  /// indexed the usual way.
  private func takeIn() {
    guard let entry = folderEntry else { return }
    folderEntry = nil
    if let whole = entry.loaded() {
      state = whole
      return
    }
    if let cacheFolder {
      let folder = FNV1a.hash(Platform.absolutePath(Platform.parentFolder(journal.path)))
      Platform.removeFile(FolderIndex.path(source: folder, cacheFolder: cacheFolder))
    }
    if (try? bringUpToDate(trustingCache: true)) == nil { state = IndexCache.Loaded() }
  }

  /// Brings the index up to date with the journal, from its cache file when `trustingCache`
  /// and it passes its checks, else built again; then saves what changed (an append for
  /// appended lines, the whole file when built again).
  private func bringUpToDate(trustingCache: Bool) throws(FileSystemError) {
    if handle == nil && exists { handle = try RandomAccessFile(path: journal.path) }
    guard let file = handle else { return }
    let path = cacheBase.map { $0 + ".bin" }
    var loaded = trustingCache ? path.flatMap { IndexCache.open($0, source: source) } : nil
    tailRead = true
    // Updated here, then kept: an update through `state` (a lazy property: a copy, then a set)
    // would copy the chunks it changes, as would a second reference in `loaded`.
    var index = loaded?.index ?? JournalIndex()
    loaded?.index = JournalIndex()
    let before = index.buildID
    let known = loaded?.ids ?? SortedPages([])
    var failed = false
    // Just opened, the file is as its opening found it; brought up to date again, it is asked.
    let changed = try index.update(file, seen: trustingCache ? file.opened : nil, calendar: calendar) { id in
      // Whether an entry has this key; a page that fails its check makes everything be built again.
      guard let found = known.entries(in: id...id) else {
        failed = true
        return false
      }
      return !found.isEmpty
    }
    let added = index.added
    if changed { credits = index.credits }
    (index.added, index.credits) = (IndexAdditions(), nil)
    // Built again: the lists are what it read, and the memos stood on the index it replaced.
    if index.buildID != before { loaded = nil }
    state = loaded ?? IndexCache.Loaded()
    state.index = index
    tail = loaded?.tail
    if failed {
      if trustingCache { try bringUpToDate(trustingCache: false) }
      return
    }
    if changed {
      state.add(added)
      // Appends are taken in as the file is read: past a share of it (`IndexTail.hasRoom`), it
      // is written whole, with the newest memos.
      if let path, let loaded, var tail,
        case let payload = IndexCache.append(index: index, since: loaded.saved, added: added),
        tail.hasRoom(for: payload.count)
      {
        if IndexCache.append(payload, to: path, source: source, tail: &tail) {
          self.tail = tail
        } else {
          // Another file took its place: read again when a memo is kept.
          (self.tail, tailRead) = (nil, false)
        }
      } else if let path {
        save(to: path, memos: loaded?.tail.memos ?? [:])
      }
    }
    badLines = index.badLines
  }

  /// The newest memo of `kind` that passed its check in the index file; nil when it holds
  /// none, or there is no cache (`--no-cache`).
  package func memo(_ kind: IndexMemo) -> [UInt8]? { readTail()?.memos[kind] }

  /// Keeps `payload` as the newest memo of `kind` in the index file: appended while the file
  /// has room for it (`IndexTail.hasRoom`), else with the file written whole again, which
  /// keeps only the newest memo of each kind. Nothing is kept without a cache.
  package func keep(_ payload: [UInt8], as kind: IndexMemo) {
    guard let base = cacheBase else { return }
    // The memo files of earlier versions of pomo, each a cache of its own, are gone.
    for old in [".streak", ".shared"] { Platform.removeFile(base + old) }
    let path = base + ".bin"
    if var tail = readTail(), tail.hasRoom(for: payload.count),
      IndexCache.append(payload, memo: kind, to: path, source: source, tail: &tail)
    {
      tail.memos[kind] = payload
      self.tail = tail
      return
    }
    var memos = tail?.memos ?? [:]
    memos[kind] = payload
    save(to: path, memos: memos)
  }

  /// What follows the index file's pages, read from the file when not read yet (a file
  /// taken from its folder's cache).
  private func readTail() -> IndexTail? {
    if !tailRead {
      tailRead = true
      tail = cacheBase.flatMap { IndexCache.open($0 + ".bin", source: source)?.tail }
    }
    return tail
  }

  /// How many blocks (appends and memos) the cache file takes before it is written whole again.
  package static let appendsBeforeRewrite = 1024

  /// Writes the cache file whole, with every list read in full, and `memos` after the pages
  /// (a page that fails its check leaves it unwritten: it is built again when a lookup meets
  /// that page).
  private func save(to path: String, memos: [IndexMemo: [UInt8]] = [:]) {
    (tail, tailRead) = (nil, true)
    guard let lists = lists() else { return }
    tail = IndexCache.write(
      to: path, source: source, index: index, corrections: state.corrections, ids: lists.ids,
      prefixes: lists.prefixes, quarters: lists.quarters, memos: memos)
    state.ids = SortedPages(lists.ids)
    state.prefixes = SortedPages(lists.prefixes)
    state.quarters = SortedPages(lists.quarters)
    // The side files, the memo files and the tag cache of earlier versions of pomo, each a
    // cache of its own, are gone.
    if let base = cacheBase, let cacheFolder {
      for old in [".ids", ".prefixes", ".quarters", ".corrections", ".streak", ".shared"] {
        Platform.removeFile(base + old)
      }
      Platform.removeFile(cacheFolder + "/tags-" + String(source, radix: 16) + ".bin")
    }
  }

  /// The index of the chunk that holds line `line`, if any.
  package func chunk(holding line: Int64) -> Int? {
    let chunks = index.chunks
    let low = SortedSearch.partition(chunks.count) { chunks[$0].firstLine > line }
    return low > 0 ? low - 1 : nil
  }

  /// The bytes of one line, by its place in the file.
  package func read(offset: Int64, length: Int64) throws(FileSystemError) -> [UInt8] {
    guard let file = try openFile() else { return [] }
    return try file.read(exactly: Int(length), at: offset)
  }

  /// Reads chunk `k` into `buffer` (whose room is kept from chunk to chunk: a fresh array a
  /// chunk costs its pages again, each time) and hands on the lines that may be records, in
  /// order, each with its number: blank lines, and lines that repeat an earlier id (the
  /// index marked those), are skipped. The last line may lack its newline.
  package func lines(
    chunk k: Int, buffer: inout [UInt8], _ body: (Int64, UnsafeBufferPointer<UInt8>) throws(FileSystemError) -> Void
  ) throws(FileSystemError) {
    guard let file = try openFile() else { return }
    let chunk = index.chunks[k]
    let duplicates = index.duplicates
    let count = Int(chunk.length)
    if buffer.count < count { buffer += [UInt8](repeating: 0, count: count - buffer.count) }
    let done = buffer.withUnsafeMutableBytes { raw in
      Result { () throws(FileSystemError) in
        // The index says the chunk is there: fewer bytes, and the file was cut while read.
        guard try file.read(at: chunk.offset, into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<count])) == count
        else { throw .changedWhileRead }
        let bytes = UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: count)
        var skip = SortedSearch.firstIndex(in: duplicates, notBelow: chunk.firstLine)
        var number = chunk.firstLine
        var start = 0
        while start < count {
          let end = JournalIndex.firstNewline(bytes, from: start, to: count) ?? count
          let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
          if !JournalIndex.isBlank(line) {
            if skip < duplicates.count && duplicates[skip] == number {
              skip += 1
            } else {
              try body(number, line)
            }
          }
          number += 1
          start = end + 1
        }
      }
    }
    try done.get()
  }

  /// The records of chunk `k`'s lines (`lines(chunk:)`), with their numbers and bytes;
  /// damaged lines were reported when the chunk was indexed, and are skipped.
  package func records(chunk k: Int, detail: Bool) throws(FileSystemError) -> [(
    record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>
  )] {
    var bytes: [UInt8] = []
    // Each line's number and where it is, as an address in `bytes`, which stays where it is
    // once read.
    var places: [(line: Int64, at: Int, count: Int)] = []
    try lines(chunk: k, buffer: &bytes) { number, line in
      places.append((number, Int(bitPattern: line.baseAddress), line.count))
    }
    let base = bytes.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    return places.compactMap { place in
      let slice = bytes[(place.at - base)..<(place.at - base + place.count)]
      return (try? JournalRecord(line: slice, detail: detail)).map { ($0, place.line, slice) }
    }
  }
}
