import PomoCore
import PomoJournal
import PomoPlatform
import PomoTerminal

extension Pomo {
  /// `pomo import FILE`: adds the sessions of another journal, or of another tool's data.
  package enum Import: Command {
    package static let spec = CommandSpec(
      name: "import",
      abstract: "Add sessions from another journal or another tool.",
      discussion: """
        Without --from, the format is recognized from the file's first characters.
        --from pomo: a pomo journal (JSON Lines), or pomo's 'export --format json' (an
        array of its records); each record (sessions and corrections) whose id yours
        lacks is appended as it stands, byte for byte.
        --from timewarrior (or timew): the JSON of 'timew export'; each closed interval
        becomes a one-phase focus session with its tags, its annotation as the note.
        --from watson: Watson's frames file; project and tags become tags.
        --from openpomodoro: an Open Pomodoro Format history file; the description
        becomes the note.

        Sessions from another tool get ids derived from that tool's own (a name-based
        UUID), so importing the same file again adds nothing. Everything new is appended
        in one durable write; what cannot be read is skipped and named, and the others are
        imported, but the exit status is then 65. Sessions that share time with another
        are imported all the same, and counted and named. A file that holds something but
        gives no session (new or already present) exits 65.

        Examples:
          timew export | pomo import --from timew -
          pomo import ~/.config/watson/frames
          pomo import laptop-journal.jsonl
        """,
      arguments: [ArgumentSpec("file", kind: .path, help: "The file to read, or - for standard input.")],
      options: [from.spec, SharedOptions.journal.spec, SharedOptions.strict.spec])

    static let from = Option<ImportSource>.typed(
      "from", placeholder: "tool",
      help: "What the file is: pomo, timewarrior (or timew), watson or openpomodoro (default: recognized).")

    /// The most a file to import may hold.
    static let sizeLimit = 1 << 30

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      var input = try Input(arguments.positionals[0])
      let file = input.file
      let target = JournalAccess.journal(arguments, context)
      // The target through its index: the ids it holds, then the sessions an import shares
      // time with. Its own damaged lines are not this command's business.
      let history =
        target.files.contains(where: Platform.fileExists)
        ? try JournalAccess.history(target, strict: false, context, quiet: true) : nil
      var tally = Tally(held: (try? history?.idHashes()) ?? [])
      let head = try input.head()
      let recognized = ImportSource.recognize(head[...])
      // JSON Lines that are none of the above (damaged from the first line) are read as a
      // journal, so their damaged lines are named as every reader names them.
      guard let source = arguments[from] ?? recognized ?? (file.hasSuffix(".jsonl") ? .pomo : nil) else {
        throw CLIError.data(
          "\(file): cannot tell what it holds; give --from pomo (a pomo journal), timewarrior (the JSON of 'timew export'), watson (Watson's frames) or openpomodoro (an Open Pomodoro history)"
        )
      }
      if source == .pomo {
        try readJournal(&input, head: head, into: &tally, arguments, context)
      } else {
        try readOther(source, &input, into: &tally, arguments, context)
      }
      let overlaps = try overlapping(tally.imported, history, target)
      for (n, pair) in overlaps.enumerated() where n < JournalAccess.namedDamagedLines {
        context.errors.write(
          "pomo: warning: \(TextLayout.inert(file)): the session \(HistoryEditing.describe(pair.session, context)) shares time with \(HistoryEditing.describe(pair.other, context))\n"
        )
      }
      do {
        try target.append(lines: tally.lines)
      } catch {
        throw CLIError.failure("cannot write the journal \(target.path): \(error) (nothing was imported)")
      }
      context.output.write("\(summary(tally, overlaps: overlaps.count)) (into \(target.path))\n")
      try refuseShortfall(tally, file: file, source: source, recognized: recognized, arguments)
      return ExitCode.success
    }

    /// The file to import, or standard input (`-`), which is read once: whole, so that what it
    /// holds can be recognized.
    private struct Input {
      let file: String
      let path: String
      private var bytes: [UInt8]?

      var isStandardInput: Bool { file == "-" }

      init(_ file: String) throws(CLIError) {
        self.file = file
        path = file == "-" ? "/dev/stdin" : file
        guard file == "-" || Platform.fileExists(file) else {
          throw CLIError.failure("cannot read \(file): no such file or directory")
        }
      }

      /// All of it, read at the first call.
      mutating func whole() throws(CLIError) -> [UInt8] {
        if let bytes { return bytes }
        do {
          let read =
            isStandardInput
            ? try Platform.readStandardInput(limit: Import.sizeLimit) : try Platform.readFile(path, limit: Import.sizeLimit)
          bytes = read
          return read
        } catch {
          throw CLIError.failure("cannot read \(isStandardInput ? "the journal /dev/stdin" : file): \(error)")
        }
      }

      /// What the file begins with: enough to recognize what it holds, and whether pomo's own
      /// records come as an array (standard input is read whole, once).
      mutating func head() throws(CLIError) -> [UInt8] {
        if isStandardInput { return try whole() }
        do { return try RandomAccessFile(path: path).read(at: 0, count: 4096) } catch {
          throw CLIError.failure("cannot read \(file): \(error)")
        }
      }
    }

    /// What the import found so far: the lines to append, the sessions among them (to look
    /// for shared time), and what the summary counts.
    private struct Tally {
      /// The ids the journal holds, hashed.
      let held: [UInt64]
      /// The ids met in this file so far: an id the journal holds, or met before, is already present.
      var met = Set<String>()
      var lines: [ArraySlice<UInt8>] = []
      var imported: [JournalRecord] = []
      var sessions = 0
      var corrections = 0
      var tasks = 0
      var already = 0
      var skipped = 0
      /// What was skipped that is not a session yet (a running interval): it leaves nothing out.
      var running = 0

      init(held: [UInt64]) { self.held = held }

      mutating func isNew(_ id: String) -> Bool { !SessionID.contains(held, FNV1a.hash(id)) && met.insert(id).inserted }
    }

    /// A pomo journal, or pomo's JSON export: each new line as it stands in the source, byte
    /// for byte (unknown fields, newer versions, offsets and fractions are the source's to keep).
    private static func readJournal(
      _ input: inout Input, head: [UInt8], into tally: inout Tally, _ arguments: ParsedArguments, _ context: Context
    ) throws(CLIError) {
      var damaged = 0
      // Standard input, read already, is read again from a copy; so is pomo's own JSON
      // export (an array of records), as the JSON Lines of a journal, a record a line.
      var copy: String?
      let array = JournalArray.isArray(head[...])
      if input.isStandardInput || array {
        copy = try keepCopy(&input, asLines: array, context)
      }
      defer { if let copy { Platform.removeFile(copy) } }
      try JournalAccess.forEach(
        Journal(path: copy ?? input.path), strict: arguments[SharedOptions.strict], finished: true, context,
        shownAs: .init(name: input.isStandardInput ? "/dev/stdin" : input.file, unit: array ? "record" : "line"),
        bad: { _ in damaged += 1 }
      ) { entry, line in
        guard tally.isNew(entry.id) else {
          tally.already += 1
          return
        }
        switch entry {
        case .session(let record):
          tally.sessions += 1
          tally.imported.append(record)
        case .task: tally.tasks += 1
        case .correction: tally.corrections += 1
        }
        tally.lines.append(Interchange.withoutBOM(line))
      }
      tally.skipped = damaged
    }

    /// Writes what the input holds to a file of its own in the state folder (as JSON Lines,
    /// `asLines`, when it is an array of records), to read it as a journal; returns its path.
    private static func keepCopy(_ input: inout Input, asLines: Bool, _ context: Context) throws(CLIError) -> String {
      let folder = context.paths.stateDirectory
      try? Platform.makeDirectories(folder)
      let temporary = folder + "/import.\(Platform.processID).jsonl"
      do {
        let bytes = try input.whole()
        try Platform.writeAtomically(asLines ? JournalArray.lines(bytes) : bytes, to: temporary, durable: false)
      } catch let error as CLIError {
        throw error
      } catch {
        throw CLIError.failure(
          "cannot keep \(input.isStandardInput ? "standard input" : input.file) in \(temporary): \(error)")
      }
      return temporary
    }

    /// Another tool's data: each session it gives becomes a record, unless a journal line
    /// cannot hold it or the journal has it already.
    private static func readOther(
      _ source: ImportSource, _ input: inout Input, into tally: inout Tally, _ arguments: ParsedArguments,
      _ context: Context
    ) throws(CLIError) {
      let bytes = try input.whole()
      let result: ImportResult =
        switch source {
        case .timewarrior: TimewarriorImport.parse(bytes, host: context.hostName, zone: context.zone)
        case .watson: WatsonImport.parse(bytes, host: context.hostName, zone: context.zone)
        case .openpomodoro, .pomo: OpenPomodoroImport.parse(bytes, host: context.hostName, zone: context.zone)
        }
      let file = input.file
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
      tally.skipped = result.skipped.count
      tally.running = result.skipped.filter(\.running).count
      add(result.records, to: &tally, file: file, context)
    }

    /// The records another tool's data gave, each as a journal line; what a journal line
    /// cannot hold is skipped, named by its start.
    private static func add(_ records: [JournalRecord], to tally: inout Tally, file: String, _ context: Context) {
      let offset = context.zone.offset
      let now = context.clock.wallSeconds()
      for record in records {
        let line = record.json(offset: offset).text
        var problem = HistoryEditing.problem(start: record.start, end: record.end, now: now + 86_400)
        if problem == nil && line.utf8.count > RecordSize.longestLine {
          problem = "its record would be over \(RecordSize.longestText)"
        }
        if let problem {
          if tally.skipped < JournalAccess.namedDamagedLines {
            context.errors.write(
              "pomo: warning: \(TextLayout.inert(file)): skipped the session of \(RFC3339.format(record.start, offset: 0)): \(problem)\n"
            )
          }
          tally.skipped += 1
          continue
        }
        guard tally.isNew(record.id) else {
          tally.already += 1
          continue
        }
        tally.sessions += 1
        tally.imported.append(record)
        tally.lines.append(Array(line.utf8)[...])
      }
    }

    /// The line that says what was imported: `imported 3 sessions, 1 already present, 0 skipped`.
    private static func summary(_ tally: Tally, overlaps: Int) -> String {
      var counts = [TextLayout.count(tally.sessions, "session")]
      if tally.tasks > 0 { counts.append(TextLayout.count(tally.tasks, "task")) }
      if tally.corrections > 0 { counts.append(TextLayout.count(tally.corrections, "correction")) }
      let last = counts.removeLast()
      var summary = "imported \(counts.isEmpty ? last : counts.joined(separator: ", ") + " and " + last)"
      summary += ", \(tally.already) already present, \(tally.skipped) skipped"
      if overlaps > 0 { summary += ", \(overlaps) sharing time with another" }
      return summary
    }

    /// The exit status says when the file gave less than it holds: nothing at all (most
    /// likely the wrong --from), or some records left out.
    private static func refuseShortfall(
      _ tally: Tally, file: String, source: ImportSource, recognized: ImportSource?, _ arguments: ParsedArguments
    ) throws(CLIError) {
      let found = tally.sessions + tally.tasks + tally.corrections + tally.already
      if found == 0 && tally.skipped > 0 {
        // Something was there, and none of it was a session: most likely the wrong --from.
        var hint = ""
        if let recognized, recognized != source, arguments[from] != nil {
          hint = "; it looks like \(recognized.title): try --from \(recognized.rawValue)"
        }
        throw CLIError.data("\(file): nothing could be imported as \(source.title)\(hint)")
      }
      if tally.skipped > tally.running {
        // Fewer sessions than the file holds: the rest are in, and the exit status says so.
        let total = found + tally.skipped - tally.running
        throw CLIError.data(
          "\(file): \(tally.skipped - tally.running) of \(total) records could not be imported (named above); the others were")
      }
    }

    /// The sessions of `imported` that share time with another, recorded or imported, each
    /// with one it shares time with.
    static func overlapping(_ imported: [JournalRecord], _ history: (any History)?, _ target: Journal) throws(CLIError) -> [(
      session: JournalRecord, other: JournalRecord
    )] {
      guard let from = imported.map(\.start).min(), let to = imported.map(\.end).max() else { return [] }
      var recorded: [JournalRecord] = []
      if let history {
        do {
          try history.records(overlapping: from, to) { recorded.append($0) }
        } catch {
          throw CLIError.failure("cannot read the journal \(target.name): \(error)")
        }
      }
      return Overlap.among(imported, recorded: recorded)
    }
  }
}

extension ImportSource: OptionValue {
  package static var kind: ValueKind { .choice(allCases.map(\.rawValue) + aliases.keys.sorted()) }

  package init?(optionValue: String) { self.init(word: optionValue) }
}
