import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo {
  /// `pomo presets`: every preset, built-in and the user's.
  package enum Presets: Command {
    package static let spec = CommandSpec(
      name: "presets",
      abstract: "List the presets: built-in ones and your own.",
      discussion: """
        Your presets are the *.json files in $XDG_CONFIG_HOME/pomo/presets (by default
        ~/.config/pomo/presets). One with the same name as a built-in preset replaces it.
        'pomo presets new NAME' starts one from a copy of another.
        """)

    package static var subcommands: [CommandNode] { [Show.node, New.node, Schema.node] }

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      let catalog = try PresetLookup.catalog(context)
      let text = PresetListText.render(
        catalog.presets, width: context.width, home: context.paths.home, unicode: context.unicode)
      context.output.write(text)
      return ExitCode.success
    }
  }
}

/// The table `pomo presets` prints: every field whole where the width has no limit; where it
/// has one, long names and paths are cut (a path keeps its file name) and the description
/// takes the rest of the line, or a line of its own under the preset.
enum PresetListText {
  static let table = TextTable(
    [
      .init("NAME", cut: .end(soft: 24, floor: 10)), .init("ROUNDS", alignLeft: false), .init("TOTAL"),
      .init("SOURCE", cut: .start(soft: 30, floor: 12)),
    ], free: "DESCRIPTION", freeFloor: 20)

  static func render(_ presets: [Preset], width: Int, home: String, unicode: Bool) -> String {
    let rows = presets.map { preset -> [String] in
      let plan = Plan(preset: preset)
      let source = TextLayout.abbreviateHome(preset.source.label, home: home)
      return [preset.name, "\(preset.rounds)", plan.hasOpenPhase ? "open" : TimeText.short(plan.total), source, preset.description]
    }
    return table.render(rows, width: width, unicode: unicode)
  }
}
