import PomoCore

/// The sessions as an iCalendar file (RFC 5545), for calendar apps: an event per session, its
/// times in UTC.
///
/// - UID: the session's id; DTSTAMP: when the file was made (`now`).
/// - DTSTART, DTEND: the session's start and end to the second (rounded down); an event that
///   would last no whole second has no DTEND, so it lasts no time, as the RFC allows.
/// - SUMMARY: the preset, then its tags in parentheses; DESCRIPTION: the note;
///   CATEGORIES: the tags.
/// - Text is escaped (`\\`, `\;`, `\,`, `\n`), control characters other than tab are left out,
///   lines end in CRLF and are folded at 75 octets, never inside a UTF-8 sequence.
package enum ICSExport {
  package static let productID = "-//pomo//pomo export//EN"

  package static func render(_ records: [JournalRecord], now: Double) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productID, "CALSCALE:GREGORIAN"]
    let stamp = UTCStamp.format(now)
    for r in records {
      lines += ["BEGIN:VEVENT", "UID:" + escape(r.id), "DTSTAMP:" + stamp, "DTSTART:" + UTCStamp.format(r.start)]
      if r.end.rounded(.down) > r.start.rounded(.down) { lines.append("DTEND:" + UTCStamp.format(r.end)) }
      let summary = r.tags.isEmpty ? r.preset : "\(r.preset) (\(r.tags.joined(separator: ", ")))"
      lines.append("SUMMARY:" + escape(summary))
      if let note = r.note, !note.isEmpty { lines.append("DESCRIPTION:" + escape(note)) }
      if !r.tags.isEmpty { lines.append("CATEGORIES:" + r.tags.map(escape).joined(separator: ",")) }
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.map { fold($0) + "\r\n" }.joined()
  }

  /// TEXT as RFC 5545 section 3.3.11 writes it: backslash, semicolon and comma escaped, line
  /// breaks (CRLF, LF or CR) as `\n`, other control characters but tab left out.
  package static func escape(_ text: String) -> String {
    var out = String.UnicodeScalarView()
    // A CRLF is one Character, so it becomes one line break.
    for scalar in text.replacing("\r\n", with: "\n").unicodeScalars {
      switch scalar {
      case "\\", ";", ",": out.append(contentsOf: ["\\", scalar])
      case "\r", "\n": out.append(contentsOf: #"\n"#.unicodeScalars)
      case "\t": out.append(scalar)
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): break
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// A content line folded (RFC 5545 section 3.1): no line longer than 75 octets, each
  /// continuation starting with a space, breaks only between characters' UTF-8 sequences.
  package static func fold(_ line: String) -> String {
    guard line.utf8.count > 75 else { return line }
    var out = ""
    var length = 0
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if length + size > 75 {
        out += "\r\n "
        length = 1
      }
      out.unicodeScalars.append(scalar)
      length += size
    }
    return out
  }
}
