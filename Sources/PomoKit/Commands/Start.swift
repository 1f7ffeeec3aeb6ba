extension Pomo {
  /// `pomo start NAME`: runs a preset's phases live in the terminal.
  public enum Start: Command {
    public static let spec = CommandSpec(
      name: "start",
      abstract: "Start a session from a preset.",
      discussion: SessionLauncher.keysHelp + """


        When stdout is not a terminal, pomo prints one plain line per phase start and end
        instead of the live display. Every session is recorded in the journal, completed or
        not.

        Examples:
          pomo start work --tag thesis --note "chapter 3"
          pomo start hiit --rounds 8
          pomo start ~/my-preset.json --dry-run
        """,
      arguments: [ArgumentSpec("preset", help: "A preset's name (see 'pomo presets') or the path of a preset file.")],
      options: [
        SharedOptions.rounds,
        OptionSpec("dry-run", help: "Print the expanded plan and exit; nothing runs and nothing is recorded."),
        OptionSpec(
          "tag", short: "t", value: "tag", help: "Tag the session in the journal (repeatable).", repeatable: true),
        OptionSpec("note", value: "text", help: "A note for the session's journal record."),
        SharedOptions.journal,
      ] + SharedOptions.session)

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let name = arguments.positionals[0]
      let preset = try PresetLookup.preset(name, path: arguments.path, context: context)
      let plan = try PresetLookup.plan(preset, arguments)
      _ = try arguments.choice("color", Config.colorChoices)
      if arguments.flag("dry-run") {
        context.output.write(PlanText.render(plan, width: context.width))
        return ExitCode.success
      }
      let tags = arguments.all("tag")
      if let bad = tags.first(where: { $0.trimmedSpaces().isEmpty }) {
        throw CLIError.usage("'--tag' needs a non-empty tag, got '\(bad)'", command: arguments.path)
      }
      let journal = JournalAccess.journal(arguments, context)
      let setup = try SessionLauncher.Setup(arguments, context, journal: journal)
      let lock = try JournalAccess.claim(journal, context)
      var source: String?
      if case .file(let path) = preset.source { source = Platform.absolutePath(path) }
      let info = SessionInfo(
        id: JournalRecord.newID(), tags: tags, note: arguments.value("note"), host: Platform.hostName(), source: source,
        planCount: plan.phases.count)
      return SessionLauncher.run(plan: plan, info: info, setup: setup, lock: lock, arguments, context)
    }
  }
}
