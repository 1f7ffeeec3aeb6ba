import PomoCore

/// A journal file's corrections (and added sessions, and tasks), as the index keeps them:
/// sorted by the hash of the session they concern, so a report finds a session's corrections
/// by binary search instead of building anything first.
public struct CorrectionTable: Sendable {
  public private(set) var all: [JournalIndex.CorrectionRef] = []

  public init(_ refs: [JournalIndex.CorrectionRef] = []) {
    all = refs.sorted { ($0.session, $0.offset) < ($1.session, $1.offset) }
  }

  public var count: Int { all.count }

  public subscript(k: Int) -> JournalIndex.CorrectionRef { all[k] }

  /// The entries about the session with this id hash.
  public func range(session: UInt64) -> Range<Int> {
    let low = SortedSearch.partition(count) { all[$0].session >= session }
    return low..<SortedSearch.partition(count) { all[$0].session > session }
  }

  /// The table with `more` entries added.
  public func adding(_ more: [JournalIndex.CorrectionRef]) -> CorrectionTable {
    more.isEmpty ? self : CorrectionTable(all + more)
  }

  /// Whether every entry points into the first `length` bytes of the journal: a damaged
  /// table is rebuilt, never trusted.
  func isValid(length: Int64) -> Bool {
    all.allSatisfy { $0.offset >= 0 && $0.length >= 0 && $0.offset <= length - $0.length && !$0.at.isNaN }
  }

  /// Ten words an entry, as the cache file keeps them: session, session prefix, id, kind and
  /// flags, at, from, to, offset, length, done.
  static let words = 10
  /// The flags beside the kind.
  static let changesStatus: UInt64 = 0x100
  static let setsDone: UInt64 = 0x200

  /// The entries as saved.
  var encoded: [UInt64] {
    var words: [UInt64] = []
    words.reserveCapacity(count * Self.words)
    for r in all {
      let flags = (r.changesStatus ? Self.changesStatus : 0) | (r.setsDone ? Self.setsDone : 0)
      words += [
        r.session, r.sessionPrefix, r.id, UInt64(r.kind.rawValue) | flags, r.at.bitPattern, r.from.bitPattern,
        r.to.bitPattern, UInt64(bitPattern: r.offset), UInt64(bitPattern: r.length), r.done.bitPattern,
      ]
    }
    return words
  }

  /// The entries `encoded` saved, in their order; nil when one has no kind.
  init?(encoded words: [UInt64]) {
    guard words.count % Self.words == 0 else { return nil }
    all.reserveCapacity(words.count / Self.words)
    for b in stride(from: 0, to: words.count, by: Self.words) {
      guard let kind = JournalIndex.CorrectionRef.Kind(rawValue: UInt8(truncatingIfNeeded: words[b + 3] & 0xFF))
      else { return nil }
      all.append(
        JournalIndex.CorrectionRef(
          session: words[b], sessionPrefix: words[b + 1], id: words[b + 2], kind: kind,
          at: Double(bitPattern: words[b + 4]), from: Double(bitPattern: words[b + 5]),
          to: Double(bitPattern: words[b + 6]), offset: Int64(bitPattern: words[b + 7]),
          length: Int64(bitPattern: words[b + 8]), changesStatus: words[b + 3] & Self.changesStatus != 0,
          setsDone: words[b + 3] & Self.setsDone != 0, done: Double(bitPattern: words[b + 9])))
    }
  }
}
