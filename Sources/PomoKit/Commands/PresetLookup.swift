import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

/// Finds the preset a command names: a file path, or a name from the catalog.
enum PresetLookup {
  static func catalog(_ context: Context) throws(CLIError) -> PresetCatalog {
    do {
      return try PresetCatalog.load(userDirectory: context.paths.presetsDirectory)
    } catch {
      throw .data(error.description)
    }
  }

  /// A path (anything with a "/" or ending in ".json") is read directly; otherwise a name.
  static func preset(_ argument: String, path: [String], context: Context) throws(CLIError) -> Preset {
    if argument.contains("/") || argument.hasSuffix(".json") {
      do {
        return try PresetCatalog.load(file: argument)
      } catch {
        throw .data(error.description)
      }
    }
    let catalog = try catalog(context)
    if let preset = catalog.preset(named: argument) { return preset }
    var message = "no preset named '\(argument)'"
    if let guess = Suggestion.closest(to: argument, in: catalog.presets.map(\.name)) {
      message += ". Did you mean '\(guess)'?"
    } else {
      message += " (see 'pomo presets')"
    }
    throw .usage(message, command: path)
  }

  /// The plan for `preset`, with `--rounds` applied.
  static func plan(_ preset: Preset, _ arguments: ParsedArguments) -> Plan {
    Plan(preset: preset, rounds: arguments[SharedOptions.rounds])
  }
}
