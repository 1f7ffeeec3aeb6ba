import PomoReport
import PomoJournal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo export`: the sessions, as they now stand, in a format other tools read.
  public enum Export: Command {
    public static let spec = CommandSpec(
      name: "export",
      abstract: "Print sessions as CSV, JSON, iCalendar or Timewarrior.",
      discussion: """
        Every session by default; --from/--to, --week, --month, --year and --today choose
        a range as for 'pomo report', and --tag and --preset filter. Sessions are exported as they
        now stand, corrections applied.

        csv: a row per session (id, start, end, preset, status, focus_seconds,
        rest_seconds, paused_seconds, tags joined by ;, note), as RFC 4180 says. json:
        the sessions as journal records. ics: an iCalendar file (RFC 5545), an event per
        session. timewarrior: the shape of 'timew export', an interval per focus phase.

        Examples:
          pomo export --format csv > sessions.csv
          pomo export --format ics --month last > november.ics
          pomo export --format timewarrior | timew import
        """,
      options: [
        format.spec, Report.week.spec, Report.month.spec, Report.year.spec, Report.today.spec, Report.from.spec,
        Report.to.spec,
        Report.tag.spec, Report.preset.spec, Report.weekStart.spec, SharedOptions.journal.spec,
        SharedOptions.strict.spec,
      ])

    static let format = Option<ExportFormat>.choice(
      "format", placeholder: "format", help: "csv, json (the default), ics or timewarrior.")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let config = try ConfigAccess.load(context)
      let calendar = LocalCalendar(
        zone: context.zone, weekStart: (arguments[Report.weekStart] ?? config.weekStart ?? .monday).isoDay)
      let now = context.clock.wallSeconds()
      let ranged =
        arguments.isPresent(Report.week) || arguments.isPresent(Report.month) || arguments.isPresent(Report.year)
        || arguments[Report.today] || arguments.isPresent(Report.from)
      var window = (from: -Double.infinity, to: Double.infinity)
      if ranged {
        let range = try Report.resolveRange(arguments, today: calendar.day(of: now), weekStart: calendar.weekStart)
        window = (calendar.start(of: range.days.lowerBound), calendar.start(of: range.days.upperBound + 1))
      } else if arguments[Report.to] != nil {
        throw CLIError.usage("'--to' needs '--from'", command: arguments.path)
      }
      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: arguments[SharedOptions.strict], context)
      let tags = arguments[Report.tag]
      let preset = arguments[Report.preset]
      var sessions: [JournalRecord] = []
      let keep = { (record: JournalRecord) in
        // A session belongs to the range it started in.
        guard record.start >= window.from && record.start < window.to else { return }
        if let preset, record.preset != preset { return }
        guard tags.allSatisfy(record.tags.contains) else { return }
        sessions.append(record)
      }
      do {
        if ranged {
          try history.records(overlapping: window.from, window.to, detail: true, keep)
        } else {
          try history.all(detail: true, keep)
        }
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      sessions.sort { $0.start != $1.start ? $0.start < $1.start : $0.id < $1.id }
      let chosen = arguments[format] ?? .json
      let text = ExportFormat.render(sessions, format: chosen, offset: context.zone.offset, now: now)
      switch chosen {
      case .json, .timewarrior: context.writeJSON(text)
      case .csv, .ics: context.writeData(text)
      }
      return ExitCode.success
    }
  }
}
