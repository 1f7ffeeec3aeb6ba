import PomoControl
import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

/// Runs a plan live: what `start` and `resume` share once they know what to run.
enum SessionLauncher {
  static let keysHelp = """
    Keys while running: space pauses and resumes, s skips to the next phase, + adds a
    minute to the current phase, q quits. Ctrl-Z suspends; fg resumes.
    """

  /// Everything checked before a session may claim the state folder: a bad option, config
  /// or journal is an error while nothing runs yet.
  struct Setup {
    var config: Config
    var color: ColorChoice?
    var journal: Journal

    init(_ arguments: ParsedArguments, _ context: Context, journal: Journal) throws(CLIError) {
      color = arguments[SharedOptions.color]
      config = try ConfigAccess.load(context)
      TimeZoneCheck.warn(context)
      self.journal = journal
      // A journal that can never take the record (a folder, a FIFO, a device) is refused now,
      // not discovered when the session ends.
      if let problem = Platform.fileProblem(journal.path) {
        throw .failure("cannot record to the journal \(journal.path): \(problem)")
      }
      // A hook that cannot start would fail silently at every phase: say so once.
      for event in HookEvent.allCases {
        guard let program = config.hooks[event]?.first else { continue }
        if Spawner.resolve(program, path: context.environment["PATH"]) == nil {
          context.errors.write(
            "pomo: warning: the \(event.rawValue) hook's program '\(program)' is not found or not executable; it will not run\n"
          )
        }
      }
    }
  }

  /// Runs the session while holding the state folder's `lock`; returns the exit status.
  static func run(
    plan: Plan, info: SessionInfo, setup: Setup, lock: FileLock, _ arguments: ParsedArguments, _ context: Context
  ) -> Int32 {
    defer { lock.release() }
    let config = setup.config
    let paths = context.paths
    let interactive = context.stdoutIsTerminal
    // A dumb terminal takes no escape codes and no redrawing: it gets the plain lines.
    let drawLive = interactive && !DisplayStyle.isDumb(context.environment)
    let style = DisplayStyle.resolve(
      ascii: arguments[SharedOptions.ascii], color: setup.color ?? config.color, environment: context.environment,
      isTerminal: interactive)
    let clockTime = context.zone.clockTime
    let readKeys = context.stdinIsTerminal && !arguments[SharedOptions.noInput]
    var listeners: [SessionListener] = []
    var display: LiveDisplay?
    if drawLive {
      let live = LiveDisplay(
        output: context.output, width: context.width, style: style, keyHint: readKeys, clockTime: clockTime)
      display = live
      listeners.append(live)
    } else {
      listeners.append(
        PlainLog(output: context.output, width: context.width, unicode: style.unicode, clockTime: clockTime))
    }
    let notifier =
      (arguments[SharedOptions.noNotify] || !config.notify) ? nil : Notifier.find(environment: context.environment)
    let settings = Alerts.Settings(
      bell: interactive && config.bell && !arguments[SharedOptions.noBell], notifier: notifier, hooks: config.hooks,
      environment: context.environment)
    listeners.append(
      Alerts(settings: settings, output: context.output) { argv, env in Spawner.launch(argv, environment: env) })
    let recorder = JournalRecorder(
      journal: setup.journal, statePath: paths.stateFile, info: info, errors: context.errors)
    listeners.append(recorder)
    // Opened only now, with the session lock held: a live socket is always the running session's.
    let control: ControlServer?
    do {
      let zone = setup.journal.zone
      let pid = Platform.processID
      control = try ControlServer(
        folder: paths.controlFolder,
        makeState: { SessionState(engine: $0, info: info, pid: pid, upcoming: ControlProtocol.upcomingLimit) },
        offset: { zone.offset(at: $0) })
    } catch {
      context.errors.write("pomo: warning: \(error); commands such as 'pomo pause' cannot reach this session\n")
      control = nil
    }
    // Before the lock goes (the defer above runs after this one).
    defer { control?.close() }

    let environment = context.environment
    let output = context.output
    let session = LiveSession(
      engine: SessionEngine(plan: plan, clock: context.clock), listeners: listeners, display: display, readKeys: readKeys,
      columns: { Context.columns(environment, terminal: Platform.terminalColumns(1)) },
      outputClosed: { output.isClosed }, control: control)
    let outcome = session.run()
    return recorder.failed ? ExitCode.failure : outcome.exitCode
  }
}
