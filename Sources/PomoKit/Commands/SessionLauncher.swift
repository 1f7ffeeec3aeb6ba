/// Runs a plan live: what `start` and `resume` share once they know what to run.
enum SessionLauncher {
  static let keysHelp = """
    Keys while running: space pauses and resumes, s skips to the next phase, + adds a
    minute to the current phase, q quits. Ctrl-Z suspends; fg resumes.
    """

  static func run(plan: Plan, info: SessionInfo, _ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
    let colorOption = try arguments.choice("color", Config.colorChoices)
    let config = try ConfigAccess.load(context)
    TimeZoneCheck.warn(context)
    let paths = context.paths
    if let running = SessionState.read(path: paths.stateFile), running.isRunningHere {
      throw CLIError.failure(
        "a session is already running (\(running.record.preset), pid \(running.pid)); see 'pomo status'")
    }

    let interactive = context.stdoutIsTerminal
    let style = DisplayStyle(
      unicode: !arguments.flag("ascii") && DisplayStyle.localeIsUTF8(context.environment),
      color: DisplayStyle.resolveColor(
        option: colorOption ?? config.color, environment: context.environment, isTerminal: interactive))
    let clockTime = Platform.localClockTime
    let readKeys = context.stdinIsTerminal && !arguments.flag("no-input")
    var listeners: [SessionListener] = []
    var display: LiveDisplay?
    if interactive {
      let live = LiveDisplay(
        output: context.output, width: context.width, style: style, keyHint: readKeys, clockTime: clockTime)
      display = live
      listeners.append(live)
    } else {
      listeners.append(PlainLog(output: context.output, width: context.width, clockTime: clockTime))
    }
    let notifier =
      (arguments.flag("no-notify") || !config.notify) ? nil : Notifier.find(environment: context.environment)
    let settings = Alerts.Settings(
      bell: interactive && config.bell && !arguments.flag("no-bell"), notifier: notifier, hooks: config.hooks,
      environment: context.environment)
    listeners.append(
      Alerts(settings: settings, output: context.output) { argv, env in Spawner.launch(argv, environment: env) })
    let recorder = JournalRecorder(
      journal: Journal(path: paths.journal(override: arguments.value("journal"))), statePath: paths.stateFile,
      info: info,
      errors: context.errors)
    listeners.append(recorder)

    let environment = context.environment
    let session = LiveSession(
      engine: SessionEngine(plan: plan, clock: .system), listeners: listeners, display: display, readKeys: readKeys,
      columns: {
        if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
        return Platform.terminalColumns(1)
      })
    let outcome = session.run()
    return recorder.failed ? ExitCode.failure : outcome.exitCode
  }
}
