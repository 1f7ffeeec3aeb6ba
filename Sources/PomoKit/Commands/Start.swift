import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform
import PomoSession

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension Pomo {
  /// `pomo start NAME`: runs a preset's phases live in the terminal.
  package enum Start: Command {
    package static let runsSession = true
    package static let spec = CommandSpec(
      name: "start",
      abstract: "Start a session from a preset.",
      discussion: SessionLauncher.keysHelp + """


        Enter goes on from a phase that waits for confirmation (--confirm); ? (or h) lists
        the keys where the terminal is too narrow to show them.

        When stdout is not a terminal, pomo prints one plain line per phase start and end
        instead of the live display. Every session is recorded in the journal, completed or
        not.

        Instead of a preset, a timer: 25m is one focus phase of 25 minutes; 50m/10m is
        rounds of work and rest, until q or 'pomo stop' unless --rounds says how many;
        @14:30 is one focus phase until 14:30. A preset file, then a preset's name, wins over
        reading the word as a timer.

        Times of day (--until, --at, @) are the next time the clock reads them: today, or
        tomorrow once today's has gone by. 14:30 alone is a duration (14 minutes 30 seconds).

        Examples:
          pomo start work --tag thesis --note "chapter 3"
          pomo start hiit --rounds 8
          pomo start 25m
          pomo start work --until 17:00
          pomo start @14:30
          pomo start work --at 09:00
          pomo start work --ago 10m
          pomo start 40s/20s -r 8 --warmup 2m --cooldown 2m --big --voice
          pomo start ~/my-preset.json --dry-run
        """,
      arguments: [
        ArgumentSpec(
          "preset", kind: .preset,
          help: "A preset's name (see 'pomo presets'), the path of a preset file, or a timer: 25m, 50m/10m, @14:30.")
      ],
      options: [
        SharedOptions.rounds.spec, until.spec, at.spec, ago.spec, task.spec, warmup.spec, cooldown.spec, dryRun.spec, tag.spec, note.spec,
      ]
        + SharedOptions.launch)

    static let warmup = Option<String>.value(
      "warmup", .duration, help: "With a timer like 40s/20s: a warm-up phase this long before the rounds.")
    static let cooldown = Option<String>.value(
      "cooldown", .duration, help: "With a timer like 40s/20s and --rounds: a cool-down phase this long after them.")

    static let until = Option<String>.value(
      "until", .text, placeholder: "time",
      help: "End at this time (17:00, or a date and time): the preset's rounds fill the time, the last phase shortened.")
    static let at = Option<String>.value(
      "at", .text, placeholder: "time", help: "Start at this time (09:00, or a date and time), counting down to it.")

    static let ago = Option<String>.value(
      "ago", .duration,
      help: "Start as if begun this long ago (10m): the record starts then, and the phases have that much less left.")

    static let task = Option<String>.value(
      "task", .task, placeholder: "task",
      help: "Work on a task (its id, as 'pomo task list' shows it): each focus completed counts toward it. Or a Taskwarrior task (tw:12): its description is the note, its project a tag; it is annotated with the focus.")

    static let dryRun = Option<Bool>.flag(
      "dry-run", help: "Print the expanded plan and exit; nothing runs and nothing is recorded.")
    static let tag = Option<[String]>.repeated(
      "tag", short: "t", .tag, help: "Tag the session in the journal (repeatable).")
    static let note = Option<String>.value("note", .text, help: "A note for the session's journal record.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let path = arguments.path
      let timer = QuickTimerOptions(
        rounds: arguments[SharedOptions.rounds], warmup: duration(arguments[warmup]),
        cooldown: duration(arguments[cooldown]))
      let ago = duration(arguments[ago]) ?? .zero
      if ago > .zero && arguments[at] != nil {
        throw CLIError.usage("--ago and --at cannot be used together: one says when the session began", command: path)
      }
      let now = context.clock.wallSeconds()
      let startAt = try arguments[at].map { text throws(CLIError) in try target(text, option: "--at", now, context, path) }
      // When the session begins: now (less `--ago`), or at `--at`. `@14:30` and `--until` say
      // when it ends.
      let begins = startAt ?? now - TimeText.seconds(ago)
      let (preset, endsAt) = try presetAndEnd(timer: timer, begins: begins, arguments, context)
      var plan = endsAt.map { Plan(preset: preset, filling: seconds($0 - begins)) }
        ?? PresetLookup.plan(preset, arguments)
      if let endsAt, let short = Self.shortfall(plan, endsAt: endsAt, start: begins, context) {
        context.errors.write("pomo: warning: \(short)\n")
      }
      try check(plan, preset: preset, ago: ago, arguments)
      if arguments[dryRun] {
        if let advance = try SessionLauncher.advance(arguments) { plan.setAdvance(advance) }
        // A plan bound to the clock shows the times of day it runs at.
        let clock = (endsAt != nil || startAt != nil) ? PlanText.ClockTimes(start: begins, time: context.zone.clockTime) : nil
        context.output.write(PlanText.render(plan, width: context.width, unicode: context.unicode, clock: clock))
        return ExitCode.success
      }
      if startAt != nil && arguments[SharedOptions.detach] {
        throw CLIError.usage("--at cannot be used with --detach: the wait is shown in the terminal", command: path)
      }
      var labels = Labels(tags: arguments[tag], note: arguments[Self.note])
      let journal = JournalAccess.journal(arguments, context)
      if ago > .zero { try Self.refuseOverlap(from: begins, to: now, ago: arguments[Self.ago] ?? "", journal, context, path) }
      var setup = try SessionLauncher.Setup(arguments, context, journal: journal)
      try linkTask(arguments, journal, &setup, &labels, context)
      if arguments[SharedOptions.detach] { return try SessionLauncher.detach(plan: plan, arguments, context) }
      // A session that waits for its time is the running session from now: it holds the lock.
      let lock = try JournalAccess.claim(journal, context)
      if let startAt, let signal = try Self.wait(until: startAt, plan: plan, context) { return 128 + signal }
      let info = sessionInfo(preset: preset, plan: plan, labels: labels, timer: timer, context)
      return SessionLauncher.run(
        plan: plan, info: info, setup: setup, lock: lock, endsAt: endsAt, ago: ago, arguments, context)
    }

    /// The preset to run and when it ends, if it must: `@14:30` is one focus phase until then;
    /// any other name is a preset or a timer, ending at `--until` when it is given.
    private static func presetAndEnd(
      timer: QuickTimerOptions, begins: Double, _ arguments: ParsedArguments, _ context: Context
    ) throws(CLIError) -> (Preset, endsAt: Double?) {
      let name = arguments.positionals[0]
      let path = arguments.path
      if name.hasPrefix("@") {
        if arguments[until] != nil {
          throw CLIError.usage("'\(name)' already says when the session ends; leave out --until", command: path)
        }
        if arguments[SharedOptions.rounds] != nil || timer.warmup != nil || timer.cooldown != nil {
          throw CLIError.usage("'\(name)' is one phase until then: --rounds, --warmup and --cooldown do not apply", command: path)
        }
        let end = try target(String(name.dropFirst()), option: name, begins, context, path)
        let preset = QuickTimer(spec: name, work: seconds(end - begins)).preset(
          rounds: nil, warmup: nil, cooldown: nil)
        return (preset, end)
      }
      let endsAt = try arguments[until].map { text throws(CLIError) in
        try target(text, option: "--until", begins, context, path)
      }
      if endsAt != nil && arguments[SharedOptions.rounds] != nil {
        throw CLIError.usage("--until and --rounds cannot be used together: the time says how many rounds", command: path)
      }
      let preset = try PresetLookup.preset(name, path: path, context: context, timer: timer)
      // An open focus ends when you say so: no plan of it can be cut to end at a time.
      if endsAt != nil && (preset.warmup + preset.round + preset.cooldown).contains(where: \.open) {
        throw CLIError.usage(
          "--until cannot be used with '\(TextLayout.inert(preset.name))': its open focus ends when you end it, not at a time",
          command: path)
      }
      return (preset, endsAt)
    }

    /// What the options may not ask of this plan: `--confirm` of an open focus, `--ago` past its end.
    private static func check(_ plan: Plan, preset: Preset, ago: Duration, _ arguments: ParsedArguments) throws(CLIError) {
      let path = arguments.path
      // As a preset may not (`"advance": "confirm"` with an open phase), `--confirm` may not
      // make an open focus wait: it already waits for you.
      if plan.hasOpenPhase, try SessionLauncher.advance(arguments) == .confirm {
        throw CLIError.usage(
          "--confirm cannot be used with '\(TextLayout.inert(preset.name))': its open focus already waits for space, 'pomo next' or 'pomo skip'",
          command: path)
      }
      // An open phase never runs out, so a plan with one is never over already.
      if ago > .zero && !plan.hasOpenPhase && ago >= plan.total {
        throw CLIError.usage(
          "--ago \(arguments[Self.ago] ?? ""): the plan takes \(DurationText.format(plan.total)), so it would be over already",
          command: path)
      }
    }

    /// What the session is about: its tags and note, and the task it works on.
    private struct Labels {
      var tags: [String]
      var note: String?
      var taskID: String?
      var taskTitle: String?
    }

    /// `--task`: a task of pomo's own lends the session its tags; a Taskwarrior task (tw:12)
    /// is annotated at the end, and lends its description as the note and its project as a tag.
    private static func linkTask(
      _ arguments: ParsedArguments, _ journal: Journal, _ setup: inout SessionLauncher.Setup, _ labels: inout Labels,
      _ context: Context
    ) throws(CLIError) {
      if let text = arguments[task], !text.hasPrefix("tw:") {
        let found = try TaskAccess.find(text, journal, context, quiet: true)
        if found.task.done != nil {
          context.errors.write("pomo: warning: the task \(TaskAccess.describe(found.task)) is done already\n")
        }
        labels.taskID = found.task.id
        labels.taskTitle = found.task.title
        for t in found.task.tags where !labels.tags.contains(t) { labels.tags.append(t) }
      } else if let text = arguments[task] {
        setup.task = try Self.taskwarrior(text, arguments.path, context)
        if let found = setup.task {
          labels.note = labels.note ?? found.description
          if let project = found.project, !labels.tags.contains(project) { labels.tags.append(project) }
        }
      }
    }

    /// The session as its record and state file will say: a new id, what it is about, where its
    /// preset came from.
    private static func sessionInfo(
      preset: Preset, plan: Plan, labels: Labels, timer: QuickTimerOptions, _ context: Context
    ) -> SessionInfo {
      var source: String?
      if case .file(let path) = preset.source { source = Platform.absolutePath(path) }
      var info = SessionInfo(
        id: JournalRecord.newID(), tags: labels.tags, note: labels.note, host: context.hostName, source: source,
        planCount: plan.phases.count)
      // Only a quick timer takes them (a preset refuses them), and its name does not say them.
      info.warmup = timer.warmup
      info.cooldown = timer.cooldown
      info.task = labels.taskID
      info.taskTitle = labels.taskTitle
      return info
    }

    /// Counts down to `startAt`, as the session the state folder shows waiting
    /// (`PendingStart`); the signal that cancelled it (Ctrl-C, `pomo stop`), if one did.
    private static func wait(until startAt: Double, plan: Plan, _ context: Context) throws(CLIError) -> Int32? {
      let folder = context.paths.stateFolder
      let pending = PendingStart(pid: getpid(), preset: plan.presetName, startsAt: startAt)
      do {
        try folder.writePending(pending)
      } catch {
        throw .failure("cannot write \(folder.pendingFile): \(error)")
      }
      defer { folder.removePending() }
      let live = context.stdoutIsTerminal && !DisplayStyle.isDumb(context.environment)
      let title = "\(plan.presetName) starts at \(context.zone.clockTime(startAt))"
      let signals = SignalPipe(signals: [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH])
      defer { signals.close() }
      let outcome = StartWait(output: context.output, live: live, title: title, wallSeconds: context.clock.wallSeconds)
        .run(until: startAt, signals: signals, now: context.clock.now)
      guard case .cancelled(let signal) = outcome else { return nil }
      context.errors.write("pomo: \(title): cancelled before it began; nothing was recorded\n")
      return signal
    }

    /// `--ago` may not reach back into a recorded session: the same minutes would count twice
    /// (as `add` refuses), and Timewarrior would refuse the interval.
    private static func refuseOverlap(
      from start: Double, to now: Double, ago: String, _ journal: Journal, _ context: Context, _ path: [String]
    ) throws(CLIError) {
      let history = try JournalAccess.history(journal, strict: false, context, quiet: true)
      let other: JournalRecord?
      do {
        other = try Overlap.first(in: history, start: start, end: now)
      } catch {
        throw .failure("cannot read the journal \(journal.name): \(error)")
      }
      if let other {
        throw .usage(
          "--ago \(ago): the session would share time with \(HistoryEditing.describe(other, context)); give a shorter --ago",
          command: path)
      }
    }

    /// The instant a time given to `option` names, after `now` (see `ClockTarget`).
    private static func target(
      _ text: String, option: String, _ now: Double, _ context: Context, _ path: [String]
    ) throws(CLIError) -> Double {
      let within = option == "--until" ? Double.infinity : ClockTarget.day
      switch ClockTarget.next(text, after: now, zone: context.zone, within: within) {
      case .success(let t): return t
      case .failure(let error): throw CLIError.usage("'\(option)': \(error.description)", command: path)
      }
    }

    /// The Taskwarrior task `text` (tw:12) names, read with `task`; nil, after one warning,
    /// when `task` is not installed (the session runs on).
    private static func taskwarrior(_ text: String, _ path: [String], _ context: Context) throws(CLIError)
      -> TaskwarriorTask?
    {
      guard let reference = TaskwarriorTask.reference(text) else {
        throw .usage(
          "'--task \(TextLayout.inert(text))': a Taskwarrior task is tw: and its id or UUID, like tw:12", command: path)
      }
      guard Spawner.find("task", path: context.environment["PATH"]) != nil else {
        context.errors.write("pomo: warning: task (Taskwarrior) is not found; the session is not linked to tw:\(reference)\n")
        return nil
      }
      guard
        let run = Spawner.output(["task"] + TaskwarriorTask.exportArguments(reference), environment: context.environment),
        run.status == 0, let found = TaskwarriorTask.parse(run.output, reference: reference)
      else { throw .failure("Taskwarrior has no task tw:\(reference) (see 'task list')") }
      return found
    }

    /// A span of seconds, to the millisecond.
    private static func seconds(_ span: Double) -> Duration { .milliseconds(Int64((span * 1000).rounded())) }

    /// Why the plan ends before `endsAt`, when the preset's rounds cannot fill the time.
    private static func shortfall(_ plan: Plan, endsAt: Double, start: Double, _ context: Context) -> String? {
      let end = start + TimeText.seconds(plan.total)
      guard end < endsAt - 0.5 else { return nil }
      // The day too, where the two are on different days: a time alone would read as today's.
      func day(_ t: Double) -> Substring { RFC3339.format(t, offset: context.zone.offset(at: t)).prefix(10) }
      func when(_ t: Double) -> String {
        day(end) == day(endsAt) ? context.zone.clockTime(t) : "\(day(t)) \(context.zone.clockTime(t))"
      }
      return "'\(plan.presetName)' runs \(DurationText.format(plan.total)) at most, so it ends at "
        + "\(when(end)), before \(when(endsAt))"
    }

    /// A duration the parser has already checked.
    private static func duration(_ text: String?) -> Duration? {
      guard let text, case .success(let value) = TypedDuration.parse(text) else { return nil }
      return value
    }
  }
}
