import PomoCore
import PomoJournal
import PomoPlatform

/// The day totals a long report adds up instead of its sessions (`DayTotals`), kept beside
/// the indexes.
extension IndexedHistory {
  /// An index just built from the journal credited its lines in the report's calendar
  /// (`IndexedJournal.credits`): the totals are then made of them and kept whatever the span,
  /// so the first long report does not read the journal again (a cache that cannot be written
  /// only costs time). Only the pages of `days` are read, and those of the hours only for a
  /// report by hour (`hours`).
  package func dayTotals(_ days: ClosedRange<Int64>, calendar: LocalCalendar, hours: Bool, wanted: Bool)
    throws(FileSystemError) -> (tables: [DayTable], long: [JournalRecord])?
  {
    guard let totalsFolder else { return nil }
    guard wanted else {
      if files.contains(where: { $0.credits != nil }) {
        _ = try? DayTotals.of(self, journal: name, calendar: calendar, folder: totalsFolder, days: days, hours: hours)
      }
      return nil
    }
    let totals = try DayTotals.of(self, journal: name, calendar: calendar, folder: totalsFolder, days: days, hours: hours)
    return (totals.tables, try totals.longSessions(of: self))
  }
}
