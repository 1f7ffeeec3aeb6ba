import PomoCore

/// Consecutive days with a completed focus session (`JournalRecord.countsForStreak`), ending today (or yesterday, while today has
/// none yet). One function for every caller: the index answers `completedOn` from its
/// quarter hours, a report from the days it counted.
package enum Streak {
  package static func length(today: Int64, completedOn: (Int64) -> Bool) -> Int {
    var day = completedOn(today) ? today : today - 1
    var count = 0
    while completedOn(day) {
      count += 1
      day -= 1
    }
    return count
  }
}
