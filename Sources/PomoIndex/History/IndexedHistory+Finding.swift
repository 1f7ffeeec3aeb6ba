import PomoCore
import PomoJournal
import PomoPlatform

/// Finds sessions by their ids: the session an id or a prefix of it names, as `edit`,
/// `delete` and `show` take it, and the lines a session was written on.
extension IndexedHistory {
  /// The hashes of every id the files hold a line of (sessions, corrections, tasks), sorted,
  /// from their indexes: as everywhere in the index, an id is known by its hash.
  package func idHashes() -> [UInt64] {
    var all = files.flatMap { $0.entries(of: \.ids) }
    if files.count > 1 { RadixSort.sort(&all) { $0 } }
    return all
  }

  package func tags() -> [String] {
    Array(Set(files.flatMap(\.tags))).sorted()
  }

  /// The lines of the session with this id hash, as recorded (not folded), in file order,
  /// each with its file, line number and bytes; lines that repeat an id within a file are
  /// left out.
  package func copies(of hash: UInt64, prefix: UInt64, detail: Bool = false) throws(FileSystemError) -> [(
    file: Int, line: Int64, record: JournalRecord, bytes: ArraySlice<UInt8>
  )] {
    var result: [(file: Int, line: Int64, record: JournalRecord, bytes: ArraySlice<UInt8>)] = []
    var read = Set<Int64>()
    for place in locate(prefix: prefix) where read.insert(Int64(place.file) << 32 | Int64(place.chunk)).inserted {
      for item in try files[place.file].records(chunk: place.chunk, detail: detail)
      where FNV1a.hash(item.record.id) == hash {
        result.append((place.file, item.line, item.record, item.bytes))
      }
    }
    return result.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
  }

  /// The sessions whose ids start with `prefix`, from the chunks whose lines' id prefixes may.
  package func sessions(withPrefix text: String) -> (live: [JournalRecord], deleted: [String]) {
    let range = JournalIndex.prefixRange(text)
    var live: [JournalRecord] = []
    var deleted: [String] = []
    var matched = Set<String>()
    for file in files {
      // The chunks holding a line whose id may start so, each read once, in order (the first
      // line of an id wins).
      let chunks = Set(file.entries(of: \.prefixes, in: range).compactMap { file.chunk(holding: $0.line) })
      for chunk in chunks.sorted() {
        guard let items = try? file.records(chunk: chunk, detail: true) else { continue }
        for item in items where item.record.id.hasPrefix(text) && matched.insert(item.record.id).inserted {
          let folded: JournalRecord?
          do { folded = try fold(item.record) } catch { continue }
          if let folded { live.append(folded) } else { deleted.append(item.record.id) }
        }
      }
    }
    return (live, deleted)
  }

  /// The session recorded last, as it now stands: what a user just did. A session is recorded
  /// when its line is written: a timed one when it ends (its end), one `pomo add` recorded when
  /// it was added (`added`), whenever it started. Deleted sessions are passed over; of two
  /// recorded at the same instant, the later start wins, then the later line. Nil when none is.
  ///
  /// Only the latest lines are read: the added sessions by the times the index keeps, then the
  /// chunks by the latest end they hold, until none can hold a later one.
  package func lastRecorded() throws(FileSystemError) -> JournalRecord? {
    var best: (key: (recorded: Double, start: Double, file: Int, place: Int64), record: JournalRecord)?
    func consider(_ record: JournalRecord, recorded: Double, file: Int, place: Int64) throws(FileSystemError) {
      guard let folded = try fold(record) else { return }
      let key = (recorded, record.start, file, place)
      if best == nil || key > best!.key { best = (key, folded) }
    }
    let added = correctionTables.enumerated()
      .flatMap { f, table in table.all.filter { $0.kind == .added }.map { (file: f, ref: $0) } }
      .sorted { $0.ref.at > $1.ref.at }
    for (f, ref) in added {
      if let best, ref.at < best.key.recorded { break }
      let bytes = try files[f].read(offset: ref.offset, length: ref.length)
      guard case .session(let record)? = try? JournalEntry(line: bytes[...]) else { continue }
      try consider(record, recorded: ref.at, file: f, place: ref.offset)
    }
    let chunks = files.indices.flatMap { f in files[f].index.chunks.indices.map { (file: f, chunk: $0) } }
      .sorted { files[$0.file].index.chunks[$0.chunk].maxTime > files[$1.file].index.chunks[$1.chunk].maxTime }
    for (f, k) in chunks {
      if let best, files[f].index.chunks[k].maxTime < best.key.recorded { break }
      for item in try files[f].records(chunk: k, detail: true) where item.record.added == nil {
        try consider(
          item.record, recorded: item.record.end, file: f,
          place: files[f].index.chunks[k].offset + Int64(item.bytes.startIndex))
      }
    }
    return best?.record
  }
}
