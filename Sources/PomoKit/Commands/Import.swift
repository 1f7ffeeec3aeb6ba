import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo import FILE`: appends the sessions of another journal, such as another machine's.
  public enum Import: Command {
    public static let spec = CommandSpec(
      name: "import",
      abstract: "Append the sessions of another journal to yours.",
      discussion: """
        Each valid record whose id is not in your journal yet is appended as its line stands,
        byte for byte, all in one durable append; damaged lines are skipped with a warning.
        Importing the same file again appends nothing.
        """,
      arguments: [ArgumentSpec("file", kind: .path, help: "A journal file, or - for standard input.")],
      options: [SharedOptions.journal.spec, SharedOptions.strict.spec])

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let file = arguments.positionals[0]
      let source = Journal(path: file == "-" ? "/dev/stdin" : file)
      guard file == "-" || Platform.fileExists(file) else {
        throw CLIError.failure("cannot read \(file): no such file or directory")
      }
      let target = JournalAccess.journal(arguments, context)
      // The ids already there; the target's own damaged lines are not this command's business.
      var present = Set<String>()
      for path in target.files {
        do {
          try target.file(path).forEach(bad: { _ in }) { entry, _ in present.insert(entry.id) }
        } catch {
          throw CLIError.failure("cannot read the journal \(path): \(error)")
        }
      }
      // Each new record's line as it stands in the source, byte for byte: unknown fields,
      // newer versions, offsets and fractions are the source's to keep.
      var lines: [ArraySlice<UInt8>] = []
      try JournalAccess.forEach(source, strict: arguments[SharedOptions.strict], finished: true, context) { record, line in
        guard present.insert(record.id).inserted else { return }
        lines.append(RecordScanner.withoutByteOrderMark(line))
      }
      do {
        try Platform.appendLines(lines, to: target.path)
      } catch {
        throw CLIError.failure("cannot write the journal \(target.path): \(error) (no session was appended)")
      }
      context.errors.write("pomo: imported \(TextLayout.count(lines.count, "session")) into \(target.path)\n")
      return ExitCode.success
    }
  }
}
