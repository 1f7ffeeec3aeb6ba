extension Pomo {
  /// `pomo import FILE`: appends the sessions of another journal, such as another machine's.
  public enum Import: Command {
    public static let spec = CommandSpec(
      name: "import",
      abstract: "Append the sessions of another journal to yours.",
      discussion: """
        Each valid record is appended on its own, durably, as pomo appends its own sessions;
        damaged lines are skipped with a warning. Sessions already in your journal count once
        however often they are imported.
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
      var count = 0
      var failure: FileSystemError?
      try JournalAccess.forEach(source, strict: arguments[SharedOptions.strict], context) { record, _ in
        guard failure == nil else { return }
        do {
          try target.append(record)
          count += 1
        } catch {
          failure = error as? FileSystemError ?? FileSystemError(code: 5)
        }
      }
      if let failure {
        throw CLIError.failure(
          "cannot write the journal \(target.path): \(failure) (\(TextLayout.count(count, "session")) \(count == 1 ? "was" : "were") appended)"
        )
      }
      context.errors.write("pomo: imported \(TextLayout.count(count, "session")) into \(target.path)\n")
      return ExitCode.success
    }
  }
}
