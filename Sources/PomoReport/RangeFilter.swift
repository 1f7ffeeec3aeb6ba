import PomoCore
import PomoJournal
import PomoPlatform

/// What a report's range and its `--tag` and `--preset` leave in: the records to read (those
/// that can touch the range's days) and which of them count. The hour grid and the table by
/// exercise read through one.
package struct RangeFilter {
  package let range: ReportRange
  package let calendar: LocalCalendar
  package let tags: [String]
  package let preset: String?

  package init(range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil) {
    self.range = range
    self.calendar = calendar
    self.tags = tags
    self.preset = preset
  }

  /// The span of instants worth reading: the range's days.
  package var window: (from: Double, to: Double) {
    (calendar.start(of: range.days.lowerBound), calendar.start(of: range.days.upperBound + 1))
  }

  /// Whether the record has the preset and every tag asked for.
  package func matches(_ record: JournalRecord) -> Bool {
    if let preset, record.preset != preset { return false }
    return tags.allSatisfy(record.tags.contains)
  }
}
