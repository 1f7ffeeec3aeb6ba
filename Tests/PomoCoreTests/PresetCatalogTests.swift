import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("Preset catalog")
struct PresetCatalogTests {
  @Test("the shipped presets all load, and the ones people look for are there")
  func builtIns() throws {
    let names = try PresetCatalog.builtIns().map(\.name)
    for wanted in ["work", "hiit", "tabata", "emom", "52-17", "stretch"] {
      #expect(names.contains(wanted))
    }
  }

  @Test("the binary carries exactly the files in Presets/")
  func embedded() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Presets")
      .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".schema.json") }
    #expect(Set(BuiltinPresetFiles.all.map { $0.name + ".json" }) == Set(files))
    for file in BuiltinPresetFiles.all {
      let onDisk = try String(contentsOfFile: packageRoot + "/Presets/\(file.name).json", encoding: .utf8)
      #expect(onDisk == file.text)
    }
  }

  @Test("the schema beside the user's presets is not a preset")
  func schemaIsNotAPreset() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try folder.write("preset.schema.json", PresetCatalog.schema)
    try folder.write(
      "mine.json", #"{"$schema": "./preset.schema.json", "round": [{"name": "f", "kind": "work", "duration": "1m"}]}"#)
    let catalog = try PresetCatalog.load(userDirectory: folder.path)
    #expect(catalog.presets.count == BuiltinPresetFiles.all.count + 1)
    #expect(catalog.preset(named: "mine") != nil)
    #expect(catalog.skipped.isEmpty)
  }

  @Test("a user preset replaces the built-in of the same name")
  func override() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try folder.write("work.json", #"{"round": [{"name": "mine", "kind": "work", "duration": "1m"}]}"#)
    try folder.write("extra.json", #"{"round": [{"name": "x", "kind": "work", "duration": "1m"}]}"#)
    try folder.write("notes.txt", "not a preset")
    let catalog = try PresetCatalog.load(userDirectory: folder.path)
    #expect(catalog.preset(named: "work")?.round.first?.name == "mine")
    #expect(catalog.preset(named: "work")?.source == .file(folder.file("work.json")))
    #expect(catalog.preset(named: "extra") != nil)
    #expect(catalog.preset(named: "hiit")?.source == .builtIn)
  }

  @Test("two user presets with the same name are a problem naming both files, under that name")
  func duplicate() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try folder.write("a.json", #"{"name": "same", "round": [{"name": "x", "kind": "work", "duration": "1m"}]}"#)
    try folder.write("b.json", #"{"name": "same", "round": [{"name": "x", "kind": "work", "duration": "1m"}]}"#)
    let problem = DataFileError(
      file: folder.file("b.json"),
      message: "two user presets are named \"same\" (the other is \(folder.file("a.json"))); rename one")
    let catalog = try PresetCatalog.load(userDirectory: folder.path)
    #expect(catalog.problem(named: "same") == problem && catalog.skipped == [problem])
  }

  @Test("a missing user folder means no user presets")
  func missingFolder() throws {
    let catalog = try PresetCatalog.load(userDirectory: "/nonexistent/pomo/presets")
    #expect(catalog.presets.count == BuiltinPresetFiles.all.count)
  }
}
