/// Runs a plan live: what `start` and `resume` share once they know what to run.
enum SessionLauncher {
  static let keysHelp = """
    Keys while running: space pauses and resumes, s skips to the next phase, + adds a
    minute to the current phase, q quits. Ctrl-Z suspends; fg resumes.
    """

  static func run(plan: Plan, info: SessionInfo, _ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
    let colorOption = try arguments.choice("color", Config.colorChoices)
    let config: Config
    do {
      config = try Config.load(path: context.paths.configFile)
    } catch {
      throw CLIError.data(error.description)
    }
    let paths = context.paths
    if let running = SessionState.read(path: paths.stateFile), Platform.pomoIsRunning(pid: running.pid),
      running.record.host == Platform.hostName()
    {
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
      let live = LiveDisplay(output: context.output, width: context.width, style: style, keyHint: readKeys, clockTime: clockTime)
      display = live
      listeners.append(live)
    } else {
      listeners.append(PlainLog(output: context.output, width: context.width, clockTime: clockTime))
    }
    let notifier = (arguments.flag("no-notify") || !config.notify) ? nil : Notifier.find(environment: context.environment)
    let settings = Alerts.Settings(
      bell: interactive && config.bell && !arguments.flag("no-bell"), notifier: notifier, hooks: config.hooks,
      environment: context.environment)
    listeners.append(Alerts(settings: settings, output: context.output) { argv, env in Spawner.launch(argv, environment: env) })
    let recorder = JournalRecorder(
      journal: Journal(path: paths.journal(override: arguments.value("journal"))), statePath: paths.stateFile, info: info,
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

/// The desktop notifier of this system, if it has one.
enum Notifier {
  static func find(environment: [String: String]) -> String? {
    #if canImport(Darwin)
      return Spawner.find("osascript", path: environment["PATH"])
    #else
      return Spawner.find("notify-send", path: environment["PATH"])
    #endif
  }
}

/// Reading the journal the way every command does: recover a crashed session first, warn
/// about damaged lines (or fail on them with --strict).
enum JournalAccess {
  static func journal(_ arguments: ParsedArguments, _ context: Context) -> Journal {
    Journal(path: context.paths.journal(override: arguments.value("journal")))
  }

  /// Records a session left behind by a pomo that died, and says so in one line.
  static func recover(_ journal: Journal, _ context: Context) {
    if let message = Recovery.recoverStale(statePath: context.paths.stateFile, journal: journal) {
      context.errors.write(message + "\n")
    }
  }

  static func forEach(
    _ journal: Journal, strict: Bool, _ context: Context, _ body: (JournalRecord, ArraySlice<UInt8>) -> Void
  ) throws(CLIError) {
    var firstBad: Journal.BadLine?
    do {
      try journal.forEach(
        bad: { line in
          if firstBad == nil { firstBad = line }
          if !strict {
            context.errors.write("pomo: warning: \(journal.path):\(line.number): skipped a damaged line: \(line.reason)\n")
          }
        }, body)
    } catch {
      throw .failure("cannot read the journal \(journal.path): \(error)")
    }
    if strict, let bad = firstBad {
      throw .data("\(journal.path):\(bad.number): damaged line: \(bad.reason)")
    }
  }
}
