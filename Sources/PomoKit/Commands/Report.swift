import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo {
  /// `pomo report`: summaries of the journal by day, with totals, streak and comparison.
  package enum Report: Command {
    package static let spec = CommandSpec(
      name: "report",
      abstract: "Summarize the journal: focus by day, totals, streak.",
      discussion: """
        With no range, the current week. Weeks start on Monday (ISO 8601) unless
        --week-start or the config key week_start says sunday. Days are local days in the
        time zone of TZ or the system; they begin at midnight, or at the config's day_start
        ("04:00": focus before four counts for the day before). Time spent across the start
        of a day is shared between the two days.

        What counts (docs/journal.md): a Pomodoro is done when its focus ran its planned
        time. A focus skipped or stopped before its end is focus time, but not a done
        Pomodoro, and its session is cut short (DONE/CUT). The streak counts days with a
        completed focus session. A workout (hiit, tabata, a quick timer like 40s/20s) is never focus:
        its time and sessions are shown apart; --kind keeps one or the other. Quick timers
        share one row of the preset table; --timers shows each apart.

        --tasks lists the tasks done in the range (see 'pomo task'), each estimate against
        the Pomodoros it took, and for each week the share of tasks finished within one
        Pomodoro of their estimate; --tag keeps the tasks with that tag.

        --year draws a calendar heatmap: a column per week, a row per weekday, four shades
        of focus; then focus by month, the best week and the streaks. --hours shows focus
        by weekday and hour of the day over the range. With the config's daily_goal ("4h"),
        days that met it are marked and counted.

        --format svg writes a picture (day bars, or the heatmap for a year); --format html a
        self-contained page with the picture and the tables. --output writes to a file.

        Examples:
          pomo report --week
          pomo report --week last --tag thesis
          pomo report --year
          pomo report --hours --month last
          pomo report --tasks --month
          pomo report --month 2026-11 --format csv > november.csv
          pomo report --year 2026 --format html --output 2026.html
          pomo report --from 2026-01-01 --to 2026-03-31 --format json
        """,
      options: [
        week.spec, month.spec, year.spec, today.spec, from.spec, to.spec, hours.spec, tasks.spec, weekStart.spec,
        format.spec,
        output.spec, tag.spec, preset.spec, kind.spec, timers.spec, color.spec, SharedOptions.journal.spec, SharedOptions.strict.spec,
      ])

    static let week = Option<String>.value(
      "week", .week, help: "A week: this (the default), last, 2026-W48, or a date in it.", optionalValue: true)
    static let month = Option<String>.value(
      "month", .month, help: "A month: this (the default), last or 2026-11.", optionalValue: true)
    static let year = Option<String>.value(
      "year", .text, placeholder: "year",
      help: "A year as a heatmap: 2026, last, or by default the 12 months to this week.", optionalValue: true)
    static let today = Option<Bool>.flag("today", help: "Today only.")
    static let hours = Option<Bool>.flag("hours", help: "Focus by weekday and hour of the day over the range.")
    static let tasks = Option<Bool>.flag(
      "tasks", help: "The tasks done in the range, estimate against actual, and the estimates' record by week.")
    static let output = Option<String>.value(
      "output", short: "o", .path, placeholder: "file", help: "Write the report to this file instead of stdout.")
    static let from = Option<String>.value("from", .date, help: "The first day of a custom range (YYYY-MM-DD).")
    static let to = Option<String>.value(
      "to", .date, help: "The last day of a custom range (YYYY-MM-DD; default: today).")
    static let weekStart = Option<WeekStart>.choice(
      "week-start", placeholder: "day", help: "The first day of the week: monday or sunday.")
    static let format = Option<ReportFormat>.choice(
      "format", placeholder: "format", help: "text (the default), json, csv, svg or html.")
    static let tag = Option<[String]>.repeated(
      "tag", short: "t", .tag, help: "Only sessions with this tag (repeatable: all must match).")
    static let preset = Option<String>.value(
      "preset", .preset, placeholder: "name", help: "Only sessions of this preset.")
    static let color = Option<ColorChoice>.choice(
      "color", placeholder: "when", help: "Colour the text: auto, always or never.")
    static let kind = Option<ReportKind>.choice(
      "kind", placeholder: "kind", help: "Only focus, only workouts, or all (the default: each apart).")
    static let timers = Option<Bool>.flag(
      "timers", help: "Each quick timer (25m, 40s/20s) in a row of its own, not all in one.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let format = arguments[Self.format] ?? .text
      let config = try ConfigAccess.load(context)
      let start = arguments[weekStart] ?? config.weekStart ?? .monday
      let calendar = LocalCalendar(zone: context.zone, weekStart: start.isoDay, dayStart: config.dayStart)
      let now = context.clock.wallSeconds()
      let today = calendar.day(of: now)
      let range = try resolveRange(arguments, today: today, weekStart: calendar.weekStart)
      if arguments[hours] && (format == .svg || format == .html) {
        throw CLIError.usage("'--hours' writes text, json or csv", command: arguments.path)
      }
      if arguments[tasks] && (arguments[hours] || !(format == .text || format == .json)) {
        throw CLIError.usage(
          arguments[hours] ? "'--tasks' and '--hours' are two reports: choose one" : "'--tasks' writes text or json",
          command: arguments.path)
      }
      if (arguments[hours] || arguments[tasks]) && (arguments[kind] != nil || arguments[timers]) {
        throw CLIError.usage(
          "'--\(arguments[hours] ? "hours" : "tasks")' counts focus only: leave out '--kind' and '--timers'",
          command: arguments.path)
      }
      if arguments[tasks] && arguments[preset] != nil {
        throw CLIError.usage("'--tasks' reports tasks, which have no preset: leave out '--preset'", command: arguments.path)
      }
      TimeZoneCheck.warn(context)

      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(
        journal, strict: arguments[SharedOptions.strict], context, calendar: calendar, totals: true)
      let source = ReportSource(history: history, path: journal.name)
      let style = {
        DisplayStyle.resolve(
          color: arguments[color] ?? config.color, environment: context.environment,
          isTerminal: context.stdoutIsTerminal && arguments[output] == nil)
      }

      var text: String
      if arguments[tasks] {
        let all: [TaskProgress]
        do {
          // Only the tasks done in the range are counted.
          let (from, to) = (calendar.start(of: range.days.lowerBound), calendar.start(of: range.days.upperBound + 1))
          all = try history.tasks(TaskQuery(open: false, done: from..<to))
        } catch {
          throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
        }
        let report = TaskReport.make(all, range: range, calendar: calendar, tags: arguments[tag])
        text =
          format == .json
          ? TaskReportText.json(report, offset: context.zone.offset)
          : TaskReportText.render(report, width: context.width, unicode: context.unicode)
      } else if arguments[hours] {
        let grid = try source.hours(range: range, calendar: calendar, tags: arguments[tag], preset: arguments[preset])
        try FilterCheck.check(
          tags: arguments[tag], preset: arguments[preset], matched: grid.seconds.contains { $0.contains { $0 > 0 } },
          history, journal, path: arguments.path)
        switch format {
        case .json: text = HourGridData.json(grid)
        case .csv: text = HourGridData.csv(grid)
        default: text = HourGridText.render(grid, width: context.width, style: style())
        }
      } else {
        var report = try source.report(
          range: range, calendar: calendar, today: today, tags: arguments[tag], preset: arguments[preset],
          goal: config.dailyGoal, kind: arguments[kind] ?? .all, timersApart: arguments[timers])
        // By exercise for the text and JSON of a week, a month or a span (a year is a heatmap).
        if range.kind != .year && (format == .text || format == .json) {
          report.exercises = try source.exercises(
            range: range, calendar: calendar, tags: arguments[tag], preset: arguments[preset])
        }
        try FilterCheck.check(
          tags: arguments[tag], preset: arguments[preset],
          matched: report.totals.sessions + report.totals.workoutSessions > 0, history, journal,
          path: arguments.path)
        // Today's break bank, when the config keeps one and the range holds today.
        if let cap = config.breakBankCap, range.days.contains(today) {
          let bank = BreakBankSource.today(journal, context, config: config, cap: cap, now: now)
          report.breakBank = BreakBankFigures(seconds: bank.seconds, cap: bank.cap)
        }
        switch format {
        case .json: text = ReportJSON.render(report)
        case .csv: text = ReportCSV.render(report)
        case .svg: text = ReportSVG.render(report)
        case .html: text = ReportHTML.render(report)
        case .text:
          text =
            range.kind == .year
            ? HeatmapText.render(report, width: context.width, style: style())
            : ReportText.render(report, width: context.width, style: style(), today: today)
          if let bank = report.breakBank, range.kind != .year {
            let left = Duration.seconds(Int64(bank.seconds.rounded(.down)))
            text += "Break bank today: \(TimeText.clock(left)) of \(TimeText.clock(.seconds(Int64(bank.cap.rounded()))))\n"
          }
        }
      }
      if let path = arguments[output] {
        do {
          try OutputFile.write(Array(text.utf8), to: path)
        } catch {
          throw CLIError.failure("cannot write \(path): \(error)")
        }
      } else if format == .json {
        context.writeJSON(text)
      } else {
        context.output.write(text)
      }
      return ExitCode.success
    }

    static func resolveRange(_ arguments: ParsedArguments, today: Int64, weekStart: Int) throws(CLIError) -> ReportRange
    {
      let ranges: [(name: String, given: Bool)] = [
        ("week", arguments.isPresent(Self.week)), ("month", arguments.isPresent(Self.month)),
        ("year", arguments.isPresent(Self.year)), ("today", arguments[Self.today]),
        ("from", arguments.isPresent(Self.from)),
      ]
      let chosen = ranges.filter(\.given).map(\.name)
      if chosen.count > 1 {
        throw .usage("choose one range: --week, --month, --year, --today or --from/--to", command: arguments.path)
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
      case "year":
        guard let range = ReportRange.year(arguments[Self.year], today: today, weekStart: weekStart) else {
          throw .usage(
            "'--year' must be this, last or a year like 2026, got '\(arguments[Self.year] ?? "")'",
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
