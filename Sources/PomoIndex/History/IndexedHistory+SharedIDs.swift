import PomoCore
import PomoJournal

/// The ids more than one of a history's files holds (a conflict copy, a session synced
/// twice), by their hashes: usually none, so a span over several files rarely looks further.
extension IndexedHistory {
  /// The hashes of the ids more than one file holds, sorted, from the files' id tables, and
  /// remembered in the first file's index file (a memo, `IndexMemo.sharedIDs`) while they
  /// stand as they were (`Staleness.standing`).
  func findSharedIDs() -> [UInt64] {
    guard let home = files.first, files.count > 1 else { return [] }
    // Without caches (`--no-cache`) the ids are merged and nothing is kept.
    let key = FNV1a.hash("shared ids 5")
    let now = files.map(IndexMark.init)
    if let (standing, shared) = IndexMark.cached(UInt64.self, in: home.memo(.sharedIDs), key: key, now: now),
      standing == .current
    {
      return shared
    }
    // Each file's ids are distinct: an id met twice in all of them, sorted, is in two files.
    let all = idHashes()
    var shared: [UInt64] = []
    for k in all.indices.dropFirst() where all[k] == all[k - 1] && shared.last != all[k] { shared.append(all[k]) }
    home.keep(IndexMark.memo(shared, key: key, now: now), as: .sharedIDs)
    return shared
  }

  /// Whether more than one file holds a line with this id.
  func isShared(_ id: String) -> Bool { SessionID.contains(sharedIDHashes, FNV1a.hash(id)) }
}
