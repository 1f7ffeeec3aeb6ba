import PomoCore
import PomoIndex
import PomoJournal
import PomoPlatform
import PomoTerminal

extension Pomo {
  /// `pomo journal`: the journal's files, for people who sync the folder between machines.
  package enum JournalInfo: Command {
    package static let spec = CommandSpec(
      name: "journal",
      abstract: "Show the journal's files, one per machine.",
      discussion: """
        The journal is a folder ($XDG_DATA_HOME/pomo/journal/) holding one JSON Lines file
        per machine, <host>-<id>.jsonl, so that Syncthing, Nextcloud, Dropbox or git can
        carry it: each machine appends only to its own file, and every command reads all
        of them (sync-conflict copies too, each session counted once). --journal and
        POMO_JOURNAL take a folder or a single file.

        For each file: its host, its sessions and corrections, the first and last session
        it holds, its damaged lines, and whether it is a conflict copy.
        """,
      options: [SharedOptions.json.spec, SharedOptions.journal.spec])

    struct FileInfo {
      var path: String
      var name: String
      var host: String
      var sessions: Int64
      var corrections: Int
      var first: Double?
      var last: Double?
      var damaged: Int
      var conflict: Bool
      var own: Bool
    }

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let journal = JournalAccess.journal(arguments, context)
      var infos: [FileInfo] = []
      for path in journal.files {
        let indexed: IndexedJournal
        do {
          indexed = try IndexedJournal(journal: journal.file(path), cacheFolder: context.paths.cacheDirectory)
        } catch {
          throw CLIError.failure("cannot read the journal \(path): \(error)")
        }
        let name = String(path.split(separator: "/").last ?? "")
        let chunks = indexed.index.chunks.filter { $0.minTime <= $0.maxTime }
        infos.append(
          FileInfo(
            path: path, name: name, host: journal.folder == nil ? context.hostName : JournalFolder.host(ofFile: name),
            sessions: indexed.index.prefixCount,
            corrections: indexed.corrections.all.filter { $0.kind.isCorrection }.count,
            first: chunks.map(\.minTime).min(), last: chunks.map(\.maxTime).max(), damaged: indexed.badLines.count,
            conflict: JournalFolder.isConflictCopy(name), own: path == journal.path))
      }
      let skipped = journal.folder?.unreadable() ?? []
      if arguments[SharedOptions.json] {
        context.writeJSON(json(journal, infos, skipped: skipped, offset: context.zone.offset).text + "\n")
      } else {
        context.output.write(text(journal, infos, skipped: skipped, offset: context.zone.offset, width: context.width))
      }
      return ExitCode.success
    }

    static func json(
      _ journal: Journal, _ infos: [FileInfo], skipped: [(name: String, reason: JournalFolder.Unreadable)],
      offset: (Double) -> Int
    ) -> JSONOutput {
      func time(_ t: Double?) -> JSONOutput { t.map { .string(RFC3339.format($0, offset: offset($0))) } ?? .null }
      return .object([
        ("folder", journal.folder.map { .string($0.path) } ?? .null), ("own_file", .string(journal.path)),
        (
          "files",
          .array(
            infos.map { f in
              .object([
                ("file", .string(f.name)), ("path", .string(f.path)), ("host", .string(f.host)),
                ("sessions", .int(f.sessions)), ("corrections", .int(Int64(f.corrections))),
                ("first", time(f.first)), ("last", time(f.last)), ("damaged_lines", .int(Int64(f.damaged))),
                ("conflict_copy", .bool(f.conflict)), ("own", .bool(f.own)),
              ])
            })
        ),
        ("not_read", .array(skipped.map { .string($0.name) })),
        (
          "not_read_reasons",
          .array(skipped.map { .object([("file", .string($0.name)), ("reason", .string($0.reason.description))]) })
        ),
      ])
    }

    static func text(
      _ journal: Journal, _ infos: [FileInfo], skipped: [(name: String, reason: JournalFolder.Unreadable)],
      offset: (Double) -> Int, width: Int = Context.unlimited
    ) -> String {
      func time(_ t: Double) -> String {
        let stamp = RFC3339.format(t, offset: offset(t))
        return String(stamp.prefix(10)) + " " + String(stamp.dropFirst(11).prefix(5))
      }
      var out: [String] = []
      if let folder = journal.folder {
        out.append("Journal folder: \(TextLayout.inert(folder.path))")
        out.append("This machine writes to: \(TextLayout.inert(String(journal.path.split(separator: "/").last ?? "")))")
      } else {
        out.append("Journal file: \(TextLayout.inert(journal.path)) (a single file, not a folder)")
      }
      if infos.isEmpty { out.append("No journal files yet: the first session makes this machine's.") }
      for f in infos {
        out.append("")
        var title = TextLayout.inert(f.name)
        if f.own { title += " (this machine)" }
        if f.conflict { title += " (a conflict copy)" }
        out.append(title)
        var counts = "  host \(TextLayout.inert(f.host)), \(TextLayout.count(Int(f.sessions), "session"))"
        if f.corrections > 0 { counts += ", \(TextLayout.count(f.corrections, "correction"))" }
        out.append(counts)
        if let first = f.first, let last = f.last { out.append("  sessions from \(time(first)) to \(time(last))") }
        out.append(f.damaged == 0 ? "  no damaged lines" : "  \(TextLayout.count(f.damaged, "damaged line"))")
      }
      if !skipped.isEmpty {
        out.append("")
        out.append("Not read:")
        for entry in skipped { out.append("  \(TextLayout.inert(entry.name)): \(entry.reason)") }
      }
      // A narrow terminal wraps each line between words; a path is never broken, so it can be
      // copied whole.
      return out.map { line in
        TextLayout.width(line) < width ? line : TextLayout.wrapWords(line, width: width - 1, hanging: 2)
      }.joined(separator: "\n") + "\n"
    }
  }
}
