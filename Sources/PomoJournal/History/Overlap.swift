import PomoCore
import PomoPlatform

/// Sessions that share time. Two sessions over the same minutes count that focus twice, so
/// `add` and `edit` refuse to make one (unless told to), and `import` counts those it brings.
/// Sessions that only touch (one ends as the next starts) do not overlap.
package enum Overlap {
  /// Whether `start..<end` and `otherStart..<otherEnd` share time.
  package static func overlaps(_ start: Double, _ end: Double, _ otherStart: Double, _ otherEnd: Double) -> Bool {
    start < otherEnd && otherStart < end
  }

  /// The recorded session, other than the one with id `except`, that shares time with
  /// `start..<end` and started first; nil when none does.
  package static func first(
    in history: History, start: Double, end: Double, except: String? = nil
  ) throws(FileSystemError) -> JournalRecord? {
    var found: JournalRecord?
    try history.records(overlapping: start, end) { record in
      guard record.id != except, overlaps(start, end, record.start, record.end) else { return }
      if found == nil || (record.start, record.id) < (found!.start, found!.id) { found = record }
    }
    return found
  }

  /// Each of `new` that shares time with another session, of `new` or of `recorded`, paired
  /// with one it shares time with, in the order of `new`. A session is never its own overlap,
  /// nor is a session of `recorded` with the same id (the same session, already there).
  package static func among(_ new: [JournalRecord], recorded: [JournalRecord]) -> [(
    session: JournalRecord, other: JournalRecord
  )] {
    // Every session once, by id (a new one already recorded is the recorded one), by start.
    var all: [(record: JournalRecord, isNew: Bool, order: Int)] = []
    var seen = Set<String>()
    for record in recorded where seen.insert(record.id).inserted { all.append((record, false, 0)) }
    for (k, record) in new.enumerated() where seen.insert(record.id).inserted { all.append((record, true, k)) }
    all.sort { ($0.record.start, $0.record.id) < ($1.record.start, $1.record.id) }
    var result: [(order: Int, session: JournalRecord, other: JournalRecord)] = []
    // The earlier session reaching furthest: one before a session overlaps it when any does.
    var reach: JournalRecord?
    for (k, item) in all.enumerated() {
      if item.isNew {
        let r = item.record
        if let reach, overlaps(r.start, r.end, reach.start, reach.end) {
          result.append((item.order, r, reach))
        } else if k + 1 < all.count, case let next = all[k + 1].record, overlaps(r.start, r.end, next.start, next.end) {
          result.append((item.order, r, next))
        }
      }
      if reach == nil || item.record.end > reach!.end { reach = item.record }
    }
    return result.sorted { $0.order < $1.order }.map { ($0.session, $0.other) }
  }
}
