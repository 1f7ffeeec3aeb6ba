import Foundation
import PackagePlugin

/// Embeds the top-level `Presets/*.json` files into PomoCore, so that a copied binary
/// carries its built-in presets and never reads them from the current directory. The JSON
/// Schema (`preset.schema.json`) goes in too, for `pomo presets schema` and `presets new`.
@main
struct EmbedPresets: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Presets")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
      .sorted()
    let schema = folder.appending(path: "preset.schema.json")
    let inputs = [schema] + names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "BuiltinPresetFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(names.count) built-in presets and the preset schema",
        executable: try context.tool(named: "PresetEmbedder").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
