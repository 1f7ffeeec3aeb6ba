import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

extension Pomo.Presets {
  /// `pomo presets schema`: the JSON Schema for preset files, as carried in the binary.
  package enum Schema: Command {
    package static let spec = CommandSpec(
      name: "schema",
      abstract: "Print the JSON Schema (draft 2020-12) for preset files.",
      discussion: """
        The schema accepts exactly the files pomo accepts, but for duplicate
        keys, which are always an error. 'pomo presets new' keeps a copy of
        it beside your presets.
        """)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      context.output.write(PresetCatalog.schema)
      return ExitCode.success
    }
  }
}
