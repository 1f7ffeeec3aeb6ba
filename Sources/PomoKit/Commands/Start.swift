extension Pomo {
  /// `pomo start NAME`: runs a preset's phases live in the terminal.
  public enum Start: Command {
    public static let spec = CommandSpec(
      name: "start",
      abstract: "Start a session from a preset.",
      discussion: """
        Examples:
          pomo start work
          pomo start hiit --rounds 8
          pomo start ~/my-preset.json --dry-run
        """,
      arguments: [ArgumentSpec("preset", help: "A preset's name (see 'pomo presets') or the path of a preset file.")],
      options: [
        SharedOptions.rounds,
        OptionSpec("dry-run", help: "Print the expanded plan and exit; nothing runs and nothing is recorded."),
      ])

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let preset = try PresetLookup.preset(arguments.positionals[0], path: arguments.path, context: context)
      let plan = try PresetLookup.plan(preset, arguments)
      if arguments.flag("dry-run") {
        context.output.write(PlanText.render(plan, width: context.width))
        return ExitCode.success
      }
      throw CLIError.failure("running sessions is not built yet; use --dry-run")
    }
  }
}
