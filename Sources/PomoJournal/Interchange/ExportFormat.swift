import PomoCore

/// What `pomo export --format` writes.
package enum ExportFormat: String, ChoiceValue {
  /// One row per session (RFC 4180, CRLF line ends).
  case csv
  /// A JSON array of the sessions, each as the journal writes it.
  case json
  /// An iCalendar file (RFC 5545) with an event per session.
  case ics
  /// The JSON array `timew export` prints, an interval per stretch of focus.
  case timewarrior

  /// `records` in `format`, whole, ending with a line end. `offset` gives the local UTC offset
  /// at an instant (for CSV and JSON times); `now` is the calendar's DTSTAMP.
  package static func render(
    _ records: [JournalRecord], format: ExportFormat, offset: (Double) -> Int, now: Double
  ) -> String {
    switch format {
    case .csv: CSVExport.render(records, offset: offset)
    case .json:
      records.isEmpty ? "[]\n" : "[\n" + records.map { $0.json(offset: offset).text }.joined(separator: ",\n") + "\n]\n"
    case .ics: ICSExport.render(records, now: now)
    case .timewarrior: TimewarriorExport.render(records)
    }
  }
}
