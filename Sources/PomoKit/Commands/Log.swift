import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo {
  /// `pomo log`: the latest sessions, newest first.
  public enum Log: Command {
    public static let spec = CommandSpec(
      name: "log",
      abstract: "Show the latest sessions, newest first.",
      options: [limit.spec, SharedOptions.json.spec, SharedOptions.journal.spec, SharedOptions.strict.spec])

    static let limit = Option<Int>.integer(
      "limit", short: "n", in: 1...1_000_000, help: "How many sessions to show (default 10).")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let limit = arguments[limit] ?? 10
      TimeZoneCheck.warn(context)
      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: arguments[SharedOptions.strict], context)
      let newest: [(record: JournalRecord, line: [UInt8]?)]
      do {
        newest = try history.newest(
          limit, lines: arguments[SharedOptions.json], detail: arguments[SharedOptions.json])
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      if arguments[SharedOptions.json] {
        let offset = context.zone.offset
        // A session no correction changed is shown as its line stands; a corrected one as it now stands.
        let lines = newest.map { item in
          "  " + (item.line.map { JSONOutput.inertLine($0) } ?? item.record.json(offset: offset).text)
        }
        context.writeJSON(lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: ",\n") + "\n]\n")
      } else {
        let text = LogText.render(
          newest.map(\.record), width: context.width, unicode: context.unicode, offset: context.zone.offset)
        context.output.write(text)
      }
      return ExitCode.success
    }
  }
}

/// The table `pomo log` prints: every field whole where the width has no limit; where it has
/// one, a long preset name is cut and the tags take the rest of the line, or a line of their
/// own under the session.
public enum LogText {
  static let table = TextTable(
    [
      .init("ID"), .init("DATE"), .init("START"), .init("PRESET", cut: .end(soft: 16, floor: 8)), .init("STATUS"),
      .init("FOCUS", alignLeft: false),
    ], free: "TAGS", freeFloor: 12)

  /// The tags joined by `,`, each quoted when it must be (`TagList`), so the list reads exactly.
  public static func tagList(_ tags: [String]) -> String { TagList.text(tags) }

  public static func render(_ records: [JournalRecord], width: Int, unicode: Bool, offset: (Double) -> Int) -> String {
    if records.isEmpty { return "No sessions recorded yet. Start one with 'pomo start work'.\n" }
    let rows = records.map { r -> [String] in
      let stamp = RFC3339.format(r.start, offset: offset(r.start))
      let date = String(stamp.prefix(10))
      let time = String(stamp.dropFirst(11).prefix(5))
      let status = r.status == .completed ? "completed" : "interrupted"
      return [
        String(r.id.prefix(8)), date, time, r.preset, status, TimeText.clock(seconds: Int64(r.focusSeconds.rounded())),
        tagList(r.tags),
      ]
    }
    return table.render(rows, width: width, unicode: unicode) + exercises(records, width: width, unicode: unicode)
  }

  /// Under the table, the sessions that had exercises: their short id and each exercise's
  /// time and counts, a line each (cut to the width); nothing when none had any.
  static func exercises(_ records: [JournalRecord], width: Int, unicode: Bool) -> String {
    let lines = records.compactMap { record -> String? in
      let totals = ExerciseTotal.of(record)
      guard !totals.isEmpty else { return nil }
      let line = String(record.id.prefix(8)) + "  " + totals.map(\.text).joined(separator: ", ")
      return TextLayout.truncate(line, max(8, width - 1), unicode: unicode) + "\n"
    }
    return lines.isEmpty ? "" : "\nExercises:\n" + lines.joined()
  }
}
