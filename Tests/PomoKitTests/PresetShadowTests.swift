import Foundation
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore

/// A preset of your own never replaces a built-in one without a word.
@Suite("presets new and the built-in names")
struct PresetShadowTests {
  /// A built-in's name as typed, and the built-in it names: itself, or in another case.
  static let builtInNames = [
    ("work", "work"), ("hiit", "hiit"), ("52-17", "52-17"), ("Work", "work"), ("Tabata", "tabata"), ("HIIT", "hiit"),
    ("wOrK", "work"),
  ]

  @Test(
    "presets new with a built-in's name, in any case, is refused in one line naming it, and nothing is written",
    arguments: builtInNames)
  func refused(name: String, builtIn: String) throws {
    try TemporaryFolder.with { home in
      let result = InProcess(home: home.path).run("presets", "new", name)
      let which = name == builtIn ? "a built-in preset" : "the built-in preset '\(builtIn)'"
      #expect(result.status == 1)
      #expect(
        result.err
          == "Error: '\(name)' is \(which), and \(name).json would replace it for every command; "
          + "pass --replace-built-in to do that on purpose, or choose another name\n")
      #expect(result.out == "")
      #expect(!FileManager.default.fileExists(atPath: home.file(".config/pomo/presets/\(name).json")))
    }
  }

  @Test("--replace-built-in writes the file, says it replaces the built-in, and pomo then uses it")
  func onPurpose() throws {
    try TemporaryFolder.with { home in
      let pomo = InProcess(home: home.path)
      let result = pomo.run("presets", "new", "work", "--replace-built-in")
      let file = home.file(".config/pomo/presets/work.json")
      #expect(result.status == 0)
      #expect(
        result.out == "Wrote \(file), a copy of the built-in preset 'work'; it replaces the built-in 'work'\n")
      #expect(result.err == "")
      let catalog = try PresetCatalog.load(userDirectory: home.file(".config/pomo/presets"))
      #expect(catalog.preset(named: "work")?.source == .file(file))
    }
  }

  @Test("--replace-built-in with a name no built-in has is a plain new preset")
  func notBuiltIn() throws {
    try TemporaryFolder.with { home in
      let result = InProcess(home: home.path).run("presets", "new", "mine", "--replace-built-in")
      #expect(result.status == 0)
      #expect(
        result.out == "Wrote \(home.file(".config/pomo/presets/mine.json")), a copy of the built-in preset 'work'\n")
    }
  }

  @Test("--replace-built-in with a built-in's name in another case replaces it: one preset, found by either name")
  func replacedInAnyCase() throws {
    try TemporaryFolder.with { home in
      let pomo = InProcess(home: home.path)
      let result = pomo.run("presets", "new", "Work", "--replace-built-in", "--from", "52-17")
      let file = home.file(".config/pomo/presets/Work.json")
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == "Wrote \(file), a copy of the built-in preset '52-17'; it replaces the built-in 'work'\n")
      let catalog = try PresetCatalog.load(userDirectory: home.file(".config/pomo/presets"))
      #expect(catalog.presets.filter { $0.name.lowercased() == "work" }.map(\.name) == ["Work"])
      #expect(catalog.preset(named: "work")?.source == .file(file))
      #expect(catalog.preset(named: "Work")?.source == .file(file))
      #expect(pomo.run("start", "work", "--dry-run").out.hasPrefix("Work: 3 rounds"))
    }
  }

  @Test(
    "a name typed with .json names the preset, not a file work.json.json",
    arguments: [("mine.json", "mine"), ("mine.JSON", "mine"), ("my.preset.json", "my.preset")])
  func jsonSuffix(typed: String, name: String) throws {
    try TemporaryFolder.with { home in
      let result = InProcess(home: home.path).run("presets", "new", typed)
      let file = home.file(".config/pomo/presets/\(name).json")
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out == "Wrote \(file), a copy of the built-in preset 'work'\n")
      #expect(FileManager.default.fileExists(atPath: file))
      #expect(!FileManager.default.fileExists(atPath: file + ".json"))
      let catalog = try PresetCatalog.load(userDirectory: home.file(".config/pomo/presets"))
      #expect(catalog.preset(named: name)?.source == .file(file))
    }
  }

  @Test("work.json is the built-in's name too, and .json alone is no name")
  func jsonSuffixOfBuiltIn() throws {
    try TemporaryFolder.with { home in
      let pomo = InProcess(home: home.path)
      let builtIn = pomo.run("presets", "new", "work.json")
      #expect(builtIn.status == 1)
      #expect(
        builtIn.err.hasPrefix("Error: 'work' is a built-in preset, and work.json would replace it"), "\(builtIn.err)")
      #expect(!FileManager.default.fileExists(atPath: home.file(".config/pomo/presets/work.json.json")))
      let bare = pomo.run("presets", "new", ".json")
      #expect(bare.status == 64)
      #expect(bare.err.hasPrefix("Error: invalid preset name '.json'"), "\(bare.err)")
    }
  }
}
