extension Pomo {
  /// `pomo start NAME`: runs a preset's phases live in the terminal.
  public enum Start: Command {
    public static let spec = CommandSpec(
      name: "start",
      abstract: "Start a session from a preset.",
      discussion: """
        Keys while running: space pauses and resumes, s skips to the next phase, + adds a
        minute to the current phase, q quits. Ctrl-Z suspends; fg resumes.

        When stdout is not a terminal, pomo prints one plain line per phase start and end
        instead of the live display.

        Examples:
          pomo start work
          pomo start hiit --rounds 8
          pomo start ~/my-preset.json --dry-run
        """,
      arguments: [ArgumentSpec("preset", help: "A preset's name (see 'pomo presets') or the path of a preset file.")],
      options: [
        SharedOptions.rounds,
        OptionSpec("dry-run", help: "Print the expanded plan and exit; nothing runs and nothing is recorded."),
        OptionSpec("color", value: "when", help: "Colour the display: auto, always or never (default: auto; NO_COLOR turns it off)."),
        OptionSpec("ascii", help: "Draw the bar with ASCII characters (the default when the locale is not UTF-8)."),
        OptionSpec("no-bell", help: "Do not ring the terminal bell at phase changes."),
        OptionSpec("no-notify", help: "Do not send desktop notifications."),
        OptionSpec("no-input", help: "Do not read keys from the terminal."),
      ])

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let preset = try PresetLookup.preset(arguments.positionals[0], path: arguments.path, context: context)
      let plan = try PresetLookup.plan(preset, arguments)
      let colorOption = try arguments.choice("color", Config.colorChoices)
      if arguments.flag("dry-run") {
        context.output.write(PlanText.render(plan, width: context.width))
        return ExitCode.success
      }
      let config: Config
      do {
        config = try Config.load(path: context.paths.configFile)
      } catch {
        throw CLIError.data(error.description)
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
      listeners.append(Alerts(settings: settings, output: context.output) { argv, env in Spawner.launch(argv, environment: env) })

      let engine = SessionEngine(plan: plan, clock: .system)
      let environment = context.environment
      let session = LiveSession(
        engine: engine, listeners: listeners, display: display,
        readKeys: readKeys,
        columns: {
          if let text = environment["COLUMNS"], let n = Int(text), n > 0 { return n }
          return Platform.terminalColumns(1)
        })
      return session.run().exitCode
    }
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
