import PomoCore
import PomoJournal

/// A journal file's corrections (and added sessions, and tasks), as the index keeps them:
/// sorted by the hash of the session they concern, so a report finds a session's corrections
/// by binary search instead of building anything first.
package struct CorrectionTable: Sendable {
  package private(set) var all: [JournalIndex.CorrectionRef] = []

  package init(_ refs: [JournalIndex.CorrectionRef] = []) {
    all = refs.sorted { ($0.session, $0.offset) < ($1.session, $1.offset) }
  }

  package var count: Int { all.count }

  package subscript(k: Int) -> JournalIndex.CorrectionRef { all[k] }

  /// The entries about the session with this id hash.
  package func range(session: UInt64) -> Range<Int> {
    let low = SortedSearch.partition(count) { all[$0].session >= session }
    return low..<SortedSearch.partition(count) { all[$0].session > session }
  }

  /// The table with `more` entries added.
  package func adding(_ more: [JournalIndex.CorrectionRef]) -> CorrectionTable {
    more.isEmpty ? self : CorrectionTable(all + more)
  }

  /// Whether every entry points into the first `length` bytes of the journal and has a kind:
  /// a damaged table is rebuilt, never trusted.
  func isValid(length: Int64) -> Bool {
    all.allSatisfy {
      $0.offset >= 0 && $0.length >= 0 && $0.offset <= length - $0.length && !$0.at.isNaN
        && JournalIndex.CorrectionRef.Kind(rawValue: UInt8(truncatingIfNeeded: $0.kindAndFlags)) != nil
    }
  }
}
