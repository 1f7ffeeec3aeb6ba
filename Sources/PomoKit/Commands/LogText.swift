import PomoCore
import PomoJournal

/// The table `pomo log` prints: every field whole where the width has no limit; where it has
/// one, a long preset name is cut and the tags take the rest of the line, or a line of their
/// own under the session. Notes, exercises and interruptions follow, a line a session.
package enum LogText {
  static let table = TextTable(
    [
      .init("ID"), .init("DATE"), .init("START"), .init("PRESET", cut: .end(soft: 16, floor: 8)), .init("STATUS"),
      .init("FOCUS", alignLeft: false),
    ], free: "TAGS", freeFloor: 12)

  /// The table where `table` cannot fit even with the preset cut to its floor: the date without
  /// its year, and the status with the tags on a line of their own under the session.
  static let narrowTable = TextTable(
    [
      .init("ID"), .init("DATE"), .init("START"), .init("PRESET", cut: .end(soft: 16, floor: 6)),
      .init("FOCUS", alignLeft: false),
    ], free: "STATUS TAGS", freeFloor: 1 << 20)

  /// The tags joined by `,`, each quoted when it must be (`TagList`), so the list reads exactly.
  package static func tagList(_ tags: [String]) -> String {
    // No list to make of none or one, as most sessions have.
    tags.isEmpty ? "" : tags.count == 1 ? TagList.quoted(tags[0]) : TagList.text(tags)
  }

  /// What the table and the lines under it show of a session. Taken from each record as it
  /// is read: a log of a million sessions keeps this, not every phase of each.
  package struct Row: Equatable {
    let id: String
    let start: Double
    let preset: String
    let status: JournalRecord.Status
    let focusSeconds: Double
    let tags: [String]
    let note: String?
    let marks: [PhaseMark]
    let voidReason: String?
    let exercises: [ExerciseTotal]

    package init(_ record: JournalRecord) {
      id = record.id
      start = record.start
      preset = record.preset
      status = record.status
      // A workout shows its work: the log lists what each session did.
      focusSeconds = record.workSeconds
      tags = record.tags
      note = record.note
      // By index: a phase taken out of the array would be copied, name and all.
      var marks: [PhaseMark] = []
      for k in record.phases.indices where !record.phases[k].marks.isEmpty { marks += record.phases[k].marks }
      self.marks = marks
      voidReason = record.voidReason
      exercises = ExerciseTotal.of(record.phases)
    }

    /// The row of a session straight from its line as the scanner read it (its phases kept),
    /// with no record made: the row `init(_:)` makes of the record it would give. Nil for a
    /// session with marks or exercises, which needs the record.
    package init?(_ line: UnsafeBufferPointer<UInt8>, _ scanned: ScannedLine) {
      guard scanned.correction == nil, !scanned.isTask, scanned.keepsPhases else { return nil }
      for k in scanned.phases.indices {
        let phase = scanned.phases[k]
        if !phase.marks.isEmpty || phase.exercise != nil || phase.reps != nil || phase.countedRounds != nil {
          return nil
        }
      }
      id = scanned.string(scanned.id, in: line)
      start = scanned.start ?? 0
      preset = scanned.string(scanned.preset, in: line) ?? "?"
      status = scanned.status
      focusSeconds = scanned.workSeconds
      tags = scanned.tags.map { scanned.string($0, in: line) }
      note = scanned.string(scanned.note, in: line)
      marks = []
      voidReason = scanned.string(scanned.voidReason, in: line)
      exercises = []
    }
  }

  package static func render(_ records: [JournalRecord], width: Int, unicode: Bool, offset: (Double) -> Int) -> String {
    render(records.map(Row.init), width: width, unicode: unicode, offset: offset)
  }

  package static func render(_ rows: [Row], width: Int, unicode: Bool, offset: (Double) -> Int) -> String {
    if rows.isEmpty { return "No sessions recorded yet. Start one with 'pomo start work'.\n" }
    var stamp: [UInt8] = []
    // The date of the day the last row started, by its number: rows come a day at a time, so
    // the stamp (`RFC3339`) is written only when the day changes, the time of day (`clock`)
    // read from the same count of milliseconds it takes. Focus durations, made once each.
    var day: (number: Int64, date: String) = (.min, "")
    var clocks: [Int64: String] = [:]
    var clock: [UInt8] = Array("00:00".utf8)
    // The widest cell of each column but the tags, measured as the cells are made.
    var fixed = (0..<6).map { TextLayout.width(table.columns[$0].header) }
    // A row's seven cells one after the other, all rows in one array.
    var cells: [String] = []
    cells.reserveCapacity(rows.count * 7)
    for row in rows {
      let zone = offset(row.start)
      let local = Int64((row.start * 1000).rounded(.down)) + Int64(zone) * 1000
      let number = RFC3339.floorDiv(local, 86_400_000)
      if number != day.number {
        // The stamp is ASCII ("2026-11-30T09:00:00+01:00"): cut by its bytes.
        stamp.removeAll(keepingCapacity: true)
        RFC3339.format(row.start, offset: zone, into: &stamp)
        day = (number, String(decoding: stamp.prefix(10), as: UTF8.self))
      }
      let minutes = (local - number * 86_400_000) / 60_000
      (clock[0], clock[1], clock[3], clock[4]) = (
        digit(minutes / 600), digit(minutes / 60 % 10), digit(minutes % 60 / 10), digit(minutes % 10)
      )
      let time = String(decoding: clock, as: UTF8.self)
      let seconds = Int64(row.focusSeconds.rounded())
      let focus: String
      if let known = clocks[seconds] {
        focus = known
      } else {
        focus = TimeText.clock(seconds: seconds)
        clocks[seconds] = focus
      }
      let first = cells.count
      cells.append(shortID(row.id))
      cells.append(day.date)
      cells.append(time)
      cells.append(row.preset)
      cells.append(row.status.rawValue)
      cells.append(focus)
      cells.append(tagList(row.tags))
      for c in 0..<6 { fixed[c] = max(fixed[c], TextLayout.width(cells[first + c])) }
    }
    // The narrowest the wide table gets: every column whole but the preset, cut to its floor.
    let narrowest = fixed.enumerated().reduce(0) { $0 + ($1.offset == 3 ? min($1.element, 8) : $1.element) } + 2 * 5
    let text =
      narrowest <= width - 1
      ? table.render(rows: rows.count, width: width, unicode: unicode) { cells[$0 * 7 + $1] }
      : narrowTable.render(rows: rows.count, width: width, unicode: unicode) { r, c in
        // The date without its year; the status, then the tags.
        let row = r * 7
        switch c {
        case 1: return String(cells[row + 1].dropFirst(5))
        case 4: return cells[row + 5]
        case 5: return cells[row + 6].isEmpty ? cells[row + 4] : cells[row + 4] + "  " + cells[row + 6]
        default: return cells[row + c]
        }
      }
    // Added only when there is something to add: `+` would copy the table each time.
    var whole = text
    for part in [
      notes(rows, width: width, unicode: unicode), exercises(rows, width: width, unicode: unicode),
      interruptions(rows, width: width, unicode: unicode, offset: offset),
    ] where !part.isEmpty {
      whole += part
    }
    return whole
  }

  /// The ASCII digit of `value` (0 to 9).
  private static func digit(_ value: Int64) -> UInt8 { UInt8(ascii: "0") + UInt8(value) }

  /// Under the table, the sessions with interruptions marked or voided: their short id, the
  /// marks as the technique writes them (`'' -`), then each mark's time, sign and note, and a
  /// void session's reason, a line each (cut to the width); nothing when none had any.
  static func interruptions(_ rows: [Row], width: Int, unicode: Bool, offset: (Double) -> Int) -> String {
    let lines = rows.compactMap { row -> String? in
      guard !row.marks.isEmpty || row.status == .void else { return nil }
      var parts: [String] = []
      if !row.marks.isEmpty {
        parts.append(
          PhaseMark.signs(row.marks) + "  "
            + row.marks.map { mark in
              let clock = RFC3339.format(mark.at, offset: offset(mark.at)).dropFirst(11).prefix(5)
              return "\(clock) \(mark.kind.rawValue)" + (mark.note.map { " \"\(TextLayout.inert($0))\"" } ?? "")
            }.joined(separator: ", "))
      }
      if row.status == .void {
        parts.append("void" + (row.voidReason.map { ": " + TextLayout.inert($0) } ?? ""))
      }
      let line = shortID(row.id) + "  " + parts.joined(separator: "; ")
      return TextLayout.truncate(line, max(8, width - 1), unicode: unicode) + "\n"
    }
    return lines.isEmpty ? "" : "\nInterruptions:\n" + lines.joined()
  }

  /// The first 8 characters of an id: its first 8 bytes when those and the next are printable
  /// ASCII (no two of which make one character), as nearly every id is; else counted out.
  static func shortID(_ id: String) -> String {
    let plain = id.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.prefix(9).allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    return plain == true ? String(decoding: id.utf8.prefix(8), as: UTF8.self) : String(id.prefix(8))
  }

  /// Under the table, the sessions with a note: their short id and the note, a line each (cut
  /// to the width, whole where it has no limit); nothing when none had one.
  static func notes(_ rows: [Row], width: Int, unicode: Bool) -> String {
    let lines = rows.compactMap { row -> String? in
      guard let note = row.note, !note.isEmpty else { return nil }
      return TextLayout.truncate(shortID(row.id) + "  " + note, max(8, width - 1), unicode: unicode) + "\n"
    }
    return lines.isEmpty ? "" : "\nNotes:\n" + lines.joined()
  }

  /// Under the table, the sessions that had exercises: their short id and each exercise's
  /// time and counts, a line each (cut to the width); nothing when none had any.
  static func exercises(_ rows: [Row], width: Int, unicode: Bool) -> String {
    let lines = rows.compactMap { row -> String? in
      guard !row.exercises.isEmpty else { return nil }
      let line = shortID(row.id) + "  " + row.exercises.map(exerciseText).joined(separator: ", ")
      return TextLayout.truncate(line, max(8, width - 1), unicode: unicode) + "\n"
    }
    return lines.isEmpty ? "" : "\nExercises:\n" + lines.joined()
  }

  /// "burpees 1:20 (36 reps)", "amrap 12:00 (7 rounds)"; the name made inert.
  static func exerciseText(_ total: ExerciseTotal) -> String {
    let counts = [total.reps.map { TextLayout.count($0, "rep") }, total.rounds.map { TextLayout.count($0, "round") }]
      .compactMap { $0 }
    return "\(TextLayout.inert(total.name)) \(TimeText.clock(seconds: Int64(total.seconds.rounded())))"
      + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
  }
}
