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
