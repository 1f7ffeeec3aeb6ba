import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo import FILE`: adds the sessions of another journal, or of another tool's data.
  public enum Import: Command {
    public static let spec = CommandSpec(
      name: "import",
      abstract: "Add sessions from another journal or another tool.",
      discussion: """
        --from pomo (the default): each line of another pomo journal (sessions and
        corrections) whose id yours lacks is appended as it stands, byte for byte.
        --from timewarrior: the JSON of 'timew export'; each closed interval becomes a
        one-phase focus session with its tags, its annotation as the note.
        --from watson: Watson's frames file; project and tags become tags.
        --from openpomodoro: an Open Pomodoro Format history file; the description
        becomes the note.

        Sessions from another tool get ids derived from that tool's own (a name-based
        UUID), so importing the same file again adds nothing. Everything new is appended
        in one durable write; what cannot be read is skipped and named.

        Examples:
          timew export | pomo import --from timewarrior -
          pomo import --from watson ~/.config/watson/frames
          pomo import laptop-journal.jsonl
        """,
      arguments: [ArgumentSpec("file", kind: .path, help: "The file to read, or - for standard input.")],
      options: [from.spec, SharedOptions.journal.spec, SharedOptions.strict.spec])

    static let from = Option<ImportSource>.choice(
      "from", placeholder: "tool", help: "What the file is: pomo (the default), timewarrior, watson or openpomodoro.")

    /// The most a file to import may hold.
    static let sizeLimit = 1 << 30

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let file = arguments.positionals[0]
      let path = file == "-" ? "/dev/stdin" : file
      guard file == "-" || Platform.fileExists(file) else {
        throw CLIError.failure("cannot read \(file): no such file or directory")
      }
      let target = JournalAccess.journal(arguments, context)
      // The ids already there; the target's own damaged lines are not this command's business.
      var present = Set<String>()
      for existing in target.files {
        do {
          try target.file(existing).forEach(bad: { _ in }) { entry, _ in present.insert(entry.id) }
        } catch {
          throw CLIError.failure("cannot read the journal \(existing): \(error)")
        }
      }
      var lines: [ArraySlice<UInt8>] = []
      var sessions = 0
      var corrections = 0
      var already = 0
      var skipped = 0
      let source = arguments[from] ?? .pomo
      if source == .pomo {
        // Each new line as it stands in the source, byte for byte: unknown fields, newer
        // versions, offsets and fractions are the source's to keep.
        var damaged = 0
        try JournalAccess.forEach(
          Journal(path: path), strict: arguments[SharedOptions.strict], finished: true, context,
          bad: { _ in damaged += 1 }
        ) { entry, line in
          guard present.insert(entry.id).inserted else {
            already += 1
            return
          }
          if case .session = entry { sessions += 1 } else { corrections += 1 }
          lines.append(RecordScanner.withoutByteOrderMark(line))
        }
        skipped = damaged
      } else {
        let bytes: [UInt8]
        do {
          bytes = file == "-" ? try Platform.readStandardInput(limit: sizeLimit) : try Platform.readFile(path, limit: sizeLimit)
        } catch {
          throw CLIError.failure("cannot read \(file): \(error)")
        }
        let result: ImportResult =
          switch source {
          case .timewarrior: TimewarriorImport.parse(bytes, host: context.hostName, zone: context.zone)
          case .watson: WatsonImport.parse(bytes, host: context.hostName, zone: context.zone)
          case .openpomodoro, .pomo: OpenPomodoroImport.parse(bytes, host: context.hostName, zone: context.zone)
          }
        if let first = result.skipped.first, arguments[SharedOptions.strict] {
          throw CLIError.data("\(file): \(first.description)")
        }
        for (n, skip) in result.skipped.enumerated() where n < JournalAccess.namedDamagedLines {
          context.errors.write("pomo: warning: \(TextLayout.inert(file)): skipped \(skip.description)\n")
        }
        if result.skipped.count > JournalAccess.namedDamagedLines {
          context.errors.write(
            "pomo: warning: \(TextLayout.inert(file)): skipped \(result.skipped.count - JournalAccess.namedDamagedLines) more (--strict names the first)\n"
          )
        }
        skipped = result.skipped.count
        let offset = context.zone.offset
        let now = context.clock.wallSeconds()
        for record in result.records {
          // What a journal line cannot hold is skipped, named by its start.
          let line = record.json(offset: offset).text
          var problem = HistoryEditing.problem(start: record.start, end: record.end, now: now + 86_400)
          if problem == nil && line.utf8.count > LineReader.maxLine { problem = "its record would be over 1 MB" }
          if let problem {
            if skipped < JournalAccess.namedDamagedLines {
              context.errors.write(
                "pomo: warning: \(TextLayout.inert(file)): skipped the session of \(RFC3339.format(record.start, offset: 0)): \(problem)\n"
              )
            }
            skipped += 1
            continue
          }
          guard present.insert(record.id).inserted else {
            already += 1
            continue
          }
          sessions += 1
          lines.append(Array(line.utf8)[...])
        }
      }
      do {
        try Platform.appendLines(lines, to: target.path)
      } catch {
        throw CLIError.failure("cannot write the journal \(target.path): \(error) (nothing was imported)")
      }
      var summary = "imported \(TextLayout.count(sessions, "session"))"
      if corrections > 0 { summary += " and \(TextLayout.count(corrections, "correction"))" }
      summary += ", \(already) already present, \(skipped) skipped"
      context.output.write("\(summary) (into \(target.path))\n")
      return ExitCode.success
    }
  }
}
