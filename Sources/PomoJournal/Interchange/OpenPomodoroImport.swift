import PomoCore

/// Reads the `history` file of the Open Pomodoro Format (github.com/open-pomodoro): one
/// pomodoro a line, its start as an ISO 8601 timestamp with its UTC offset, then logfmt
/// attributes, all optional:
///
///     2026-11-30T09:00:00-05:00 description="Write the report" duration=25 tags=work,writing
///
/// `duration` is in minutes (25 when missing), `tags` are separated by commas, `description`
/// becomes the note. Each line becomes a session of one completed focus phase, whose id is
/// derived from its start (the format's own key: two pomodoros with one start are one).
/// A timestamp without an offset, which the format forbids, is read as local time in `zone`.
package enum OpenPomodoroImport {
  package static let tool = "openpomodoro"
  /// The format's default length, in minutes.
  package static let defaultMinutes = 25.0

  package static func parse(_ bytes: [UInt8], host: String, zone: any TimeZoneRules) -> ImportResult {
    var result: ImportResult = ([], [])
    let content = Interchange.withoutBOM(bytes)
    for (index, rawLine) in content.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      func skip(_ reason: String) { result.skipped.append(ImportSkip(line: number, reason: reason)) }
      var line = rawLine
      while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
      while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
      if line.isEmpty { continue }
      guard let text = String(validating: line, as: UTF8.self) else {
        skip("the line is not UTF-8 text")
        continue
      }
      do {
        result.records.append(try pomodoro(text, host: host, zone: zone))
      } catch {
        skip(error.reason)
      }
    }
    return result
  }

  /// The session of a line, or why it is skipped. Of an attribute given twice, the last counts.
  static func pomodoro(_ text: String, host: String, zone: any TimeZoneRules) throws(ImportSkip)
    -> JournalRecord
  {
    let stamp = String(text.prefix { $0 != " " && $0 != "\t" })
    let start = try timestamp(stamp, zone: zone)
    do throws(ImportSkip) {
      let attributes = try Logfmt.pairs(text.dropFirst(stamp.count))
      let durations = attributes.filter { $0.key == "duration" }.map(\.value)
      if let bad = durations.last(where: { Self.minutes($0) == nil }) {
        throw ImportSkip(
          "has a duration that is not a number of minutes (more than 0, at most 1440): \(Interchange.quoted(bad))")
      }
      let minutes = durations.last.flatMap(Self.minutes) ?? defaultMinutes
      let tags = attributes.last { $0.key == "tags" }?.value.split(separator: ",").map { String($0).trimmedSpaces() }
      let note = attributes.last { $0.key == "description" }?.value
      return Interchange.session(
        tool: tool, key: RFC3339.format(start.rounded(.down), offset: 0), start: start, end: start + minutes * 60,
        tags: tags ?? [], note: note, host: host)
    } catch {
      throw ImportSkip("the pomodoro at \(TextLayout.inert(stamp)) " + error.reason)
    }
  }

  /// The start of a line: RFC 3339 (as the format's Go library writes it), or a local date and
  /// time without an offset, read in `zone`.
  static func timestamp(_ text: String, zone: any TimeZoneRules) throws(ImportSkip) -> Double {
    if let t = RFC3339.parse(text), Interchange.times.contains(t) { return t }
    let dated = text.count >= 16 && text.prefix(4).allSatisfy(\.isASCIIDigit) && text.dropFirst(4).first == "-"
    if dated {
      switch WhenParser.parse(text, now: 0, zone: zone) {
      case .success(let t) where Interchange.times.contains(t): return t
      case .failure(.notATime), .success: break
      case .failure(let error): throw ImportSkip(error.description)
      }
    }
    throw ImportSkip("\(Interchange.quoted(text)) is not a timestamp like 2026-11-30T09:00:00-05:00")
  }

  /// Minutes as the format writes them ("25", "22.5"), or with units ("22m30s").
  static func minutes(_ text: String) -> Double? {
    if let m = Double(text), m.isFinite, m > 0, m <= 1440, text.allSatisfy({ $0.isASCIIDigit || $0 == "." }) {
      return m
    }
    guard text.contains(where: { $0 == "h" || $0 == "m" || $0 == "s" }),
      case .success(let span) = DurationText.parse(text)
    else { return nil }
    return TimeText.seconds(span) / 60
  }
}
