import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo.Presets {
  /// `pomo presets show NAME [--json]`: the expanded plan of one preset, or its JSON.
  package enum Show: Command {
    package static let spec = CommandSpec(
      name: "show",
      abstract: "Show a preset's plan: each phase's start, duration, kind and round.",
      discussion: """
        With --json, print the preset as a preset file instead: canonical
        JSON (keys in a fixed order, exact durations, defaults left out)
        that loads back to the same plan.
        """,
      arguments: [ArgumentSpec("preset", kind: .preset, help: "A preset's name (see 'pomo presets') or the path of a preset file.")],
      options: [SharedOptions.rounds.spec, json.spec])

    static let json = Option<Bool>.flag(
      "json", help: "Print the preset's JSON (with --rounds, that many rounds) instead of its plan.")

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      var preset = try PresetLookup.preset(arguments.positionals[0], path: arguments.path, context: context)
      if arguments[json] {
        if let rounds = arguments[SharedOptions.rounds] { preset.rounds = rounds }
        context.writeJSON(PresetJSON.render(preset))
        return ExitCode.success
      }
      let plan = PresetLookup.plan(preset, arguments)
      context.output.write(PlanText.render(plan, width: context.width, unicode: context.unicode))
      return ExitCode.success
    }
  }
}
