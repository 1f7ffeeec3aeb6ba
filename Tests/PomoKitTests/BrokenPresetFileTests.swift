import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore

/// A preset file that cannot be used is a warning naming it, never a reason for every other
/// preset and timer to fail.
@Suite("A broken preset file")
struct BrokenPresetFileTests {
  let home: TemporaryFolder
  let pomo: InProcess
  var folder: String { home.file(".config/pomo/presets") }
  /// The warning for legs.json's trailing comma, whole.
  var legsWarning: String {
    "pomo: warning: skipped \(folder)/legs.json:2:65: invalid JSON: trailing comma before ']'\n"
  }

  init() throws {
    home = try TemporaryFolder()
    pomo = InProcess(home: home.path)
    try home.write(
      ".config/pomo/presets/legs.json",
      "{\n  \"round\": [{\"name\": \"squat\", \"kind\": \"work\", \"duration\": \"1m\"},]\n}\n")
    try home.write(
      ".config/pomo/presets/arms.json", #"{"round": [{"name": "curl", "kind": "work", "duration": "1m"}]}"#)
  }

  /// Every command that reads the catalog, with what it must still print on stdout.
  static let commands: [([String], String)] = [
    (["start", "work", "--dry-run"], "work: 4 rounds, 8 phases, 2:10:00\n"),
    (["start", "25m", "--dry-run"], "25m: 1 round, 1 phase, 25:00\n"),
    (["start", "arms", "--dry-run"], "arms: 1 round, 1 phase, 1:00\n"),
    (["presets"], "NAME "),
    (["presets", "show", "arms"], "arms: 1 round, 1 phase, 1:00\n"),
    (["presets", "new", "mine", "--from", "arms"], "Wrote "),
    (["add", "arms", "--start", "-2h"], "Added "),
  ]

  @Test(
    "a broken preset file does not block other presets: each command warns once, naming the file and line",
    arguments: commands)
  func othersRun(words: [String], output: String) {
    defer { home.cleanUp() }
    let result = pomo.run(words)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix(output), "\(result.out)")
    #expect(result.err == legsWarning)
  }

  @Test("a broken preset file is left out of the completion list, without a word on stderr")
  func completions() {
    defer { home.cleanUp() }
    let result = pomo.run("completions", "--list", "presets")
    #expect(result.status == 0)
    #expect(result.out.split(separator: "\n").contains("arms"))
    #expect(!result.out.split(separator: "\n").contains("legs"))
    #expect(result.err == "")
  }

  static let own: [[String]] = [
    ["start", "legs"], ["presets", "show", "legs"], ["presets", "new", "more", "--from", "legs"],
    ["add", "legs", "--start", "-2h"],
  ]

  @Test("starting the broken preset itself is its file's error (65), said once", arguments: own)
  func ownName(words: [String]) {
    defer { home.cleanUp() }
    let result = pomo.run(words)
    #expect(result.status == 65)
    #expect(result.err == "Error: \(folder)/legs.json:2:65: invalid JSON: trailing comma before ']'\n")
    #expect(result.out == "")
  }

  @Test("a broken file named as a built-in does not fall back to the built-in")
  func shadowingBuiltIn() throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/presets/work.json", #"{"round": 3}"#)
    let result = pomo.run("start", "work", "--dry-run")
    #expect(result.status == 65)
    #expect(
      result.err == legsWarning + "Error: \(folder)/work.json:1:11: round: expected an array of phases, got a number\n")
  }

  @Test("two files claiming one name: that name is an error, the others run")
  func duplicateNames() throws {
    defer { home.cleanUp() }
    let text = #"{"name": "twin", "round": [{"name": "f", "kind": "work", "duration": "1m"}]}"#
    try home.write(".config/pomo/presets/a.json", text)
    try home.write(".config/pomo/presets/b.json", text)
    let twin =
      "\(folder)/b.json: two user presets are named \"twin\" (the other is \(folder)/a.json); rename one"
    let started = pomo.run("start", "twin", "--dry-run")
    #expect(started.status == 65)
    #expect(started.err == legsWarning + "Error: \(twin)\n")
    let other = pomo.run("start", "arms", "--dry-run")
    #expect(other.status == 0)
    #expect(other.err == legsWarning + "pomo: warning: skipped \(twin)\n")
  }

  @Test("the catalog keeps a broken file's problem under its name and the rest of the folder")
  func catalog() throws {
    defer { home.cleanUp() }
    let catalog = try PresetCatalog.load(userDirectory: folder)
    #expect(catalog.preset(named: "arms") != nil)
    #expect(catalog.preset(named: "legs") == nil)
    #expect(catalog.problem(named: "legs")?.position?.line == 2)
    #expect(catalog.problem(named: "arms") == nil)
    #expect(catalog.skipped.map(\.file) == ["\(folder)/legs.json"])
  }
}
