import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport

extension Pomo {
  /// `pomo export`: the sessions, as they now stand, in a format other tools read.
  package enum Export: Command {
    package static let spec = CommandSpec(
      name: "export",
      abstract: "Print sessions as CSV, JSON, iCalendar or Timewarrior.",
      discussion: """
        Every session by default; --from/--to, --week, --month, --year and --today choose
        a range as for 'pomo report', and --tag and --preset filter. Sessions are exported as they
        now stand, corrections applied.

        csv: a row per session (id, start, end, preset, status, focus_seconds,
        rest_seconds, paused_seconds, tags joined by ;, note), as RFC 4180 says. json:
        the sessions as journal records. ics: an iCalendar file (RFC 5545), an event per
        session. timewarrior: the shape of 'timew export', an interval per stretch of
        focus (time away and pauses left out, so the total is the report's), tagged with
        the session's tags or, when it has none, its preset's name.

        Timewarrior (1.4) has no 'timew import': --into adds the intervals to its
        database instead, into the data files it reads (data/YYYY-MM.data, by the local
        month of their start), sorted as it keeps them. An interval already there (the
        same start and end) is not added twice, so running it again adds only what is
        new; one that would share time with another is left out and named, as
        Timewarrior refuses overlapping intervals. Its list of tags (data/tags.data)
        counts the new tags.

        Examples:
          pomo export --format csv > sessions.csv
          pomo export --format ics --month last > november.ics
          pomo export --format timewarrior --into "${TIMEWARRIORDB:-$HOME/.timewarrior}"
        """,
      options: [
        format.spec, Report.week.spec, Report.month.spec, year.spec, Report.today.spec, Report.from.spec,
        Report.to.spec,
        Report.tag.spec, Report.preset.spec, Report.weekStart.spec, into.spec, SharedOptions.journal.spec,
        SharedOptions.strict.spec,
      ])

    static let format = Option<ExportFormat>.choice(
      "format", placeholder: "format", help: "csv, json (the default), ics or timewarrior.")

    /// `report --year` without its heatmap: an export is the sessions, whatever the range.
    static let year = Option<String>.value(
      "year", .text, placeholder: "year",
      help: "A year: 2026, last, or by default the 12 months to this week.", optionalValue: true)
    static let into = Option<String>.value(
      "into", .path, placeholder: "folder",
      help: "With --format timewarrior: add the intervals to this Timewarrior database instead of printing them.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      if arguments[into] != nil, arguments[format] != .timewarrior {
        throw CLIError.usage(
          "'--into' writes Timewarrior's data: give it with --format timewarrior", command: arguments.path)
      }
      let config = try ConfigAccess.load(context)
      let calendar = LocalCalendar(
        zone: context.zone, weekStart: (arguments[Report.weekStart] ?? config.weekStart ?? .monday).isoDay)
      let now = context.clock.wallSeconds()
      let ranged =
        arguments.isPresent(Report.week) || arguments.isPresent(Report.month) || arguments.isPresent(year)
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
      try FilterCheck.check(
        tags: tags, preset: preset, matched: !sessions.isEmpty, history, journal, path: arguments.path)
      sessions.sort { $0.start != $1.start ? $0.start < $1.start : $0.id < $1.id }
      let chosen = arguments[format] ?? .json
      if let folder = arguments[into] {
        return try intoTimewarrior(folder, sessions, now: now, context)
      }
      let text = ExportFormat.render(sessions, format: chosen, offset: context.zone.offset, now: now)
      switch chosen {
      case .json, .timewarrior: context.writeJSON(text)
      case .csv, .ics: context.writeData(text)
      }
      return ExitCode.success
    }

    /// Adds the focus intervals of `sessions` to the Timewarrior database in `folder`.
    static func intoTimewarrior(_ folder: String, _ sessions: [JournalRecord], now: Double, _ context: Context)
      throws(CLIError) -> Int32
    {
      guard Platform.isDirectory(folder) else {
        throw CLIError.failure(
          "no Timewarrior database at \(folder): run 'timew' once to make it, or give the folder TIMEWARRIORDB names")
      }
      let data = folder + "/data"
      do {
        try Platform.makeDirectories(data)
      } catch {
        throw CLIError.failure("cannot make \(data): \(error)")
      }
      // By the local month of the start, as Timewarrior files an interval.
      var months: [String: [TimewarriorData.Interval]] = [:]
      for interval in TimewarriorData.intervals(sessions) {
        let stamp = RFC3339.format(interval.start, offset: context.zone.offset(at: interval.start))
        months[String(stamp.prefix(7)), default: []].append(interval)
      }
      var added = 0
      var addedIntervals: [TimewarriorData.Interval] = []
      var present = 0
      var overlapping: [(interval: TimewarriorData.Interval, other: String)] = []
      for month in months.keys.sorted() {
        let path = "\(data)/\(month).data"
        var existing = ""
        if Platform.fileExists(path) {
          do {
            existing = String(decoding: try Platform.readFile(path), as: UTF8.self)
          } catch {
            throw CLIError.failure("cannot read \(path): \(error)")
          }
        }
        let merge = TimewarriorData.merge(existing, months[month]!, now: now)
        present += merge.present.count
        overlapping += merge.overlapping
        guard !merge.added.isEmpty else { continue }
        do {
          // A data file may be a link (a dotfiles repository): written through, never replaced.
          try OutputFile.write(Array(merge.text.utf8), to: path)
        } catch {
          throw CLIError.failure(
            "cannot write \(path): \(error) (\(TextLayout.count(added, "interval")) added before it)")
        }
        added += merge.added.count
        addedIntervals += merge.added
      }
      if added > 0 {
        // Its list of tags counts the new ones; one it could not read is left for it to build again.
        let tagsPath = data + "/tags.data"
        let existing = Platform.fileExists(tagsPath) ? try? Platform.readFile(tagsPath) : nil
        let written =
          TimewarriorData.tagList(existing, adding: addedIntervals).map { list in
            (try? Platform.writeAtomically(list, to: tagsPath, mode: 0o644)) != nil
          } ?? false
        if !written { Platform.removeFile(tagsPath) }
      }
      for (n, item) in overlapping.enumerated() where n < JournalAccess.namedDamagedLines {
        context.errors.write(
          "pomo: warning: left out the interval \(UTCStamp.format(item.interval.start)) - \(UTCStamp.format(item.interval.end)) of \(HistoryEditing.describe(item.interval.session, context)): it shares time with '\(TextLayout.inert(item.other))'\n"
        )
      }
      var summary = "added \(TextLayout.count(added, "interval")) to Timewarrior, \(present) already there"
      if !overlapping.isEmpty { summary += ", \(overlapping.count) left out (sharing time with another)" }
      context.output.write("\(summary) (into \(data))\n")
      return ExitCode.success
    }
  }
}
