import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoTerminal

extension Pomo.Presets {
  /// `pomo presets new NAME [--from PRESET]`: a preset file of your own to edit, with the
  /// schema beside it so that editors check and complete it.
  package enum New: Command {
    package static let spec = CommandSpec(
      name: "new",
      abstract: "Start a preset of your own from a copy of another.",
      discussion: """
        Writes $XDG_CONFIG_HOME/pomo/presets/NAME.json (mode 0600), a copy
        of the preset with its name and "$schema": "./preset.schema.json",
        and the schema beside it, so that editors which read JSON Schema
        check and complete the file. An existing file is never overwritten.

        A preset of your own named as a built-in one (in any case: Work is work)
        replaces it everywhere, so such a name is refused unless --replace-built-in
        says that is the point:
          pomo presets new work --replace-built-in
        """,
      arguments: [
        ArgumentSpec(
          "name",
          help:
            "The new preset's name: letters, digits, '.', '_' or '-', at most 64 (a '.json' at the end is left out).")
      ],
      options: [from.spec, replaceBuiltIn.spec])

    static let from = Option<String>.value(
      "from", .preset, help: "The preset to copy: a name or the path of a preset file (default: work).")

    static let replaceBuiltIn = Option<Bool>.flag(
      "replace-built-in", help: "Allow a name that a built-in preset has: your file then replaces it.")

    /// The preset copied when `--from` is not given: the classic Pomodoro.
    static let defaultSource = "work"

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      // The name, not the file's: `work.json` names the preset `work`, as its file would.
      var name = arguments.positionals[0]
      if name.lowercased().hasSuffix(".json") && name.count > 5 { name = String(name.dropLast(5)) }
      guard PresetName.isValid(name), name + ".json" != PresetCatalog.schemaFileName else {
        throw CLIError.usage(
          "invalid preset name '\(name)': use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit",
          command: arguments.path)
      }
      // Compared without case, as the catalog does: `Work` would stand for `work` too.
      let replaced = try builtInNames().first { $0.lowercased() == name.lowercased() }
      if let replaced, !arguments[replaceBuiltIn] {
        let which =
          replaced == name ? "'\(name)' is a built-in preset" : "'\(name)' is the built-in preset '\(replaced)'"
        throw CLIError.failure(
          "\(which), and \(name).json would replace it for every command; "
            + "pass --replace-built-in to do that on purpose, or choose another name")
      }
      let folder = context.paths.presetsDirectory
      let file = folder + "/" + name + ".json"
      // Said before the source is looked up, which reads every user preset; the exclusive
      // create below is what guarantees it.
      if Platform.fileExists(file) { throw alreadyExists(file) }
      var preset = try PresetLookup.preset(
        arguments[from] ?? defaultSource, path: arguments.path, context: context)
      preset.name = name
      do {
        try Platform.makeDirectories(folder)
      } catch {
        throw CLIError.failure("cannot create the folder \(folder): \(error)")
      }
      do {
        try Platform.createNewFile(PresetJSON.render(preset, schema: "./" + PresetCatalog.schemaFileName), at: file)
      } catch  where error.isAlreadyExists {
        throw alreadyExists(file)
      } catch {
        throw CLIError.failure("cannot write \(file): \(error)")
      }
      let schemaFile = folder + "/" + PresetCatalog.schemaFileName
      do {
        try Platform.writeAtomically(PresetCatalog.schema, to: schemaFile)
      } catch {
        throw CLIError.failure("cannot write \(schemaFile): \(error)")
      }
      let source = preset.source == .builtIn ? "the built-in preset" : "the preset"
      let replacing = replaced.map { "; it replaces the built-in '\($0)'" } ?? ""
      context.output.write(
        "Wrote \(TextLayout.inert(file)), a copy of \(source) '\(TextLayout.inert(arguments[from] ?? defaultSource))'"
          + replacing + "\n")
      return ExitCode.success
    }

    static func builtInNames() throws(CLIError) -> [String] {
      do {
        return try PresetCatalog.builtIns().map(\.name)
      } catch {
        throw .data(error.description)
      }
    }

    static func alreadyExists(_ file: String) -> CLIError {
      .failure("\(file) already exists; choose another name, or edit or remove that file")
    }
  }
}
