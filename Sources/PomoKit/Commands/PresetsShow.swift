extension Pomo.Presets {
  /// `pomo presets show NAME`: the expanded plan of one preset.
  public enum Show: Command {
    public static let spec = CommandSpec(
      name: "show",
      abstract: "Show a preset's plan: every phase with its start, duration, kind and round.",
      arguments: [ArgumentSpec("preset", kind: .preset, help: "A preset's name (see 'pomo presets') or the path of a preset file.")],
      options: [SharedOptions.rounds.spec])

    public static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let preset = try PresetLookup.preset(arguments.positionals[0], path: arguments.path, context: context)
      let plan = PresetLookup.plan(preset, arguments)
      context.output.write(PlanText.render(plan, width: context.width))
      return ExitCode.success
    }
  }
}
