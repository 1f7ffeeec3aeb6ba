import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo report`: summaries of the journal by day, with totals, streak and comparison.
  public enum Report: Command {
    public static let spec = CommandSpec(
      name: "report",
      abstract: "Summarize the journal: focus by day, totals, streak.",
      discussion: """
        With no range, the current week. Weeks start on Monday (ISO 8601) unless
        --week-start or the config key week_start says sunday. Days are local days in the
        time zone of TZ or the system. Time spent across midnight is shared between the
        two days.

        Examples:
          pomo report --week
          pomo report --week last --tag thesis
          pomo report --month 2026-11 --format csv > november.csv
          pomo report --from 2026-01-01 --to 2026-03-31 --format json
        """,
      options: [
        week.spec, month.spec, today.spec, from.spec, to.spec, weekStart.spec, format.spec, tag.spec, preset.spec,
        color.spec, SharedOptions.journal.spec, SharedOptions.strict.spec,
      ])

    static let week = Option<String>.value(
      "week", .week, help: "A week: this (the default), last, 2026-W48, or a date in it.", optionalValue: true)
    static let month = Option<String>.value(
      "month", .month, help: "A month: this (the default), last or 2026-11.", optionalValue: true)
    static let today = Option<Bool>.flag("today", help: "Today only.")
    static let from = Option<String>.value("from", .date, help: "The first day of a custom range (YYYY-MM-DD).")
    static let to = Option<String>.value(
      "to", .date, help: "The last day of a custom range (YYYY-MM-DD; default: today).")
    static let weekStart = Option<WeekStart>.choice(
      "week-start", placeholder: "day", help: "The first day of the week: monday or sunday.")
    static let format = Option<ReportFormat>.choice("format", placeholder: "format", help: "text (the default), json or csv.")
    static let tag = Option<[String]>.repeated(
      "tag", short: "t", .tag, help: "Only sessions with this tag (repeatable: all must match).")
    static let preset = Option<String>.value("preset", .preset, placeholder: "name", help: "Only sessions of this preset.")
    static let color = Option<ColorChoice>.choice(
      "color", placeholder: "when", help: "Colour the text: auto, always or never.")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let format = arguments[Self.format] ?? .text
      let config = try ConfigAccess.load(context)
      let start = arguments[weekStart] ?? config.weekStart ?? .monday
      let calendar = LocalCalendar(zone: context.zone, weekStart: start.isoDay)
      let now = context.clock.wallSeconds()
      let today = calendar.day(of: now)
      let range = try resolveRange(arguments, today: today, weekStart: calendar.weekStart)
      TimeZoneCheck.warn(context)

      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: arguments[SharedOptions.strict], context)

      var builder = ReportBuilder(
        range: range, calendar: calendar, tags: arguments[tag], preset: arguments[preset])
      var streak: Int?
      do {
        let window = builder.window
        try history.records(overlapping: window.from, window.to) { builder.add($0) }
        if arguments[tag].isEmpty && arguments[preset] == nil {
          // Unfiltered, the index answers the streak without reading the journal.
          streak = history.streak(today: today, calendar: calendar)
        }
        // Filtered, the streak may reach back before the range: widen the window until it ends.
        var reach: Int64 = 32
        var lower = min(range.previous.lowerBound, today - reach)
        if streak == nil {
          try history.records(overlapping: calendar.start(of: lower), calendar.start(of: today + 1)) { builder.add($0) }
        }
        while streak == nil, Streak.length(today: today, completedOn: builder.completedDays.contains) >= today - lower,
          calendar.start(of: lower) > history.earliest
        {
          reach *= 4
          let next = today - reach
          try history.records(overlapping: calendar.start(of: next), calendar.start(of: lower)) { builder.add($0) }
          lower = next
        }
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      let report = builder.build(today: today, streak: streak)
      switch format {
      case .json: context.writeJSON(ReportJSON.render(report))
      case .csv: context.output.write(ReportCSV.render(report))
      case .text:
        let style = DisplayStyle.resolve(
          color: arguments[color] ?? config.color, environment: context.environment,
          isTerminal: context.stdoutIsTerminal)
        context.output.write(ReportText.render(report, width: context.width, style: style))
      }
      return ExitCode.success
    }

    static func resolveRange(_ arguments: ParsedArguments, today: Int64, weekStart: Int) throws(CLIError) -> ReportRange
    {
      let ranges: [(name: String, given: Bool)] = [
        ("week", arguments.isPresent(Self.week)), ("month", arguments.isPresent(Self.month)),
        ("today", arguments[Self.today]), ("from", arguments.isPresent(Self.from)),
      ]
      let chosen = ranges.filter(\.given).map(\.name)
      if chosen.count > 1 {
        throw .usage("choose one range: --week, --month, --today or --from/--to", command: arguments.path)
      }
      if arguments[Self.to] != nil && chosen != ["from"] {
        throw .usage("'--to' needs '--from'", command: arguments.path)
      }
      switch chosen.first {
      case "month":
        guard let range = ReportRange.month(arguments[Self.month], today: today) else {
          throw .usage(
            "'--month' must be this, last or a month like 2026-11, got '\(arguments[Self.month] ?? "")'",
            command: arguments.path)
        }
        return range
      case "today":
        return ReportRange(kind: .day, days: today...today, weekStart: weekStart)
      case "from":
        // The parser checked both dates.
        guard let from = arguments[Self.from].flatMap(LocalCalendar.parseDate) else {
          throw .usage("missing value for '--from'", command: arguments.path)
        }
        let to = arguments[Self.to].flatMap(LocalCalendar.parseDate) ?? today
        guard from <= to else {
          throw .usage("'--from' must not be after '--to'", command: arguments.path)
        }
        guard to - from < 366_000 else { throw .usage("a range can span at most 1000 years", command: arguments.path) }
        return ReportRange(kind: .custom, days: from...to, weekStart: weekStart)
      default:
        guard let range = ReportRange.week(arguments[Self.week], today: today, weekStart: weekStart) else {
          throw .usage(
            "'--week' must be this, last, a week like 2026-W48 or a date, got '\(arguments[Self.week] ?? "")'",
            command: arguments.path)
        }
        return range
      }
    }
  }
}

/// What `pomo report --format` writes.
public enum ReportFormat: String, ChoiceValue {
  case text, json, csv
}
