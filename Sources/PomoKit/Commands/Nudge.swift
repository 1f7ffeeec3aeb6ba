import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

extension Pomo {
  /// `pomo nudge`: one notification when you forgot to start, for a systemd user timer or cron.
  package enum Nudge: Command {
    package static let spec = CommandSpec(
      name: "nudge",
      abstract: "Nudge you to start when no session ran for a while.",
      discussion: """
        One shot: when no session runs, none ended in the last --after, and now is inside
        --between on one of the config's "work_days" (Monday to Friday unless it says
        otherwise), it shows one desktop notification that says since when no Pomodoro
        ran (the last session's end today), with a button, "Start work" (with the preset's
        name), that starts --preset in the background ('pomo start PRESET --detach'). Otherwise it does nothing, and exits
        0 without a word.

        It waits for the click at most --wait, then takes the notification back and exits;
        so a timer every 15 minutes with a wait of 10 never overlaps. Without a
        notification server on the session bus it runs notify-send, with no button, and
        exits at once. docs/nudge.md has a systemd user timer and a cron line.

        Exit status: 0 when it nudged or had nothing to do, 1 when the notification could
        not be shown or the preset not started, 64 for a bad option, 65 for a bad config.

        Examples:
          pomo nudge
          pomo nudge --after 30m --between 08:30-18:00 --preset deep
          pomo nudge --dry-run
        """,
      options: [after.spec, between.spec, preset.spec, wait.spec, dryRun.spec, SharedOptions.journal.spec])

    static let after = Option<String>.value(
      "after", .duration, help: "Stay quiet until this long after the last session ended (default: 15m).")
    static let between = Option<String>.value(
      "between", .text, placeholder: "HH:MM-HH:MM",
      help: "Nudge only between these times of day, local time (default: 09:00-17:00; 00:00-00:00 is all day).")
    static let preset = Option<String>.value(
      "preset", .preset, help: "The preset the notification's button starts (default: work).")
    static let wait = Option<String>.value(
      "wait", .duration, help: "How long to wait for a click before taking the notification back (default: 10m).")
    static let dryRun = Option<Bool>.flag(
      "dry-run", help: "Print what it would do and why, and show nothing.")

    /// How long the notification waits for a click when `--wait` is not given.
    static let defaultWait = Duration.seconds(10 * 60)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let path = arguments.path
      var rules = NudgeRules()
      if let text = arguments[after], case .success(let value) = TypedDuration.parse(text) { rules.after = value }
      if let text = arguments[between] {
        guard let window = DayWindow(parsing: text) else {
          throw CLIError.usage(
            "--between takes two times of day like 09:00-17:00, got '\(TextLayout.inert(text))'", command: path)
        }
        rules.between = window
      }
      if let name = arguments[preset] { rules.preset = name }
      var waitFor = defaultWait
      if let text = arguments[wait], case .success(let value) = TypedDuration.parse(text) { waitFor = value }
      rules.workDays = try ConfigAccess.load(context).workDays
      // A preset that cannot start is said now, not when the button is clicked.
      _ = try PresetLookup.preset(rules.preset, path: path, context: context)
      let journal = JournalAccess.journal(arguments, context)
      let now = context.clock.wallSeconds()
      let decision = NudgeDecision.decide(
        lastEnd: lastEnd(journal, before: now, context), running: isRunning(journal, context), now: now,
        rules: rules, zone: context.zone)
      if arguments[dryRun] {
        context.output.write(decision.explanation(rules: rules, zone: context.zone) + "\n")
        return ExitCode.success
      }
      guard let message = decision.message(zone: context.zone) else { return ExitCode.success }
      // One nudge at a time: a run still waiting for its click (a cron line whose --wait is
      // longer than its interval) makes the next one quiet.
      let lock: FileLock?
      switch nudgeLock(context) {
      case .heldByAnother: return ExitCode.success
      case .taken(let taken): lock = taken
      }
      defer { lock?.release() }
      return try show(message, rules: rules, wait: waitFor, journal: journal, arguments, context)
    }

    enum NudgeLock {
      /// Ours (nil when the state folder cannot take a lock: that does not stop the nudge).
      case taken(FileLock?)
      /// Another `pomo nudge` waits for its click.
      case heldByAnother
    }

    /// The lock a nudge holds while it waits for its click, in the state folder.
    private static func nudgeLock(_ context: Context) -> NudgeLock {
      let folder = context.paths.stateDirectory
      try? Platform.makeDirectories(folder)
      do {
        guard let lock = try FileLock.tryAcquire(folder + "/nudge.lock") else { return .heldByAnother }
        return .taken(lock)
      } catch {
        return .taken(nil)
      }
    }

    /// Whether a session runs, or waits for its `--at` time. A session left behind by a pomo
    /// that died is recorded on the way, quietly: a timer's output goes nowhere anyone reads.
    static func isRunning(_ journal: Journal, _ context: Context) -> Bool {
      let folder = context.paths.stateFolder
      return folder.inspect(journal: journal, environment: context.environment).running != nil
        || folder.pending() != nil
    }

    /// When the journal's last session ended (the latest end of those touching the last two
    /// days), or nil when it has none then: enough to say "since 10:42" today, and to know
    /// whether one ended within `--after`, which is at most a day.
    static func lastEnd(_ journal: Journal, before now: Double, _ context: Context) -> Double? {
      guard let history = JournalAccess.quietHistory(journal, cacheFolder: context.paths.cacheDirectory) else {
        return nil
      }
      var last: Double?
      let source = ReportSource(history: history, path: journal.name)
      try? source.records(from: now - 2 * 86_400, to: now + 60) { record in
        last = max(last ?? record.end, record.end)
      }
      return last
    }

    /// Shows the nudge and, on a click, starts the preset in the background.
    private static func show(
      _ message: String, rules: NudgeRules, wait: Duration, journal: Journal, _ arguments: ParsedArguments,
      _ context: Context
    ) throws(CLIError) -> Int32 {
      let outcome: NudgeNotification.Outcome
      do {
        outcome = try NudgeNotification.show(
          title: "pomo", body: message, button: "Start \(rules.preset)", wait: wait, environment: context.environment)
      } catch {
        // No session bus or no server: the notifier program, with no button to wait for.
        guard let notifier = Notifier.find(environment: context.environment) else {
          throw .failure("cannot show the nudge: \(error), and notify-send is not found")
        }
        let text = message + " ('pomo start \(rules.preset)')"
        guard Spawner.run(notifierArguments(notifier, text), environment: context.environment) else {
          throw .failure("cannot show the nudge: \(notifier) failed")
        }
        return ExitCode.success
      }
      // A session started by hand while the notification waited is the one you wanted.
      guard outcome == .clicked, !isRunning(journal, context) else { return ExitCode.success }
      guard let program = context.programPath ?? Detach.executablePath() else {
        throw .failure("cannot start '\(rules.preset)': pomo's own path is not known")
      }
      // As 'pomo start PRESET --detach' does: the session in a session of its own, and what
      // it says before it runs (why it cannot, say) on our stderr.
      var argv = [program, "start", rules.preset]
      if let journal = arguments[SharedOptions.journal] { argv += ["--journal", journal] }
      var environment = context.environment
      environment[SessionLauncher.detachedVariable] = "1"
      let child: (pid: Int32, stderr: Int32)
      do {
        child = try Detach.spawn(argv, environment: environment)
      } catch {
        throw .failure("cannot start '\(rules.preset)' in the background: \(error)")
      }
      guard Detach.awaitReady(child.stderr, forward: { context.errors.write($0) }) else {
        _ = Detach.waitForExit(child.pid)
        throw .failure("'\(rules.preset)' did not start")
      }
      return ExitCode.success
    }

    /// notify-send's or osascript's arguments for `text`.
    private static func notifierArguments(_ notifier: String, _ text: String) -> [String] {
      if notifier.hasSuffix("osascript") {
        let quoted = "\"" + text.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] } + "\""
        return [notifier, "-e", "display notification \(quoted) with title \"pomo\""]
      }
      return [notifier, "--app-name=pomo", "pomo", Spawner.inertText(text)]
    }
  }
}
