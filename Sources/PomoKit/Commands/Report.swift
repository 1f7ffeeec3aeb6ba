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
        OptionSpec(
          "week", value: "week", help: "A week: this (the default), last, 2026-W48, or a date in it.",
          optionalValue: true),
        OptionSpec("month", value: "month", help: "A month: this (the default), last or 2026-11.", optionalValue: true),
        OptionSpec("today", help: "Today only."),
        OptionSpec("from", value: "date", help: "The first day of a custom range (YYYY-MM-DD)."),
        OptionSpec("to", value: "date", help: "The last day of a custom range (YYYY-MM-DD; default: today)."),
        OptionSpec("week-start", value: "day", help: "The first day of the week: monday or sunday."),
        OptionSpec("format", value: "format", help: "text (the default), json or csv."),
        OptionSpec(
          "tag", short: "t", value: "tag", help: "Only sessions with this tag (repeatable: all must match).",
          repeatable: true),
        OptionSpec("preset", value: "name", help: "Only sessions of this preset."),
        OptionSpec("color", value: "when", help: "Colour the text: auto, always or never."),
        SharedOptions.journal, SharedOptions.strict,
      ])

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let format = try arguments.choice("format", ["text", "json", "csv"]) ?? "text"
      let colorOption = try arguments.choice("color", Config.colorChoices)
      let config = try ConfigAccess.load(context)
      let weekStartName = try arguments.choice("week-start", Config.weekStartChoices) ?? config.weekStart ?? "monday"
      let calendar = LocalCalendar(
        zone: SystemZone(environment: context.environment), weekStart: weekStartName == "sunday" ? 7 : 1)
      let now = Platform.wallSeconds()
      let today = calendar.day(of: now)
      let range = try resolveRange(arguments, today: today, weekStart: calendar.weekStart)

      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let indexed = try JournalAccess.indexed(journal, strict: arguments.flag("strict"), context)

      var builder = ReportBuilder(
        range: range, calendar: calendar, tags: arguments.all("tag"), preset: arguments.value("preset"))
      var streak: Int?
      do {
        let window = builder.window
        try indexed.records(overlapping: window.from, window.to) { builder.add($0) }
        if arguments.all("tag").isEmpty && arguments.value("preset") == nil {
          // Unfiltered, the index answers the streak without reading the journal.
          streak = indexed.streak(today: today, calendar: calendar)
        }
        // Filtered, the streak may reach back before the range: widen the window until it ends.
        var reach: Int64 = 32
        var lower = min(range.previous.lowerBound, today - reach)
        if streak == nil {
          try indexed.records(overlapping: calendar.start(of: lower), calendar.start(of: today + 1)) { builder.add($0) }
        }
        while streak == nil, ReportBuilder.streak(builder.completedDays, today: today) >= today - lower,
          calendar.start(of: lower) > indexed.earliest
        {
          reach *= 4
          let next = today - reach
          try indexed.records(overlapping: calendar.start(of: next), calendar.start(of: lower)) { builder.add($0) }
          lower = next
        }
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.path): \(error)")
      }
      let report = builder.build(today: today, streak: streak)
      switch format {
      case "json": context.output.write(ReportJSON.render(report))
      case "csv": context.output.write(ReportCSV.render(report))
      default:
        let style = DisplayStyle(
          unicode: DisplayStyle.localeIsUTF8(context.environment),
          color: DisplayStyle.resolveColor(
            option: colorOption ?? config.color, environment: context.environment, isTerminal: context.stdoutIsTerminal)
        )
        context.output.write(ReportText.render(report, width: context.width, style: style))
      }
      return ExitCode.success
    }

    static func resolveRange(_ arguments: ParsedArguments, today: Int64, weekStart: Int) throws(CLIError) -> ReportRange
    {
      let chosen = ["week", "month", "today", "from"].filter { arguments.flag($0) || arguments.value($0) != nil }
      if chosen.count > 1 {
        throw .usage("choose one range: --week, --month, --today or --from/--to", command: arguments.path)
      }
      if arguments.value("to") != nil && chosen != ["from"] {
        throw .usage("'--to' needs '--from'", command: arguments.path)
      }
      func date(_ name: String) throws(CLIError) -> Int64? {
        guard let text = arguments.value(name) else { return nil }
        guard let day = LocalCalendar.parseDate(text) else {
          throw .usage("'--\(name)' must be a date like 2026-11-23, got '\(text)'", command: arguments.path)
        }
        return day
      }
      switch chosen.first {
      case "month":
        guard let range = ReportRange.month(arguments.value("month"), today: today) else {
          throw .usage(
            "'--month' must be this, last or a month like 2026-11, got '\(arguments.value("month")!)'",
            command: arguments.path)
        }
        return range
      case "today":
        return ReportRange(kind: .day, days: today...today, weekStart: weekStart)
      case "from":
        guard let from = try date("from") else {
          throw .usage("missing value for '--from <date>'", command: arguments.path)
        }
        let to = try date("to") ?? today
        guard from <= to else {
          throw .usage("'--from' must not be after '--to'", command: arguments.path)
        }
        guard to - from < 366_000 else { throw .usage("a range can span at most 1000 years", command: arguments.path) }
        return ReportRange(kind: .custom, days: from...to, weekStart: weekStart)
      default:
        guard let range = ReportRange.week(arguments.value("week"), today: today, weekStart: weekStart) else {
          throw .usage(
            "'--week' must be this, last, a week like 2026-W48 or a date, got '\(arguments.value("week")!)'",
            command: arguments.path)
        }
        return range
      }
    }
  }
}
