import PomoCore
import PomoJournal

/// What every session line of a journal file adds to the day totals of one calendar,
/// credited by the index's first build as its one scan read each line
/// (`JournalIndex.update`): so the first build of the totals reads no line again.
///
/// Every session's first line in the file is credited as it stands; the few sessions that
/// corrections or other files make special are taken back and credited again by `DayTotals`.
package struct FileCredits {
  /// The calendar credited in (`LocalCalendar.fingerprint`).
  package let calendarKey: String
  package var changes = DayTable.Changes()
  /// The sessions too long for day tables, by id hash, with their id prefixes.
  package var long: [UInt64: UInt64] = [:]

  init(calendarKey: String) { self.calendarKey = calendarKey }
}
