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


        Enter goes on from a phase that waits for confirmation (--confirm); ? (or h) lists
        the keys where the terminal is too narrow to show them.

        When stdout is not a terminal, pomo prints one plain line per phase start and end
        instead of the live display. Every session is recorded in the journal, completed or
        not.

        Instead of a preset, a timer: 25m is one focus phase of 25 minutes; 50m/10m is
        rounds of work and rest, until q or 'pomo stop' unless --rounds says how many. A
        preset file, then a preset's name, wins over reading the word as a timer.

        Examples:
          pomo start work --tag thesis --note "chapter 3"
          pomo start hiit --rounds 8
          pomo start 25m
          pomo start 40s/20s -r 8 --warmup 2m --cooldown 2m --big --voice
          pomo start ~/my-preset.json --dry-run
        """,
      arguments: [
        ArgumentSpec(
          "preset", kind: .preset,
          help: "A preset's name (see 'pomo presets'), the path of a preset file, or a timer: 25m, 50m/10m.")
      ],
      options: [
        SharedOptions.rounds.spec, warmup.spec, cooldown.spec, dryRun.spec, tag.spec, note.spec, detach.spec,
        SharedOptions.journal.spec,
      ]
        + SharedOptions.session)

    static let warmup = Option<String>.value(
      "warmup", .duration, help: "With a timer like 40s/20s: a warm-up phase this long before the rounds.")
    static let cooldown = Option<String>.value(
      "cooldown", .duration, help: "With a timer like 40s/20s and --rounds: a cool-down phase this long after them.")

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
      let timer = QuickTimerOptions(
        rounds: arguments[SharedOptions.rounds], warmup: duration(arguments[warmup]),
        cooldown: duration(arguments[cooldown]))
      let preset = try PresetLookup.preset(name, path: arguments.path, context: context, timer: timer)
      var plan = PresetLookup.plan(preset, arguments)
      if arguments[dryRun] {
        if let advance = try SessionLauncher.advance(arguments) { plan.advance = advance }
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
      var info = SessionInfo(
        id: JournalRecord.newID(), tags: tags, note: arguments[note], host: context.hostName, source: source,
        planCount: plan.phases.count)
      // Only a quick timer takes them (a preset refuses them), and its name does not say them.
      info.warmup = timer.warmup
      info.cooldown = timer.cooldown
      return SessionLauncher.run(plan: plan, info: info, setup: setup, lock: lock, arguments, context)
    }

    /// A duration the parser has already checked.
    private static func duration(_ text: String?) -> Duration? {
      guard let text, case .success(let value) = TypedDuration.parse(text) else { return nil }
      return value
    }
  }
}
