import PomoCore

/// A journal file's corrections (and added sessions), as the index keeps them: fixed-size
/// entries sorted by the hash of the session they concern, stored raw in a file of their own
/// and read with one copy, so a report finds a session's corrections by binary search
/// instead of building anything first.
public struct CorrectionTable: Sendable {
  /// Ten words an entry: session, session prefix, id, kind and flags, at, from, to, offset,
  /// length, done.
  static let words = 10
  /// The flags beside the kind.
  static let changesStatus: UInt64 = 0x100
  static let setsDone: UInt64 = 0x200
  public private(set) var storage: [UInt64]

  public init(storage: [UInt64] = []) {
    self.storage = storage.count % Self.words == 0 ? storage : []
  }

  public init(_ refs: [JournalIndex.CorrectionRef]) {
    var storage: [UInt64] = []
    storage.reserveCapacity(refs.count * Self.words)
    for r in refs.sorted(by: { $0.session != $1.session ? $0.session < $1.session : $0.offset < $1.offset }) {
      storage += [
        r.session, r.sessionPrefix, r.id, UInt64(r.kind.rawValue) | (r.changesStatus ? Self.changesStatus : 0) | (r.setsDone ? Self.setsDone : 0),
        r.at.bitPattern, r.from.bitPattern, r.to.bitPattern, UInt64(bitPattern: r.offset),
        UInt64(bitPattern: r.length), r.done.bitPattern,
      ]
    }
    self.storage = storage
  }

  public var count: Int { storage.count / Self.words }

  public subscript(k: Int) -> JournalIndex.CorrectionRef {
    let b = k * Self.words
    return JournalIndex.CorrectionRef(
      session: storage[b], sessionPrefix: storage[b + 1], id: storage[b + 2],
      kind: JournalIndex.CorrectionRef.Kind(rawValue: UInt8(truncatingIfNeeded: storage[b + 3] & 0xFF)) ?? .amend,
      at: Double(bitPattern: storage[b + 4]), from: Double(bitPattern: storage[b + 5]),
      to: Double(bitPattern: storage[b + 6]), offset: Int64(bitPattern: storage[b + 7]),
      length: Int64(bitPattern: storage[b + 8]), changesStatus: storage[b + 3] & Self.changesStatus != 0,
      setsDone: storage[b + 3] & Self.setsDone != 0, done: Double(bitPattern: storage[b + 9]))
  }

  public var all: [JournalIndex.CorrectionRef] { (0..<count).map { self[$0] } }

  /// The entries about the session with this id hash.
  public func range(session: UInt64) -> Range<Int> {
    let low = SortedSearch.partition(count) { storage[$0 * Self.words] >= session }
    var end = low
    while end < count && storage[end * Self.words] == session { end += 1 }
    return low..<end
  }

  /// The table with `more` entries added.
  public func adding(_ more: [JournalIndex.CorrectionRef]) -> CorrectionTable {
    more.isEmpty ? self : CorrectionTable(all + more)
  }

  /// Whether an entry's bytes are plausible: a damaged table is rebuilt, never trusted.
  public func isValid(length: Int64) -> Bool {
    (0..<count).allSatisfy { k in
      let r = self[k]
      return storage[k * Self.words + 3] & 0xFF <= 4 && r.offset >= 0 && r.length >= 0 && r.offset <= length - r.length
        && !r.at.isNaN
    }
  }
}
