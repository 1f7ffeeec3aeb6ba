/// Every preset pomo knows: the built-ins carried in the binary, then the user's files.
///
/// A user preset with the same name as a built-in replaces it. Two user files that
/// claim the same name are an error, since either choice would surprise someone.
public struct PresetCatalog: Sendable {
  public private(set) var presets: [Preset]

  public init(presets: [Preset]) {
    self.presets = presets.sorted { $0.name < $1.name }
  }

  /// The built-in presets, parsed from the files embedded at build time.
  public static func builtIns() throws(DataFileError) -> [Preset] {
    var result: [Preset] = []
    for file in BuiltinPresetFiles.all {
      let decoder = PresetDecoder(file: "Presets/\(file.name).json")
      result.append(try decoder.decode(file.text, defaultName: file.name, source: .builtIn))
    }
    return result
  }

  /// Loads built-ins and every `*.json` in `userDirectory` (which may not exist).
  public static func load(userDirectory: String?) throws(DataFileError) -> PresetCatalog {
    var byName: [String: Preset] = [:]
    for preset in try builtIns() { byName[preset.name] = preset }
    var userNames: [String: String] = [:]
    for preset in try userPresets(in: userDirectory) {
      if let other = userNames[preset.name] {
        throw DataFileError(
          file: preset.source.label,
          message: "two user presets are named \"\(preset.name)\" (the other is \(other)); rename one")
      }
      userNames[preset.name] = preset.source.label
      byName[preset.name] = preset
    }
    return PresetCatalog(presets: Array(byName.values))
  }

  public func preset(named name: String) -> Preset? {
    presets.first { $0.name == name }
  }

  /// Reads one preset file. The preset's name defaults to the file name without `.json`.
  public static func load(file path: String) throws(DataFileError) -> Preset {
    let bytes: [UInt8]
    do {
      bytes = try Platform.readFile(path)
    } catch {
      throw DataFileError(file: path, message: "cannot read the file: \(error)")
    }
    var stem = Substring(path.split(separator: "/").last ?? "")
    if stem.hasSuffix(".json") { stem = stem.dropLast(5) }
    return try PresetDecoder(file: path).decode(bytes, defaultName: String(stem), source: .file(path))
  }

  private static func userPresets(in directory: String?) throws(DataFileError) -> [Preset] {
    guard let directory else { return [] }
    guard let names = Platform.listDirectory(directory) else { return [] }  // No folder, no user presets.
    var result: [Preset] = []
    for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
      let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
      let stem = String(name.dropLast(5))
      let preset = try load(file: path)
      if preset.name == stem, !PresetName.isValid(stem) {
        throw DataFileError(
          file: path, message: "the file name is not a valid preset name; use letters, digits, '.', '_' or '-'")
      }
      result.append(preset)
    }
    return result
  }
}
