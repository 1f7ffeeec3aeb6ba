import PomoCore
import PomoJournal
import PomoPlatform

/// The corrections (and added sessions) of a history's files, as their indexes keep them, and
/// the fold of a session with its own (`Fold`): a session's corrections are found by binary
/// search of each file's table, and only their few lines are read.
extension IndexedHistory {
  /// How many corrections (and added sessions) the history holds.
  package var correctionCount: Int { correctionTables.reduce(0) { $0 + $1.count } }

  /// The corrections of a session (or a task), read from their lines.
  func corrections(of id: String) throws(FileSystemError) -> [Correction] {
    let hash = FNV1a.hash(id)
    var result: [Correction] = []
    for (f, table) in correctionTables.enumerated() {
      for k in table.range(session: hash) where table[k].kind.isCorrection {
        let bytes = try files[f].read(offset: table[k].offset, length: table[k].length)
        if case .correction(let c)? = try? JournalEntry(line: bytes[...]), c.session == id { result.append(c) }
      }
    }
    return result
  }

  /// A session as it now stands: nil when it was deleted.
  package func fold(_ record: JournalRecord) throws(FileSystemError) -> JournalRecord? {
    guard corrected, isCorrected(record.id) else { return record }
    return Fold.apply(record, try corrections(of: record.id))
  }

  /// Whether a session has corrections (so its line no longer says all).
  package func isCorrected(_ id: String) -> Bool { isCorrected(hash: FNV1a.hash(id)) }

  /// The same, for the id with this hash.
  package func isCorrected(hash: UInt64) -> Bool {
    correctionTables.contains { table in table.range(session: hash).contains { table[$0].kind.isCorrection } }
  }

  // MARK: - Undo

  /// The latest correction or added session that no undo has revoked yet, as its own id,
  /// the session it concerns and what it was; nil when there is none.
  package func latestRevocable() throws(FileSystemError) -> Revocable? {
    // The undos are few: read them for what they revoke. The rest are known by their hashes,
    // so only the latest ones' lines are read.
    var revoked = Set<UInt64>()
    let refs = correctionTables.enumerated().flatMap { f, table in table.all.map { (file: f, ref: $0) } }
    for (f, ref) in refs where ref.kind == .undo {
      let bytes = try files[f].read(offset: ref.offset, length: ref.length)
      if case .correction(let c)? = try? JournalEntry(line: bytes[...]) { revoked.insert(FNV1a.hash(c.target)) }
    }
    let live = refs.filter { $0.ref.kind != .undo && !revoked.contains($0.ref.id) }
    guard let latestAt = live.map(\.ref.at).max() else { return nil }
    var best: Revocable?
    for (f, ref) in live where ref.at == latestAt {
      let bytes = try files[f].read(offset: ref.offset, length: ref.length)
      let found: (id: String, session: String)?
      switch try? JournalEntry(line: bytes[...]) {
      case .correction(let c)?: found = (c.id, c.session)
      case .session(let record)?: found = (record.id, record.id)
      case .task(let task)?: found = (task.id, task.id)
      case nil: found = nil
      }
      // The same time: the greater id is the later, as the fold orders them.
      if let found, best == nil || found.id > best!.id {
        let kind: Revocable.Kind =
          switch ref.kind {
          case .delete: .delete
          case .added: .added
          case .task: .task
          case .amend, .undo: .amend
          }
        best = Revocable(id: found.id, session: found.session, kind: kind, at: ref.at)
      }
    }
    return best
  }
}
