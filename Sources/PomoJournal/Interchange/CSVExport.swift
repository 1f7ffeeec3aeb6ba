import PomoCore

/// The sessions as CSV (RFC 4180): a header, then a row per session, every line ending in CRLF
/// as the RFC says. Fields with a comma, a quote or a line break are quoted, quotes doubled.
/// Times are RFC 3339 with the local offset; seconds are numbers with at most three decimals;
/// tags are joined by ";", a ";" or "\\" inside a tag escaped with a "\\" (so the list reads back
/// exactly); a session without a note has an empty note.
package enum CSVExport {
  package static let header = [
    "id", "start", "end", "preset", "status", "focus_seconds", "rest_seconds", "paused_seconds", "tags", "note",
  ]

  package static func render(_ records: [JournalRecord], offset: (Double) -> Int) -> String {
    var out = row(header)
    for r in records {
      out += row([
        r.id, RFC3339.format(r.start, offset: offset(r.start)), RFC3339.format(r.end, offset: offset(r.end)), r.preset,
        r.status.rawValue, JSONOutput.seconds(r.focusSeconds), JSONOutput.seconds(r.restSeconds),
        JSONOutput.seconds(r.pausedSeconds), tagsField(r.tags), r.note ?? "",
      ])
    }
    return out
  }

  /// The tags in one field: joined by `;`, each `\\` and `;` inside a tag escaped by a `\\`.
  package static func tagsField(_ tags: [String]) -> String {
    tags.map { Interchange.backslashed($0, "\\;") }.joined(separator: ";")
  }

  static func row(_ fields: [String]) -> String {
    fields.map(field).joined(separator: ",") + "\r\n"
  }

  /// A field, quoted when RFC 4180 says it must be.
  package static func field(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}
