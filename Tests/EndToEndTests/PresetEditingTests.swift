import Foundation
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore

/// `pomo presets new`, `presets schema` and `presets show --json`: the real binary in a
/// temporary HOME.
@Suite("End to end: editing presets", .endToEnd)
struct PresetEditingTests {
  static let builtInNames = BuiltinPresetFiles.all.map(\.name)

  static func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("show --json loads back to the same plan", arguments: builtInNames)
  func showJSONRoundTrip(name: String) async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path]
    let shown = try await runPomo(["presets", "show", name, "--json"], environment: environment)
    #expect(shown.status == 0)
    #expect(shown.err == "")
    let file = try home.write("\(name)-copy.json", shown.out)
    let original = try await runPomo(["start", name, "--dry-run"], environment: environment)
    let copy = try await runPomo(["start", file, "--dry-run"], environment: environment)
    #expect(original.status == 0)
    #expect(copy.status == 0)
    #expect(copy.out == original.out)
    // Printing the copy prints the same text: the rendering is canonical.
    #expect(try await runPomo(["presets", "show", file, "--json"], environment: environment).out == shown.out)
  }

  @Test("show --json, whole, with --rounds applied")
  func showJSONText() {
    let result = InProcess(home: "/nonexistent-home").run("presets", "show", "tabata", "--json", "--rounds", "2")
    #expect(result.status == 0)
    #expect(
      result.out == """
        {
          "name": "tabata",
          "description": "Tabata: 10 s to get ready, then 8 rounds of 20 s all-out work and 10 s rest",
          "warmup": [
            { "name": "get ready", "kind": "rest", "duration": "10s" }
          ],
          "rounds": 2,
          "round": [
            { "name": "work", "kind": "work", "duration": "20s" },
            { "name": "rest", "kind": "rest", "duration": "10s" }
          ],
          "cue": 3
        }

        """)
  }

  @Test("presets schema prints the embedded schema, the file's bytes")
  func schema() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = try await runPomo(["presets", "schema"], environment: ["HOME": home.path])
    #expect(result.status == 0)
    #expect(result.out == (try String(contentsOfFile: packageRoot + "/Presets/preset.schema.json", encoding: .utf8)))
  }

  @Test("presets new writes a private copy of work with the schema beside it, and it runs")
  func newFromWork() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.file("cfg")]
    let result = try await runPomo(["presets", "new", "focus"], environment: environment)
    let folder = home.file("cfg/pomo/presets")
    #expect(result.status == 0)
    #expect(result.out == "Wrote \(folder)/focus.json, a copy of the built-in preset 'work'\n")
    #expect(result.err == "")
    #expect(try Self.mode(folder) == 0o700)
    #expect(try Self.mode(folder + "/focus.json") == 0o600)
    let text = try String(contentsOfFile: folder + "/focus.json", encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"$schema\": \"./preset.schema.json\",\n  \"name\": \"focus\",\n"))
    #expect(try String(contentsOfFile: folder + "/preset.schema.json", encoding: .utf8) == PresetCatalog.schema)
    // The schema is not listed as a preset, and the new preset runs like work.
    let list = try await runPomo(["presets"], environment: environment)
    #expect(list.status == 0)
    #expect(list.err == "")
    #expect(list.out.contains("\nfocus "))
    #expect(!list.out.contains("preset.schema"))
    let dry = try await runPomo(["start", "focus", "--dry-run"], environment: environment)
    let work = try await runPomo(["start", "work", "--dry-run"], environment: environment)
    #expect(dry.status == 0)
    #expect(dry.out.replacingOccurrences(of: "focus: 4 rounds", with: "work: 4 rounds") == work.out)
  }

  @Test("presets new --from a built-in or a file, and a stale schema is refreshed")
  func newFrom() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path]
    let folder = home.file(".config/pomo/presets")
    try home.write(".config/pomo/presets/preset.schema.json", "{}")
    #expect(try await runPomo(["presets", "new", "legs", "--from", "hiit"], environment: environment).status == 0)
    #expect(try String(contentsOfFile: folder + "/preset.schema.json", encoding: .utf8) == PresetCatalog.schema)
    let plan = try await runPomo(["start", "legs", "--dry-run"], environment: environment)
    let hiit = try await runPomo(["start", "hiit", "--dry-run"], environment: environment)
    #expect(plan.out.dropFirst(4) == hiit.out.dropFirst(4))
    let fromFile = try await runPomo(["presets", "new", "legs2", "--from", folder + "/legs.json"], environment: environment)
    #expect(fromFile.status == 0)
    #expect(fromFile.out == "Wrote \(folder)/legs2.json, a copy of the preset '\(folder)/legs.json'\n")
    let legs = try String(contentsOfFile: folder + "/legs.json", encoding: .utf8)
    let legs2 = try String(contentsOfFile: folder + "/legs2.json", encoding: .utf8)
    #expect(legs2 == legs.replacingOccurrences(of: "\"name\": \"legs\"", with: "\"name\": \"legs2\""))
  }

  @Test("presets new never overwrites: exit 1, one line naming the file, the file unchanged")
  func newRefusesToOverwrite() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path]
    let file = try home.write(".config/pomo/presets/mine.json", "not even JSON")
    let result = try await runPomo(["presets", "new", "mine"], environment: environment)
    #expect(result.status == 1)
    #expect(result.out == "")
    #expect(result.err == "Error: \(file) already exists; choose another name, or edit or remove that file\n")
    #expect(home.read(".config/pomo/presets/mine.json") == "not even JSON")
    #expect(home.read(".config/pomo/presets/preset.schema.json") == nil)
  }

  static let usageErrors: [([String], String)] = [
    (
      ["presets", "new", "my preset"],
      "Error: invalid preset name 'my preset': use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit\n"
    ),
    (
      ["presets", "new", "-x"],
      "Error: unknown option '-x'\n"
    ),
    (
      ["presets", "new", "preset.schema"],
      "Error: invalid preset name 'preset.schema': use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit\n"
    ),
    (["presets", "new", "ok", "--from", "wrok"], "Error: no preset named 'wrok'. Did you mean 'work'?\n"),
    (["presets", "new"], "Error: missing expected argument '<name>'\n"),
  ]

  @Test("presets new: a bad name or source is a usage error (64), and nothing is written", arguments: usageErrors)
  func newUsage(words: [String], message: String) async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = try await runPomo(words, environment: ["HOME": home.path])
    #expect(result.status == 64)
    #expect(
      result.err == message
        + "See 'pomo presets new --help'.\n")
    #expect(!FileManager.default.fileExists(atPath: home.file(".config/pomo")))
  }

  @Test("pomo help presets schema prints the page presets schema --help prints")
  func schemaHelp() {
    let pomo = InProcess(home: "/nonexistent-home")
    let result = pomo.run("help", "presets", "schema")
    #expect(result.status == 0)
    #expect(result.out == pomo.run("presets", "schema", "--help").out)
    #expect(result.out.hasPrefix("OVERVIEW: Print the JSON Schema (draft 2020-12) for preset files.\n"))
  }
}
