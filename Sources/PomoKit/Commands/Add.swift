import PomoJournal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo add`: records a session that was not timed.
  package enum Add: Command {
    package static let spec = CommandSpec(
      name: "add",
      abstract: "Record a session that was not timed.",
      discussion: """
        The preset's phases are laid out from --start, each run in full. --end cuts the plan
        short there (the session is then recorded as interrupted unless --status says
        otherwise), or lengthens its last phase when it comes after the plan's end. A
        duration instead of a preset records one focus phase of that length.

        A time is 09:00 (today), yesterday 14:30, 2026-11-30 09:00, an RFC 3339 time, or
        -90m (that long ago). A local time that a change of clocks skips or repeats is
        refused: give its UTC offset. A session that would share time with another is
        refused, naming it, unless --allow-overlap. 'pomo undo' takes the session out again.

        Examples:
          pomo add work --start 09:00
          pomo add 25m --start -40m --tag reading
          pomo add work --start 'yesterday 14:30' --end 'yesterday 15:40'
        """,
      arguments: [ArgumentSpec("preset", kind: .preset, help: "A preset name or file, or a duration such as 25m.")],
      options: [
        start.spec, end.spec, tag.spec, note.spec, status.spec, SharedOptions.rounds.spec,
        HistoryEditing.allowOverlap.spec, SharedOptions.journal.spec,
      ])

    static let start = Option<String>.value(
      "start", .text, placeholder: "when", help: "When the session started (required).")
    static let end = Option<String>.value("end", .text, placeholder: "when", help: "When it ended.")
    static let tag = Option<[String]>.repeated("tag", short: "t", .tag, help: "A tag (repeatable).")
    static let note = Option<String>.value("note", .text, help: "A note.")
    static let status = Option<JournalRecord.Status>.choice(
      "status", placeholder: "status", help: "completed, interrupted or void (default: from --end).")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try HistoryEditing.locked(context) { try correct(arguments, context) }
    }

    static func correct(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let path = arguments.path
      guard let startText = arguments[start] else { throw CLIError.usage("missing '--start'", command: path) }
      let now = context.clock.wallSeconds()
      let from = try HistoryEditing.when(startText, option: "start", context, path: path)
      let to = try arguments[end].map { text throws(CLIError) in try HistoryEditing.when(text, option: "end", context, path: path) }
      guard from <= now else {
        throw CLIError.usage("'--start' is in the future: a session to record has happened", command: path)
      }
      if let to, to <= from { throw CLIError.usage("'--end' must come after '--start'", command: path) }
      let plan = try plan(arguments.positionals[0], arguments, context, ends: to != nil)
      // An open phase has no length of its own to lay out: it would be a focus of 0:00, done.
      if plan.hasOpenPhase {
        throw CLIError.usage(
          "'\(plan.presetName)' has an open phase, which lasts as long as you run it: record it by running it",
          command: path)
      }
      let journal = JournalAccess.journal(arguments, context)
      let running = JournalAccess.recover(journal, context)
      var record = layout(
        plan, from: from, to: to, id: JournalRecord.newID(), host: context.hostName, tags: arguments[tag],
        note: arguments[note])
      if let status = arguments[status] {
        record.status = status
        record.interruption = status == .interrupted ? .quit : nil
        // Completed says every focus ran its time (`JournalRecord.isCutShort`), as stated.
        if status == .completed { for k in record.phases.indices { record.phases[k].completed = true } }
      }
      // A record is of what happened: a plan that would still be running now is refused.
      if record.end > now + 1 {
        throw CLIError.usage(
          "the session would end in the future (at \(context.zone.clockTime(record.end))): give an earlier --start, or --end",
          command: path)
      }
      if let problem = HistoryEditing.problem(start: record.start, end: record.end, now: now) {
        throw CLIError.usage(problem, command: path)
      }
      if !arguments[HistoryEditing.allowOverlap] {
        try HistoryEditing.refuseOverlap(
          start: record.start, end: record.end, except: nil, journal, running: running, context)
      }
      record.added = now
      try HistoryEditing.append(record.json(offset: context.zone.offset).text, to: journal)
      HistoryEditing.show(
        "Added \(HistoryEditing.short(record.id)) ('pomo undo' takes it out again):",
        HistoryEditing.reread(record.id, journal, context) ?? record, context)
      return ExitCode.success
    }

    /// The plan of a preset, or of a quick timer (`25m`, `50m/10m`), found as `pomo start`
    /// finds it. An endless timer needs --rounds or --end.
    static func plan(_ word: String, _ arguments: ParsedArguments, _ context: Context, ends: Bool) throws(CLIError)
      -> Plan
    {
      let preset = try PresetLookup.preset(
        word, path: arguments.path, context: context,
        timer: QuickTimerOptions(rounds: arguments[SharedOptions.rounds]))
      let plan = PresetLookup.plan(preset, arguments)
      if plan.endless && !ends {
        throw .usage("'\(word)' repeats until stopped: give --rounds or --end", command: arguments.path)
      }
      return plan
    }

    /// The record of `plan` run in full from `from`, cut at (or stretched to) `to`.
    static func layout(
      _ plan: Plan, from: Double, to: Double?, id: String, host: String, tags: [String], note: String?
    ) -> JournalRecord {
      var phases: [JournalPhase] = []
      for planned in plan.phases {
        let start = from + TimeText.seconds(planned.offset)
        let seconds = TimeText.seconds(planned.duration)
        if let to, start >= to { break }
        var end = start + seconds
        if let to, end > to { end = to }
        phases.append(
          JournalPhase(
            name: planned.name, kind: planned.kind, round: planned.round, start: start, end: end,
            plannedSeconds: seconds, elapsedSeconds: end - start, completed: end - start >= seconds))
      }
      let planEnd = phases.last?.end ?? from
      if let to, to > planEnd, var last = phases.popLast() {
        // Past the plan's end: the last phase ran on.
        last.end = to
        last.elapsedSeconds = to - last.start
        phases.append(last)
      }
      let completed = phases.count == plan.phases.count && phases.allSatisfy(\.completed)
      var record = JournalRecord(
        id: id, preset: plan.presetName, status: completed ? .completed : .interrupted,
        interruption: completed ? nil : .quit, start: from, end: to ?? planEnd, tags: tags, note: note, host: host,
        rounds: plan.rounds, phases: phases)
      record.endless = plan.endless
      record.workout = plan.isWorkout
      return record
    }
  }
}

