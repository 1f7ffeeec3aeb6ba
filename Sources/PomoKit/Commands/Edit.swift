import PomoCore
import PomoJournal
import PomoPlatform

extension Pomo {
  /// `pomo edit`: corrects a recorded session.
  package enum Edit: Command {
    package static let spec = CommandSpec(
      name: "edit",
      abstract: "Correct a recorded session.",
      discussion: """
        The journal keeps every line it had: the change is a new line, an amendment, that
        every reader applies ('pomo undo' takes it back). Moving the start moves the whole
        session; moving the end shortens or lengthens its last phase. Times are written as
        for 'pomo add'. A running session cannot be edited, and a session is not moved
        onto the time of another unless --allow-overlap.

        'last' is the session recorded last: the one that just ended or was just added
        (by the time its line was written), whenever it started. A running session is
        not recorded yet; 'pomo undo' goes by the same times.

        Examples:
          pomo edit last --tag thesis --untag misc
          pomo edit 3f2a1b4c --start 'yesterday 09:30'
          pomo edit last --end -10m --note 'phone call'
          pomo edit last --keep-away
        """,
      arguments: [HistoryEditing.idArgument],
      options: [
        tag.spec, untag.spec, note.spec, start.spec, end.spec, preset.spec, status.spec,
        keepAway.spec, dropAway.spec, HistoryEditing.allowOverlap.spec, SharedOptions.journal.spec,
      ])

    static let tag = Option<[String]>.repeated("tag", short: "t", .tag, help: "Add a tag (repeatable).")
    static let untag = Option<[String]>.repeated("untag", .tag, help: "Remove a tag (repeatable).")
    static let note = Option<String>.value("note", .text, help: "Set the note ('' removes it).")
    static let start = Option<String>.value(
      "start", .text, placeholder: "when", help: "Move the session to start then.")
    static let end = Option<String>.value("end", .text, placeholder: "when", help: "End the session then.")
    static let preset = Option<String>.value("preset", .preset, placeholder: "name", help: "Set the preset's name.")
    static let keepAway = Option<Bool>.flag(
      "keep-away", help: "Count the session's time away as focus (its spans away kept).")
    static let dropAway = Option<Bool>.flag(
      "drop-away", help: "Leave the session's time away out (its spans away dropped).")
    static let status = Option<JournalRecord.Status>.choice(
      "status", placeholder: "status", help: "Set the status: completed, interrupted or void.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      try HistoryEditing.locked(context) { try correct(arguments, context) }
    }

    static func correct(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let path = arguments.path
      let startTime = try arguments[start].map { t throws(CLIError) in
        try HistoryEditing.when(t, option: "start", context, path: path)
      }
      let endTime = try arguments[end].map { t throws(CLIError) in
        try HistoryEditing.when(t, option: "end", context, path: path)
      }
      let journal = JournalAccess.journal(arguments, context)
      let running = JournalAccess.recover(journal, context)
      let history = try JournalAccess.history(journal, strict: false, context)
      let record = try HistoryEditing.session(arguments.positionals[0], history, running: running)

      var changes = Correction.Changes()
      // A tag to take off that the session does not have is a slip (`Thesis` for `thesis`):
      // said, with the nearest of its tags, rather than "nothing changed".
      for name in arguments[untag] where !record.tags.contains(name) {
        let id = String(record.id.prefix(8))
        let hint = FilterCheck.hint(name, Set(record.tags))
        let tags =
          record.tags.isEmpty
          ? " (it has no tags)"
          : hint.isEmpty ? " (its tags: \(record.tags.map(TextLayout.inert).joined(separator: ", ")))" : hint
        throw CLIError.usage("the session \(id) has no tag '\(TextLayout.inert(name))'" + tags, command: path)
      }
      if !arguments[tag].isEmpty || !arguments[untag].isEmpty {
        var tags = record.tags
        for t in arguments[tag] where !tags.contains(t) { tags.append(t) }
        tags.removeAll { arguments[untag].contains($0) }
        if tags != record.tags { changes.tags = tags }
      }
      // Only what differs is written, so `pomo undo` never takes back a change that changed nothing.
      if let text = arguments[note], (text.isEmpty ? nil : text) != record.note {
        changes.setsNote = true
        changes.note = text.isEmpty ? nil : text
      }
      if let name = arguments[preset], name != record.preset { changes.preset = name }
      if let status = arguments[status], status != record.status { changes.status = status }
      if arguments[keepAway] && arguments[dropAway] {
        throw CLIError.usage("--keep-away and --drop-away cannot be used together", command: path)
      }
      if arguments[keepAway] || arguments[dropAway] {
        let keep = arguments[keepAway]
        // A session with no time away, or all of it already so, changes nothing.
        let spans = record.phases.flatMap(\.away)
        if spans.contains(where: { $0.kept != keep }) { changes.keptAway = keep }
      }
      let newStart = startTime ?? record.start
      let duration = record.end - record.start
      if let startTime {
        changes.start = startTime
        changes.end = endTime ?? startTime + duration
      }
      if let endTime {
        guard endTime > newStart else {
          throw CLIError.usage("'--end' must come after the session's start", command: path)
        }
        // The span goes with the end, so the index finds the session in its new days.
        changes.start = newStart
        changes.end = endTime
        // Cut short, as `add --end` records it, unless --status says otherwise.
        if endTime < newStart + duration, arguments[status] == nil, record.status == .completed {
          changes.status = .interrupted
        }
      }
      let given =
        arguments.isPresent(tag) || arguments.isPresent(untag) || arguments.isPresent(note)
        || arguments.isPresent(preset) || arguments.isPresent(status) || arguments[keepAway] || arguments[dropAway]
      guard !changes.isEmpty || given else {
        throw CLIError.usage(
          "nothing to change: give --tag, --untag, --note, --start, --end, --preset, --status, --keep-away or --drop-away",
          command: path)
      }
      let now = context.clock.wallSeconds()
      if let moved = changes.start, moved > now {
        throw CLIError.usage("'--start' is in the future", command: path)
      }
      if let problem = HistoryEditing.problem(
        start: changes.start ?? record.start, end: changes.end ?? record.end, now: now + 86_400 * 365 * 10_000)
      {
        throw CLIError.usage(problem, command: path)
      }
      if let end = changes.end, end > now + 1 {
        throw CLIError.usage(
          "the session would end in the future (at \(context.zone.clockTime(end))): a record is of what happened",
          command: path)
      }
      if changes.start != nil || changes.end != nil, !arguments[HistoryEditing.allowOverlap] {
        try HistoryEditing.refuseOverlap(
          start: changes.start ?? record.start, end: changes.end ?? record.end, except: record.id, journal,
          running: running, context)
      }
      let correction = Correction(
        kind: .amend, target: record.id, at: context.clock.wallSeconds(), host: context.hostName, changes: changes)
      if !changes.isEmpty {
        try HistoryEditing.append(correction.json(offset: context.zone.offset).text, to: journal)
      }
      HistoryEditing.show(
        changes.isEmpty
          ? "Nothing changed in \(HistoryEditing.short(record.id)):"
          : "Edited \(HistoryEditing.short(record.id)) ('pomo undo' takes it back):",
        // As it now stands: this correction, the latest, over the session as it stood.
        Fold.applying(changes, to: record), context)
      return ExitCode.success
    }
  }
}
