import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

/// Runs a plan live: what `start` and `resume` share once they know what to run.
enum SessionLauncher {
  static let keysHelp = """
    Keys while running: space pauses and resumes, s skips to the next phase, + adds a
    minute to the current phase, i and e mark an internal or external interruption of
    focus, q quits. Ctrl-Z suspends pomo but not the timer (pause first to stop it):
    after fg, phases that ran out meanwhile end at their time, and until then commands
    from other shells fail, saying so.
    """

  /// Everything checked before a session may claim the state folder: a bad option, config
  /// or journal is an error while nothing runs yet.
  struct Setup {
    var config: Config
    var color: ColorChoice?
    var journal: Journal
    /// `--confirm` or `--no-confirm`: how phases advance this run, whatever the preset says.
    var advance: PhaseAdvance?
    /// `--big` or the config's `"display": "big"`.
    var big: Bool
    /// The speaker command when `--voice` (or the config's `voice`) is on and one was found.
    var speaker: [String]?
    /// The Taskwarrior task the session works on (`start --task tw:12`), annotated at the end.
    var task: TaskwarriorTask?
    /// Whether focus is tracked in Timewarrior too (`"timewarrior": true`, and `timew` found).
    var timewarrior = false
    /// The sounds to play at the end of each kind of phase and the player that plays them,
    /// when both exist.
    var sound: (player: [String], files: [PhaseKind: String])?
    /// The tick's file and the player that plays it, when both exist.
    var tick: (player: [String], file: String)?
    /// The loop played through focus and its player (`"sounds".ambient`), when both exist.
    var ambient: (player: [String], loop: WAVLoop)?
    /// How do-not-disturb is switched during focus (`"dnd"`), when it is on and a backend answered.
    var doNotDisturb: DoNotDisturbBackend?
    /// What setting up warned of (on stderr, a line each, before any display opens), for the
    /// big display to show too: its alternate screen hides what came before it.
    var warnings: [String] = []

    init(_ arguments: ParsedArguments, _ context: Context, journal: Journal) throws(CLIError) {
      color = arguments[SharedOptions.color]
      advance = try SessionLauncher.advance(arguments)
      config = try ConfigAccess.load(context)
      big = arguments[SharedOptions.big] || config.display == .big
      TimeZoneCheck.warn(context)
      self.journal = journal
      // A journal that can never take the record (a folder, a FIFO, a device) is refused now,
      // not discovered when the session ends.
      if let problem = Platform.fileProblem(journal.path) {
        throw .failure("cannot record to the journal \(journal.path): \(problem)")
      }
      Self.warnOfMissingHooks(config.hooks, context)
      let path = context.environment["PATH"]
      if arguments[SharedOptions.voice] || config.voice {
        speaker = VoiceCues.speaker(configured: config.speaker, path: path)
        if speaker == nil {
          let looked = config.speaker.map { "'\($0[0])'" } ?? "espeak-ng, spd-say or say"
          let warning = "no speaker found (\(looked)); the voice cues stay silent"
          context.errors.write("pomo: warning: \(warning)\n")
          warnings.append(warning)
        }
      }
      if config.timewarrior {
        timewarrior = Spawner.find("timew", path: path) != nil
        if !timewarrior {
          context.errors.write("pomo: warning: timew is not found; focus is not tracked in Timewarrior\n")
        }
      }
      doNotDisturb = SessionLauncher.doNotDisturb(config.doNotDisturb, context)
      findSounds(config.sounds, context)
      ambient = SessionLauncher.ambient(config.sounds, context, warnings: &warnings)
    }

    /// A hook that cannot start would fail silently at every phase: say so once.
    private static func warnOfMissingHooks(_ hooks: [HookEvent: [String]], _ context: Context) {
      for event in HookEvent.allCases {
        guard let program = hooks[event]?.first else { continue }
        if Spawner.resolve(program, path: context.environment["PATH"]) == nil {
          context.errors.write(
            "pomo: warning: the \(event.rawValue) hook's program '\(program)' is not found or not executable; it will not run\n"
          )
        }
      }
    }

    /// The sounds to play at the end of each kind of phase and for the tick, with the player
    /// that plays them; a warning for each that cannot play.
    private mutating func findSounds(_ sounds: SoundSettings, _ context: Context) {
      guard !sounds.isEmpty else { return }
      let path = context.environment["PATH"]
      let player = sounds.player.flatMap { Spawner.resolve($0[0], path: path) != nil ? $0 : nil }
      if let player = player ?? (sounds.player == nil ? PhaseSounds.player(path: path) : nil) {
        var files: [PhaseKind: String] = [:]
        var missing = Set<String>()
        let folder = context.paths.cacheDirectory ?? context.paths.stateDirectory
        func file(_ source: SoundSettings.Source) -> String? {
          switch SoundFiles.path(for: source, volume: sounds.volume, folder: folder) {
          case .success(let file) where Platform.fileExists(file): return file
          case .success(let file):
            // One warning a file, though both kinds of phase end with it.
            if missing.insert(file).inserted {
              context.errors.write("pomo: warning: the sound file \(file) is not found; it will not play\n")
            }
          case .failure(let error):
            context.errors.write("pomo: warning: cannot make the sound in \(folder): \(error); it will not play\n")
          }
          return nil
        }
        for kind in PhaseKind.allCases {
          if let source = sounds.end(of: kind), let file = file(source) { files[kind] = file }
        }
        if !files.isEmpty { sound = (player, files) }
        if let source = sounds.tick, let file = file(source) { tick = (player, file) }
      } else {
        let looked = sounds.player.map { "'\($0[0])'" } ?? "pw-play, paplay, aplay, afplay or ffplay"
        context.errors.write("pomo: warning: no sound player found (\(looked)); no sound will play\n")
      }
    }
  }

  /// The do-not-disturb backend that answers, when `"dnd"` is on; one warning when none does.
  static func doNotDisturb(_ settings: DoNotDisturbSettings, _ context: Context) -> DoNotDisturbBackend? {
    guard settings.isOn else { return nil }
    let environment = context.environment
    let found = DoNotDisturbBackend.choose(
      settings, environment: environment, present: { Spawner.resolve($0, path: environment["PATH"]) != nil },
      run: { Spawner.output($0, environment: environment, timeout: .seconds(5), limit: 4096) })
    if found == nil {
      context.errors.write(
        "pomo: warning: \"dnd\" is on, but no do-not-disturb answered (\(DoNotDisturbBackend.looked(settings, environment: environment))); focus runs without it (see \"dnd_commands\" in the configuration)\n"
      )
    }
    return found
  }

  /// `--confirm` or `--no-confirm`, refused together whatever else the command line says
  /// (`--dry-run` too): a mistake is one before anything is printed.
  static func advance(_ arguments: ParsedArguments) throws(CLIError) -> PhaseAdvance? {
    switch (arguments[SharedOptions.confirm], arguments[SharedOptions.noConfirm]) {
    case (true, true): throw .usage("--confirm and --no-confirm cannot be used together", command: arguments.path)
    case (true, false): .confirm
    case (false, true): .auto
    case (false, false): nil
    }
  }

  /// Set in the environment of a session started by `--detach`.
  static let detachedVariable = "POMO_DETACHED"
  /// Where a detached session's stderr goes once it runs, in the state folder.
  static let detachedLogName = "detached.log"

  /// `start --detach`: the same command again, in the background in a session of its own,
  /// with no terminal. Returns once that session holds its lock and runs, or with its error.
  static func detach(plan: Plan, _ arguments: ParsedArguments, _ context: Context) throws(CLIError) -> Int32 {
    guard let program = context.programPath ?? Detach.executablePath() else {
      throw .failure("'--detach' is not supported on this system")
    }
    var environment = context.environment
    environment[detachedVariable] = "1"
    let argv = [program] + arguments.path.dropFirst() + arguments.words.filter { $0 != "--detach" }
    let child: (pid: Int32, stderr: Int32)
    do {
      child = try Detach.spawn(argv, environment: environment)
    } catch {
      throw .failure("cannot start a session in the background: \(error)")
    }
    // What the background session says before it runs (a warning, or why it cannot) is ours.
    guard Detach.awaitReady(child.stderr, forward: { context.errors.write($0) }) else {
      return Detach.waitForExit(child.pid)
    }
    context.output.write(
      PlanText.header(plan) + "\n"
        + "Running in the background (pid \(child.pid)): 'pomo attach' shows it live, 'pomo status --follow' "
        + "follows it, 'pomo stop' ends it.\n")
    return ExitCode.success
  }

  /// Runs the session while holding the state folder's `lock`; returns the exit status.
  /// With `endsAt` (`--until`, `@14:30`), the plan is cut again just before it starts, so it
  /// ends at that instant to the millisecond, whatever the setting up took. With `ago`
  /// (`--ago`), the session began that long before it starts.
  ///
  /// The listeners are made in the order they hear each event; what each step opens is closed
  /// by the defers here, last opened first, the lock last of all.
  static func run(
    plan: Plan, info: SessionInfo, setup: Setup, lock: FileLock, endsAt: Double? = nil, ago: Duration = .zero,
    _ arguments: ParsedArguments, _ context: Context
  ) -> Int32 {
    defer { lock.release() }
    // The bridges' last commands run before the lock goes, so two sessions' never mix (the
    // defers run last first; a `pomo start` meanwhile waits for the ending session).
    var bridges: BridgeQueue?
    defer { bridges?.finish() }
    // A record longer than a journal line may be would be refused at the end: refuse the
    // session now, before a second of it runs.
    if let problem = RecordSize.problem(plan: plan, info: info) {
      context.errors.write("Error: \(problem)\n")
      return ExitCode.usage
    }
    let plan = fitted(plan, setup: setup, endsAt: endsAt, ago: ago, context)
    var info = info
    info.planCount = plan.phases.count
    info.timewarrior = setup.timewarrior
    let screen = Screen(setup: setup, arguments, context)
    var listeners: [SessionListener] = []
    let display = addDisplay(screen, setup: setup, context, to: &listeners)
    let notifications = !arguments[SharedOptions.noNotify] && setup.config.notify
    let notifier = notifications ? Notifier.find(environment: context.environment) : nil
    let desktop = notifications ? openDesktopNotifications(context) : nil
    defer { desktop?.close() }
    let terminal = TerminalSignalSettings.resolve(
      title: setup.config.terminalTitle, notify: setup.config.terminalNotify, progress: setup.config.terminalProgress,
      notifications: notifications,
      hasNotifier: desktop != nil || Notifier.find(environment: context.environment) != nil,
      liveTerminal: screen.drawLive, environment: context.environment)
    let signals = addTerminalSignals(terminal, screen, context, to: &listeners)
    // Do-not-disturb goes in here, before the alerts, once the recorder that keeps its mark exists.
    let alertsAt = listeners.count
    let bell = screen.interactive && setup.config.bell && !arguments[SharedOptions.noBell]
    addAlerts(
      bell: bell, notifier: notifier, terminal: terminal, desktop: desktop, info: info, setup: setup, context,
      to: &listeners)
    let control = openControl(info: &info, setup: setup, context)
    // Before the lock goes (the defer above runs after this one).
    defer { control?.close() }
    let recorder = JournalRecorder(
      journal: setup.journal, statePath: context.paths.stateFile, info: info, errors: context.errors)
    // It keeps the record (`keepsRecord`): the event loop tells it first, so the state file
    // ('pomo status') and the journal are up to date however long a do-not-disturb command takes.
    listeners.append(recorder)
    bridges = bridgeQueue(setup, context)
    if let bridges { listeners.append(bridges) }
    let doNotDisturb = doNotDisturbSwitch(setup, recorder: recorder, context)
    if let doNotDisturb { listeners.insert(doNotDisturb, at: alertsAt) }
    // Whatever way the session ends, nothing pomo switched stays switched.
    defer { doNotDisturb?.close() }
    let letGoOfInhibitors = addInhibitors(plan: plan, setup: setup, context, to: &listeners)
    defer { letGoOfInhibitors() }
    let ambient = addAmbient(setup, context, to: &listeners)
    defer { ambient?.close() }
    if context.environment[detachedVariable] != nil {
      listeners.append(DetachedStart(log: context.paths.stateDirectory + "/" + detachedLogName))
    }
    let bank = bankedBreak(plan, setup, context)
    let desk = openDesk(setup.config, context)
    defer { desk?.close() }
    let music = musicFollower(setup.config, context)
    defer { music?.close() }
    let session = liveSession(
      plan: plan, info: info, config: setup.config, ago: ago, endsAt: endsAt, bank: bank, screen: screen,
      listeners: listeners,
      display: display, signals: signals, controls: [control as SessionControl?, desktop, desk, music].compactMap { $0 },
      context)
    let outcome = session.run()
    return recorder.failed ? ExitCode.failure : outcome.exitCode
  }

  /// How this run shows the session: in the terminal live, or as plain lines, in what style,
  /// and whether it reads keys.
  private struct Screen {
    let interactive: Bool
    /// A dumb terminal takes no escape codes and no redrawing: it gets the plain lines.
    let drawLive: Bool
    let style: DisplayStyle
    let readKeys: Bool

    init(setup: Setup, _ arguments: ParsedArguments, _ context: Context) {
      interactive = context.stdoutIsTerminal
      drawLive = interactive && !DisplayStyle.isDumb(context.environment)
      style = DisplayStyle.resolve(
        ascii: arguments[SharedOptions.ascii], color: setup.color ?? setup.config.color,
        environment: context.environment, isTerminal: interactive)
      readKeys = context.stdinIsTerminal && !arguments[SharedOptions.noInput]
    }
  }

  /// The plan as this run has it: cut to end at `endsAt`, advancing and warning as the
  /// command line and the config say.
  private static func fitted(
    _ plan: Plan, setup: Setup, endsAt: Double?, ago: Duration, _ context: Context
  ) -> Plan {
    var plan = plan
    if let endsAt {
      let left = Duration.milliseconds(Int64(((endsAt - context.clock.wallSeconds()) * 1000).rounded(.up)))
      plan = plan.cut(to: max(.milliseconds(1), left + ago))
    }
    if let advance = setup.advance { plan.setAdvance(advance) }
    if let warn = setup.config.warnBefore { plan.warn(before: warn) }
    return plan
  }

  /// The big display, the live line or the plain log, as a listener; the live view, if any.
  private static func addDisplay(
    _ screen: Screen, setup: Setup, _ context: Context, to listeners: inout [SessionListener]
  ) -> (any LiveView)? {
    let clockTime = context.zone.clockTime
    if screen.drawLive && setup.big {
      let big = BigDisplay(
        output: context.output, columns: context.width, rows: Context.rows(context.environment) ?? 24,
        style: screen.style, keyHint: screen.readKeys, clockTime: clockTime)
      big.notices = setup.warnings.map { "warning: " + $0 }
      listeners.append(big)
      return big
    } else if screen.drawLive {
      let live = LiveDisplay(
        output: context.output, width: context.width, style: screen.style, keyHint: screen.readKeys,
        clockTime: clockTime)
      listeners.append(live)
      return live
    }
    listeners.append(
      PlainLog(output: context.output, width: context.width, unicode: screen.style.unicode, clockTime: clockTime))
    return nil
  }

  /// Notifications with buttons where the session bus has a server that shows them; else
  /// notify-send as before, with one line only when a bus was named but cannot be reached.
  private static func openDesktopNotifications(_ context: Context) -> DesktopNotifications? {
    switch DesktopNotifications.open(environment: context.environment) {
    case .success(let opened): return opened
    case .failure(.unreachable(let error)):
      let problem = DesktopNotifications.OpenError.unreachable(error)
      context.errors.write("pomo: warning: \(problem); notifications have no buttons\n")
      return nil
    case .failure: return nil
    }
  }

  /// The terminal's title and progress, when either is on, as a listener.
  private static func addTerminalSignals(
    _ settings: TerminalSignalSettings, _ screen: Screen, _ context: Context, to listeners: inout [SessionListener]
  ) -> TerminalSignals? {
    guard settings.title || settings.progress else { return nil }
    let listener = TerminalSignals(output: context.output, settings: settings, unicode: screen.style.unicode)
    listeners.append(listener)
    return listener
  }

  /// The alerts (bell, notifications, hooks), then the voice, the phase sounds and the tick.
  /// The voice and the sound start their programs as hooks do: at once, never waited for.
  private static func addAlerts(
    bell: Bool, notifier: String?, terminal: TerminalSignalSettings, desktop: DesktopNotifications?,
    info: SessionInfo, setup: Setup, _ context: Context, to listeners: inout [SessionListener]
  ) {
    let settings = Alerts.Settings(
      bell: bell, notifier: notifier, hooks: setup.config.hooks, environment: context.environment, terminal: terminal,
      cueBell: setup.speaker == nil, sessionID: info.id, task: info.task ?? setup.task.map { "tw:" + $0.reference })
    listeners.append(
      Alerts(settings: settings, output: context.output, desktop: desktop) { argv, env, input in
        Spawner.launch(argv, environment: env, input: input)
      })
    let environment = context.environment
    if let speaker = setup.speaker {
      listeners.append(VoiceCues { Spawner.launch(speaker + [Spawner.inertText($0)], environment: environment) })
    }
    if let sound = setup.sound {
      listeners.append(
        PhaseSounds(files: sound.files) {
          Spawner.launch(sound.player + [Spawner.inertPath($0)], environment: environment)
        })
    }
    if let tick = setup.tick {
      // pomo's own tick is a minute of ticks, started each minute; a file of one's own, each second.
      let own = setup.config.sounds.tick.map { if case .builtIn = $0 { true } else { false } } ?? false
      listeners.append(
        TickSound(file: tick.file, period: own ? .seconds(SoundSynth.ticksPerFile) : .seconds(1)) {
          ChildProcess.start(tick.player + [Spawner.inertPath($0)], environment: environment)
        })
    }
  }

  /// The session's control socket, opened only now, with the session lock held: a live socket
  /// is always the running session's. Before the recorder, so that the state file (`info`)
  /// says why when there is none.
  private static func openControl(info: inout SessionInfo, setup: Setup, _ context: Context) -> ControlServer? {
    do {
      let zone = setup.journal.zone
      let pid = Platform.processID
      let stateInfo = info
      return try ControlServer(
        folder: context.paths.controlFolder, stateFolder: context.paths.controlKey,
        makeState: { SessionState(engine: $0, info: stateInfo, pid: pid, upcoming: ControlProtocol.upcomingLimit) },
        offset: { zone.offset(at: $0) })
    } catch {
      context.errors.write(
        "pomo: warning: this session has no control socket: \(error); 'pomo pause', 'pomo stop' and 'pomo status --follow' cannot reach it\n"
      )
      info.controlProblem = error.description
      return nil
    }
  }

  /// The bridges to other programs (Taskwarrior, Timewarrior), on a thread of their own, in
  /// order (`BridgeQueue`); nil when there are none.
  private static func bridgeQueue(_ setup: Setup, _ context: Context) -> BridgeQueue? {
    let environment = context.environment
    var bridged: [SessionListener] = []
    if let task = setup.task {
      bridged.append(TaskwarriorAnnotation(task: task) { Spawner.run(["task"] + $0, environment: environment) })
    }
    if setup.timewarrior {
      bridged.append(
        TimewarriorBridge(
          run: { Spawner.output(["timew"] + $0, environment: environment, timeout: .seconds(10), limit: 4096)?.status },
          output: { words in
            Spawner.output(["timew"] + words, environment: environment).flatMap { $0.status == 0 ? $0.output : nil }
          },
          warn: { [errors = context.errors] in errors.write($0 + "\n") }))
    }
    return bridged.isEmpty ? nil : BridgeQueue(bridged)
  }

  /// What switches do-not-disturb during focus, when a backend answered; the recorder keeps
  /// its mark, so a crashed session's switch is turned back.
  private static func doNotDisturbSwitch(
    _ setup: Setup, recorder: JournalRecorder, _ context: Context
  ) -> DoNotDisturb? {
    guard let backend = setup.doNotDisturb else { return nil }
    let environment = context.environment
    let errors = context.errors
    return DoNotDisturb(
      backend: backend, kinds: setup.config.doNotDisturb.kinds,
      run: { Spawner.output($0, environment: environment, timeout: .seconds(5), limit: 4096) },
      mark: { [unowned recorder] mark, engine in recorder.mark(doNotDisturb: mark, engine) },
      warn: { errors.write($0 + "\n") })
  }

  /// Away from the desk: on Linux logind on the system bus (lock, idle, sleep); on macOS the
  /// screen lock's notifications. No system bus (a container, a console) or no logind is
  /// silently nothing; a bus that DBUS_SYSTEM_BUS_ADDRESS names but that cannot be reached
  /// gives one warning, as the session bus does.
  private static func openDesk(_ config: Config, _ context: Context) -> SessionControl? {
    #if canImport(Darwin)
      return ScreenLockAway()
    #else
      switch LogindAway.open(
        environment: context.environment, idleAfter: config.away.idleAfter, processID: UInt32(Platform.processID))
      {
      case .success(let opened): return opened
      case .failure(.noBus(let error)) where !(context.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? "").isEmpty:
        context.errors.write(
          "pomo: warning: the system bus cannot be reached: \(error); locking, idleness and sleep are not heard "
            + "('pomo away' and 'pomo back' still work)\n")
        return nil
      case .failure: return nil
      }
    #endif
  }

  /// Break time banked earlier today goes to the first rest an open focus earns (Third Time).
  private static func bankedBreak(_ plan: Plan, _ setup: Setup, _ context: Context) -> Duration {
    guard let cap = setup.config.breakBankCap, plan.earnedRest != nil, plan.hasOpenPhase else { return .zero }
    return BreakBankSource.today(
      setup.journal, context, config: setup.config, cap: cap, now: context.clock.wallSeconds()
    ).duration
  }

  /// The event loop over the engine, its listeners and the ways commands come in.
  private static func liveSession(
    plan: Plan, info: SessionInfo, config: Config, ago: Duration, endsAt: Double?, bank: Duration, screen: Screen,
    listeners: [SessionListener], display: (any LiveView)?, signals: TerminalSignals?, controls: [SessionControl],
    _ context: Context
  ) -> LiveSession {
    let output = context.output
    let environment = context.environment
    return LiveSession(
      // With no keys read, nobody can answer a last phase's question for reps: it is not waited for.
      engine: SessionEngine(
        plan: plan, clock: context.clock, asksAtEnd: screen.readKeys, startedAgo: ago, tags: info.tags,
        note: info.note, bank: bank, away: config.away, endsAt: endsAt
      ).reminding(every: config.remind),
      listeners: listeners,
      display: display,
      terminalSignals: signals, readKeys: screen.readKeys,
      columns: { Context.columns(environment, terminal: Platform.terminalColumns(1)) },
      rows: { Context.rows(environment) },
      outputClosed: { output.isClosed }, controls: controls)
  }
}
