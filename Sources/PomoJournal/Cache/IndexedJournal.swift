import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The journal read through its index: only the lines that can touch a span of time.
public final class IndexedJournal {
  public let journal: Journal
  /// The journal file once opened; nil while it is not (missing, or not read yet).
  private var handle: RandomAccessFile?
  /// Whether the file is there: an index taken from its folder's cache opens it only when read.
  private let exists: Bool

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
  /// The index and its tables (`IndexCache.Loaded`), whose sorted lists are read a page at a
  /// time as lookups need them. Made on first use: most files of a folder never need it.
  private lazy var state = IndexCache.Loaded()
  public var index: JournalIndex {
    takeIn()
    return state.index
  }
  /// A file taken from its folder's cache without corrections leaves its index untaken.
  public var corrections: CorrectionTable {
    if folderEntry?.outline.corrections == 0 { return CorrectionTable() }
    takeIn()
    return state.corrections
  }
  public private(set) var badLines: [Journal.BadLine] = []
  public private(set) var earliest: Double = .infinity
  /// The path prefix of this journal's cache files (the index is `.bin`); nil with `--no-cache`.
  package var cacheBase: String? { cacheFolder.map { $0 + "/index-" + String(source, radix: 16) } }
  private var cacheFolder: String?
  /// How many chunks `read(chunk:into:)` read, so tests can tell the work of `log` follows the answer.
  private(set) var chunksRead = 0
  /// The calendar whose day totals a build from the first line credits, and what it
  /// credited: kept aside, as most files (those from their folder's cache) have neither.
  private let counting: Counting?
  package var credits: FileCredits? { counting?.credits }

  private final class Counting {
    let calendar: LocalCalendar
    var credits: FileCredits?

    init(_ calendar: LocalCalendar) { self.calendar = calendar }
  }

  /// Every quarter-hour key of a completed session, sorted.
  package func loadQuarters() -> [UInt64] { entries(of: \.quarters) }

  /// The lines of the sessions whose id starts with the 8 bytes of `prefix`: finding a moved
  /// session does not read the journal.
  package func lines(withPrefix prefix: UInt64) -> [Int64] { loadPrefixes(in: prefix...prefix).map(\.line) }

  /// The sorted id prefixes of the sessions in `keys` (all when nil), with their lines.
  package func loadPrefixes(in keys: ClosedRange<UInt64>? = nil) -> [JournalIndex.PrefixEntry] {
    entries(of: \.prefixes, in: keys)
  }

  /// The sorted hashes of every id the index holds (sessions and corrections).
  package func ids() -> [UInt64] { entries(of: \.ids) }

  /// The keys (`JournalIndex.quarterKey`) of completed sessions (the first line of their id)
  /// that started in `from..<to`.
  package func completedKeys(from: Double, to: Double) -> [UInt64] {
    let low = JournalIndex.quarterKey(JournalIndex.quarter(from), 0)
    let high = JournalIndex.quarterKey(JournalIndex.quarter(to), 0)
    guard low < high else { return [] }
    return entries(of: \.quarters, in: low...(high - 1))
  }

  /// The entries of a table whose key is in `keys` (all when nil). A page found damaged
  /// after the index was opened is never trusted, nor answered as empty: the index is built
  /// again from the journal, and asked again.
  private func entries<E>(of table: (IndexCache.Loaded) -> SortedPages<E>, in keys: ClosedRange<UInt64>? = nil) -> [E] {
    func find() -> [E]? {
      takeIn()
      return keys.map { table(state).entries(in: $0) } ?? table(state).all()
    }
    if let found = find() { return found }
    if updating {
      sideFileFailed = true
      return []
    }
    guard !repairing else { return find() ?? [] }
    repairing = true
    defer { repairing = false }
    try? bringUpToDate(trustingCache: false)
    return find() ?? []
  }

  private var repairing = false

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
  public var tags: [String] { index.tags.keys.filter(Self.isCompletable).sorted() }

  /// A tag a shell can offer: not blank, no control characters (they would break the
  /// one-tag-a-line list, and nobody types them).
  private static func isCompletable(_ tag: String) -> Bool {
    !tag.trimmedSpaces().isEmpty && !tag.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  /// Every line that may be a record after `line`, as its bytes, handed to `work` with its
  /// part's number: `parts` runs of chunks, each on a core of its own with one buffer.
  package func linesInParts(after line: Int64, parts: Int, _ work: (Int, UnsafeBufferPointer<UInt8>) -> Void)
    throws(FileSystemError)
  {
    let chunks = index.chunks
    guard !chunks.isEmpty, parts > 0, let file = try openFile() else { return }
    let first = line <= 0 ? 0 : (chunk(holding: line + 1) ?? 0)
    let count = chunks.count - first
    guard count > 0 else { return }
    let duplicates = index.duplicates
    let source = file
    // The first failure, in the parts' order, is thrown.
    let done = withoutActuallyEscaping(work) { work in
      nonisolated(unsafe) let job = work
      return Result { () throws(FileSystemError) in
        _ = try Parallel.tryMap(parts, empty: ()) { part throws(FileSystemError) in
          let range = (first + part * count / parts)..<(first + (part + 1) * count / parts)
          let longest = range.map { Int(chunks[$0].length) }.max() ?? 0
          let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, longest), alignment: 8)
          defer { buffer.deallocate() }
          for k in range {
            let chunk = chunks[k]
            let length = try source.read(
              at: chunk.offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<Int(chunk.length)]))
            // The index says the chunk is there: fewer bytes, and the file was cut while read.
            guard length == Int(chunk.length) else { throw .changedWhileRead }
            let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let bytes = UnsafeBufferPointer(start: base, count: length)
            Self.forEachLine(in: bytes, chunk: chunk, duplicates: duplicates) { number, bytes in
              if number > line { job(part, bytes) }
            }
          }
        }
      }
    }
    try done.get()
  }

  /// Opens the journal and brings its index (in `cacheFolder`; in memory with `--no-cache`)
  /// up to date; a missing journal is an empty one, and a cache that cannot be written only
  /// costs time. Only the whole lines the journal had then are read: a line being appended
  /// meanwhile is left for the next run, never mistaken for a damaged one. A build from the
  /// first line credits the day totals of `calendar` as it reads (`credits`).
  public init(journal: Journal, cacheFolder: String?, calendar: LocalCalendar? = nil) throws(FileSystemError) {
    self.journal = journal
    // Without caches (`--no-cache`) there are no totals to keep.
    counting = cacheFolder == nil ? nil : calendar.map(Counting.init)
    source = FNV1a.hash(Platform.absolutePath(journal.path))
    do {
      handle = try RandomAccessFile(path: journal.path)
    } catch where error.code == ENOENT {
      exists = false
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
    counting = nil
    folderEntry = entry
    let outline = entry.outline
    earliest = outline.earliest
    if outline.badLines > 0 { badLines = index.badLines }
  }

  /// The folder's cache entry the index is taken in from, until it is.
  package private(set) var folderEntry: FolderIndex.Entry?

  /// What every report asks of the file (`IndexOutline`), known before its index is taken in.
  package var outline: IndexOutline { folderEntry?.outline ?? IndexOutline(index) }

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

  /// The hash of the journal file's absolute path, which names its cache files.
  package let source: UInt64

  /// Brings the index up to date with the journal, from its cache file when `trustingCache`
  /// and it passes its checks, else built again; then saves what changed (an append for
  /// appended lines, the whole file when built again).
  private func bringUpToDate(trustingCache: Bool) throws(FileSystemError) {
    if handle == nil && exists { handle = try RandomAccessFile(path: journal.path) }
    guard let file = handle else { return }
    let path = cacheBase.map { $0 + ".bin" }
    var loaded = trustingCache ? path.flatMap { IndexCache.open($0, source: source) } : nil
    state = loaded ?? IndexCache.Loaded()
    // The index is this journal's now: no second reference makes an update copy its chunks.
    loaded?.index = JournalIndex()
    let before = state.index.buildID
    updating = true
    defer { updating = false }
    let known = state.ids
    // Just opened, the file is as its opening found it; brought up to date again, it is asked.
    let seen = trustingCache ? file.opened : nil
    let changed = try state.index.update(file, seen: seen, calendar: counting?.calendar) { id in
      // Whether an entry has this key; a page that fails makes everything be built again.
      guard let found = known.entries(in: id...id) else {
        self.sideFileFailed = true
        return false
      }
      return !found.isEmpty
    }
    if sideFileFailed {
      // A page this append needed failed its check: everything is built again.
      sideFileFailed = false
      guard trustingCache else { return }
      updating = false
      return try bringUpToDate(trustingCache: false)
    }
    if changed {
      let added = state.index.added
      counting?.credits = state.index.credits
      state.index.added = IndexAdditions()
      state.index.credits = nil
      let rebuilt = state.index.buildID != before || loaded == nil
      // Built again: the lists are what it read.
      if rebuilt { state = IndexCache.Loaded(index: state.index) }
      state.add(added)
      // Appends are taken in as the file is read: past a share of it, it is written whole.
      if let path, let loaded, !rebuilt,
        case let payload = IndexCache.append(index: index, since: loaded.saved, added: added),
        loaded.appends < Self.appendsBeforeRewrite,
        loaded.end - loaded.baseEnd + Int64(payload.count) <= max(1 << 20, loaded.baseEnd / 8)
      {
        _ = IndexCache.append(payload, to: path, source: source, after: loaded)
      } else if let path {
        save(to: path)
      }
    }
    badLines = index.badLines
    earliest = index.chunks.map(\.minTime).min() ?? .infinity
  }

  /// How many appends the cache file takes before it is written whole again.
  package static let appendsBeforeRewrite = 1024

  /// Writes the cache file whole, with every list read in full (a page that fails its
  /// check then makes everything be built again).
  private func save(to path: String) {
    guard let lists = lists() else {
      sideFileFailed = true
      return
    }
    IndexCache.write(
      to: path, source: source, index: index, corrections: state.corrections, ids: lists.ids,
      prefixes: lists.prefixes, quarters: lists.quarters)
    state.ids = SortedPages(lists.ids)
    state.prefixes = SortedPages(lists.prefixes)
    state.quarters = SortedPages(lists.quarters)
    // The side files and the tag cache of earlier versions of pomo, each a cache of its own, are gone.
    if let base = cacheBase, let cacheFolder {
      for old in [".ids", ".prefixes", ".quarters", ".corrections"] { Platform.removeFile(base + old) }
      Platform.removeFile(cacheFolder + "/tags-" + String(source, radix: 16) + ".bin")
    }
  }

  /// Whether `bringUpToDate` is running, and whether a page failed meanwhile.
  private var updating = false
  private var sideFileFailed = false

  /// The index of the chunk that holds line `line`, if any.
  package func chunk(holding line: Int64) -> Int? {
    let chunks = index.chunks
    let low = SortedSearch.partition(chunks.count) { chunks[$0].firstLine > line }
    guard low > 0 else { return nil }
    return low - 1
  }

  /// The bytes of one line, by its place in the file.
  package func read(offset: Int64, length: Int64) throws(FileSystemError) -> [UInt8] {
    guard let file = try openFile() else { return [] }
    return try file.read(exactly: Int(length), at: offset)
  }

  /// The bytes of chunk `k`, into `buffer`, whose room is kept from chunk to chunk (a fresh
  /// array a chunk costs its pages again, each time).
  package func read(chunk k: Int, into buffer: inout [UInt8]) throws(FileSystemError) {
    let file = try openFile()
    let count = file == nil ? 0 : Int(index.chunks[k].length)
    if buffer.count > count { buffer.removeLast(buffer.count - count) }
    if buffer.count < count { buffer.append(contentsOf: repeatElement(0, count: count - buffer.count)) }
    guard let file, count > 0 else { return }
    chunksRead += 1
    let offset = index.chunks[k].offset
    let done = buffer.withUnsafeMutableBytes { bytes in
      Result { () throws(FileSystemError) in try file.read(at: offset, into: bytes) }
    }
    // The index says the chunk is there: fewer bytes, and the file was cut while read.
    guard try done.get() == count else { throw .changedWhileRead }
  }

  /// The records of chunk `k`'s lines, with their numbers and bytes; damaged lines were
  /// reported when the chunk was indexed, and lines that repeat an earlier id were marked:
  /// both are skipped.
  package func records(chunk k: Int, detail: Bool) throws(FileSystemError) -> [(
    record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>
  )] {
    let chunk = index.chunks[k]
    let bytes = try read(offset: chunk.offset, length: chunk.length)
    var result: [(record: JournalRecord, line: Int64, bytes: ArraySlice<UInt8>)] = []
    result.reserveCapacity(JournalIndex.linesPerChunk)
    bytes.withUnsafeBufferPointer { buffer in
      Self.forEachLine(in: buffer, chunk: chunk, duplicates: index.duplicates) { number, line in
        // A line that is not blank has bytes, in the buffer's.
        let from = buffer.baseAddress!.distance(to: line.baseAddress!)
        let slice = bytes[from..<from + line.count]
        if let record = try? JournalRecord(line: slice, detail: detail) { result.append((record, number, slice)) }
      }
    }
    return result
  }

  /// The lines of a chunk's bytes that may be records, in order, each with its number: blank
  /// lines, and lines that repeat an earlier id (the index marked those), are skipped. The
  /// last line may lack its newline.
  package static func forEachLine<E: Error>(
    in bytes: UnsafeBufferPointer<UInt8>, chunk: JournalIndex.Chunk, duplicates: [Int64],
    _ body: (Int64, UnsafeBufferPointer<UInt8>) throws(E) -> Void
  ) throws(E) {
    guard let base = bytes.baseAddress else { return }
    var skip = SortedSearch.firstIndex(in: duplicates, notBelow: chunk.firstLine)
    var number = chunk.firstLine
    var start = 0
    while start < bytes.count {
      let end = JournalIndex.firstNewline(bytes, from: start, to: bytes.count) ?? bytes.count
      let line = UnsafeBufferPointer(start: base + start, count: end - start)
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
