import PomoPlatform

/// Every preset pomo knows: the built-ins carried in the binary, then the user's files.
///
/// A user preset with the same name as a built-in, in any case, replaces it. A user file that cannot be
/// used never blocks the others: it is skipped with a warning, and only its own name is an
/// error (so a broken `work.json` does not quietly fall back to the built-in `work`).
package struct PresetCatalog: Sendable {
  package private(set) var presets: [Preset]
  /// Why user files were skipped, in file order: one that could not be read (a dangling link,
  /// a folder named `x.json`, a FIFO, a file too large or not readable), parsed or named, and
  /// two files claiming one name. Commands print each as a warning.
  package private(set) var skipped: [DataFileError]
  /// The names those files stand for (the file name without `.json`, or the name two files
  /// claim), each with its file's error: asking for one of them is that error.
  package private(set) var unusable: [String: DataFileError]

  package init(presets: [Preset], skipped: [DataFileError] = [], unusable: [String: DataFileError] = [:]) {
    self.presets = presets.sorted { $0.name < $1.name }
    self.skipped = skipped
    self.unusable = unusable
  }

  /// Why the preset `name` cannot be used, when a skipped file stands for it.
  package func problem(named name: String) -> DataFileError? { unusable[name] }

  /// The JSON Schema's file name, in `Presets/` and beside the user's presets.
  package static let schemaFileName = "preset.schema.json"

  /// The JSON Schema for preset files, embedded at build time.
  package static var schema: String { BuiltinPresetFiles.schema }

  /// The built-in presets' names, in the order `pomo presets` lists them: each is its embedded
  /// file's name (a built-in file has no "name" of its own), so help can list them without
  /// parsing a preset.
  package static var builtInNames: [String] { BuiltinPresetFiles.all.map(\.name).sorted() }

  /// The built-in presets, parsed from the files embedded at build time.
  package static func builtIns() throws(DataFileError) -> [Preset] {
    var result: [Preset] = []
    for file in BuiltinPresetFiles.all {
      let decoder = PresetDecoder(file: "Presets/\(file.name).json")
      result.append(try decoder.decode(file.text, defaultName: file.name, source: .builtIn))
    }
    return result
  }

  /// Loads built-ins and every `*.json` in `userDirectory` (which may not exist). Only a
  /// built-in that does not parse (a broken build) is thrown; a user file's problem is kept
  /// in `skipped` and `unusable`.
  package static func load(userDirectory: String?) throws(DataFileError) -> PresetCatalog {
    var byName: [String: Preset] = [:]
    for preset in try builtIns() { byName[preset.name] = preset }
    var userNames: [String: String] = [:]
    var (users, skipped, unusable) = userPresets(in: userDirectory)
    for preset in users {
      if let other = userNames[preset.name] {
        // Either choice would surprise someone: neither is used.
        let error = DataFileError(
          file: preset.source.label,
          message: "two user presets are named \"\(preset.name)\" (the other is \(other)); rename one")
        skipped.append(error)
        unusable[preset.name] = error
        continue
      }
      userNames[preset.name] = preset.source.label
      // A built-in's name is taken in any case: `Work.json` replaces `work`.
      for builtIn in byName.keys where builtIn != preset.name && builtIn.lowercased() == preset.name.lowercased() {
        if byName[builtIn]?.source == .builtIn { byName[builtIn] = nil }
      }
      byName[preset.name] = preset
    }
    for name in unusable.keys { byName[name] = nil }
    return PresetCatalog(presets: Array(byName.values), skipped: skipped, unusable: unusable)
  }

  /// The preset of this name; else the one preset whose name differs only in case (`work`
  /// finds a `Work.json` that replaced the built-in).
  package func preset(named name: String) -> Preset? {
    if let exact = presets.first(where: { $0.name == name }) { return exact }
    let folded = presets.filter { $0.name.lowercased() == name.lowercased() }
    return folded.count == 1 ? folded[0] : nil
  }

  /// Reads one preset file. The preset's name defaults to the file name without `.json`.
  package static func load(file path: String) throws(DataFileError) -> Preset {
    try decode(try read(file: path), file: path)
  }

  private static func read(file path: String) throws(DataFileError) -> [UInt8] {
    do {
      return try Platform.readFile(path)
    } catch {
      throw DataFileError(file: path, message: "cannot read the file: \(error)")
    }
  }

  private static func decode(_ bytes: [UInt8], file path: String) throws(DataFileError) -> Preset {
    var stem = Substring(path.split(separator: "/").last ?? "")
    if stem.hasSuffix(".json") { stem = stem.dropLast(5) }
    return try PresetDecoder(file: path).decode(bytes, defaultName: String(stem), source: .file(path))
  }

  private static func userPresets(in directory: String?) -> (
    [Preset], skipped: [DataFileError], unusable: [String: DataFileError]
  ) {
    guard let directory else { return ([], [], [:]) }
    guard let names = Platform.listDirectory(directory) else { return ([], [], [:]) }  // No folder, no user presets.
    var result: [Preset] = []
    var skipped: [DataFileError] = []
    var unusable: [String: DataFileError] = [:]
    // The schema that `pomo presets new` keeps beside the presets is not one of them.
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") && name != schemaFileName {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      let stem = String(name.dropLast(5))
      do throws(DataFileError) {
        let preset = try decode(try read(file: path), file: path)
        if preset.name == stem, !PresetName.isValid(stem) {
          throw DataFileError(
            file: path, message: "the file name is not a valid preset name; use letters, digits, '.', '_' or '-'")
        }
        result.append(preset)
      } catch {
        skipped.append(error)
        if unusable[stem] == nil { unusable[stem] = error }
      }
    }
    return (result, skipped, unusable)
  }
}
