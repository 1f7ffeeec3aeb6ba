import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo {
  /// `pomo start NAME`: runs a preset's phases live in the terminal.
  public enum Start: Command {
    public static let runsSession = true
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
      arguments: [ArgumentSpec("preset", kind: .preset, help: "A preset's name (see 'pomo presets') or the path of a preset file.")],
      options: [SharedOptions.rounds.spec, dryRun.spec, tag.spec, note.spec, detach.spec, SharedOptions.journal.spec]
        + SharedOptions.session)

    static let detach = Option<Bool>.flag(
      "detach",
      help: "Run in the background with no terminal and return at once; 'pomo status' shows it and 'pomo stop' ends it.")

    static let dryRun = Option<Bool>.flag(
      "dry-run", help: "Print the expanded plan and exit; nothing runs and nothing is recorded.")
    static let tag = Option<[String]>.repeated(
      "tag", short: "t", .tag, help: "Tag the session in the journal (repeatable).")
    static let note = Option<String>.value("note", .text, help: "A note for the session's journal record.")

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let name = arguments.positionals[0]
      let preset = try PresetLookup.preset(name, path: arguments.path, context: context)
      let plan = PresetLookup.plan(preset, arguments)
      if arguments[dryRun] {
        context.output.write(PlanText.render(plan, width: context.width, unicode: context.unicode))
        return ExitCode.success
      }
      let tags = arguments[tag]
      let journal = JournalAccess.journal(arguments, context)
      let setup = try SessionLauncher.Setup(arguments, context, journal: journal)
      if arguments[detach] { return try SessionLauncher.detach(plan: plan, arguments, context) }
      let lock = try JournalAccess.claim(journal, context)
      var source: String?
      if case .file(let path) = preset.source { source = Platform.absolutePath(path) }
      let info = SessionInfo(
        id: JournalRecord.newID(), tags: tags, note: arguments[note], host: context.hostName, source: source,
        planCount: plan.phases.count)
      return SessionLauncher.run(plan: plan, info: info, setup: setup, lock: lock, arguments, context)
    }
  }
}
