import PomoReport
import PomoJournal
import PomoTerminal
import PomoCore
import PomoPlatform

/// Finds the preset a command names: a file path, or a name from the catalog.
enum PresetLookup {
  /// The catalog, after a warning for each user file it skipped (`pomo: warning: skipped
  /// FILE:LINE:COLUMN: …`), except for the preset `name`'s own file, whose error the caller
  /// reports instead. Call it once per command, so each warning is said once.
  static func catalog(_ context: Context, for name: String? = nil) throws(CLIError) -> PresetCatalog {
    let catalog: PresetCatalog
    do {
      catalog = try PresetCatalog.load(userDirectory: context.paths.presetsDirectory)
    } catch {
      throw .data(error.description)
    }
    let own = name.flatMap(catalog.problem(named:))
    // A session started with --detach runs this again in the background, where the warnings
    // would reach the person a second time.
    let detached = context.environment[SessionLauncher.detachedVariable] != nil
    for problem in catalog.skipped where problem != own && !detached {
      context.errors.write("pomo: warning: skipped \(TextLayout.inert(problem.description))\n")
    }
    return catalog
  }

  /// What a word after `pomo start` names, in this order: a preset file (a word with a "/"
  /// or ending in ".json", when such a file exists), a preset's name, then a quick timer
  /// (`25m`, `40s/20s`). So a preset named `25m` wins over the timer, and a file named
  /// `50m/10m` over the timer it looks like. `timer` gives the quick timer's options.
  static func preset(
    _ argument: String, path: [String], context: Context, timer: QuickTimerOptions = .init()
  ) throws(CLIError) -> Preset {
    let looksLikeFile = argument.contains("/") || argument.hasSuffix(".json")
    if looksLikeFile && (Platform.fileExists(argument) || !QuickTimer.looksLikeTimer(argument)) {
      let preset: Preset
      do {
        preset = try PresetCatalog.load(file: argument)
      } catch {
        throw .data(error.description)
      }
      return try timer.checkedForPreset(preset, path: path)
    }
    let catalog = looksLikeFile ? nil : try catalog(context, for: argument)
    if let problem = catalog?.problem(named: argument) { throw .data(problem.description) }
    if let preset = catalog?.preset(named: argument) { return try timer.checkedForPreset(preset, path: path) }
    let problem: QuickTimer.Problem
    switch QuickTimer.parse(argument) {
    case .success(let quick): return try timer.preset(quick, path: path)
    case .failure(let failure): problem = failure
    }
    if problem != .notATimer { throw .usage(problem.message(for: argument), command: path) }
    var message = "no preset named '\(argument)'"
    if let guess = Suggestion.closest(to: argument, in: catalog?.presets.map(\.name) ?? []) {
      message += ". Did you mean '\(guess)'?"
    } else {
      message += " (see 'pomo presets'), and not a timer like 25m or 40s/20s"
    }
    throw .usage(message, command: path)
  }

  /// The plan for `preset`, with `--rounds` applied.
  static func plan(_ preset: Preset, _ arguments: ParsedArguments) -> Plan {
    Plan(preset: preset, rounds: arguments[SharedOptions.rounds])
  }
}
