import Foundation
import Testing

@testable import PomoCore
@testable import PomoKit
import PomoTestSupport

/// Issue 18, defect 16: a preset of your own never replaces a built-in one without a word.
@Suite("presets new and the built-in names")
struct PresetShadowTests {
  static let builtIns = ["work", "hiit", "52-17"]

  @Test("presets new with a built-in's name is refused in one line, and nothing is written", arguments: builtIns)
  func refused(name: String) throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = InProcess(home: home.path).run("presets", "new", name)
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: '\(name)' is a built-in preset, and \(name).json would replace it for every command; "
        + "pass --replace-built-in to do that on purpose, or choose another name\n")
    #expect(result.out == "")
    #expect(!FileManager.default.fileExists(atPath: home.file(".config/pomo/presets/\(name).json")))
  }

  @Test("--replace-built-in writes the file, says it replaces the built-in, and pomo then uses it")
  func onPurpose() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
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

  @Test("--replace-built-in with a name no built-in has is a plain new preset")
  func notBuiltIn() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = InProcess(home: home.path).run("presets", "new", "mine", "--replace-built-in")
    #expect(result.status == 0)
    #expect(
      result.out == "Wrote \(home.file(".config/pomo/presets/mine.json")), a copy of the built-in preset 'work'\n")
  }
}
