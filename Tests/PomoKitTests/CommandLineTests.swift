import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoKit

/// The line after every `pomo report` usage error, pinned whole.
let reportUsage = "See 'pomo report --help'.\n"

/// The line after every `pomo start` usage error, pinned whole.
let startUsage = "See 'pomo start --help'.\n"

@Suite("Command line")
struct CommandLineTests {
  let pomo = InProcess(home: "/nonexistent-home")

  @Test(
    "help is the same by every route",
    arguments: [["help", "start"], ["start", "--help"], ["start", "-h"], ["start", "work", "-h"]])
  func helpRoutes(words: [String]) {
    let result = pomo.run(words)
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("OVERVIEW: Start a session from a preset.\n"))
    #expect(result.out == pomo.run("help", "start").out)
  }

  @Test(
    "every command has help",
    arguments: [["presets"], ["presets", "show"], ["presets", "new"], ["presets", "schema"], ["start"], []])
  func everyCommandHasHelp(words: [String]) {
    let result = pomo.run(["help"] + words)
    #expect(result.status == 0)
    #expect(result.out.contains("USAGE: pomo"))
    #expect(result.out.contains("-h, --help"))
  }

  @Test("help wraps to a narrow terminal")
  func narrowHelp() {
    var narrow = pomo
    narrow.width = 40
    let lines = narrow.run("help", "start").out.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 40 })
  }

  @Test("no arguments shows the help")
  func noArguments() {
    #expect(pomo.run().out == pomo.run("--help").out)
  }

  @Test("--version")
  func version() {
    #expect(pomo.run("--version") == (0, Pomo.versionLine + "\n", ""))
  }

  static let usageErrors: [([String], String)] = [
    (
      ["strat"],
      "Error: unknown command 'strat'. Did you mean 'start'?\nSee 'pomo --help'.\n"
    ),
    (["start", "work", "--rouns", "3"], "Error: unknown option '--rouns'. Did you mean '--rounds'?\n" + startUsage),
    (["start", "wrok"], "Error: no preset named 'wrok'. Did you mean 'work'?\n" + startUsage),
    (["start"], "Error: missing expected argument '<preset>'\n" + startUsage),
    (["start", "work", "--rounds"], "Error: missing value for '--rounds'\n" + startUsage),
    // A value may not start with '-' unless written '--tag=-x': the next flag is not swallowed.
    (["start", "tabata", "--tag", "--dry-run"], "Error: missing value for '--tag'\n" + startUsage),
    (
      ["start", "work", "--rounds", "-5"],
      "Error: '--rounds' must be a whole number from 1 to 10000, got '-5'\n" + startUsage
    ),
    (
      ["report", "--format", "xml"],
      "Error: '--format' must be one of text, json, csv, svg, html, got 'xml'\n" + reportUsage
    ),
    (
      ["report", "--color", "allways"],
      "Error: '--color' must be one of auto, always, never, got 'allways'. Did you mean 'always'?\n" + reportUsage
    ),
    (
      ["start", "work", "--rounds", "0"],
      "Error: '--rounds' must be a whole number from 1 to 10000, got '0'\n" + startUsage
    ),
    (
      ["start", "work", "--rounds=10001", "--dry-run"],
      "Error: '--rounds' must be a whole number from 1 to 10000, got '10001'\n" + startUsage
    ),
    (["start", "work", "extra"], "Error: unexpected argument 'extra'\n" + startUsage),
    (["start", "work", "--dry-run=yes"], "Error: '--dry-run' does not take a value\n" + startUsage),
    (
      ["presets", "shwo"],
      "Error: unknown subcommand 'shwo'. Did you mean 'show'?\nSee 'pomo presets --help'.\n"
    ),
    (
      ["help", "strat"],
      "Error: unknown command 'strat'. Did you mean 'start'?\nSee 'pomo --help'.\n"
    ),
  ]

  @Test("usage errors: message, a pointer to the help, exit 64", arguments: usageErrors)
  func usageError(words: [String], expected: String) {
    let result = pomo.run(words)
    #expect(result.status == 64)
    #expect(result.out == "")
    #expect(result.err == expected)
  }

  @Test("--opt=value, -r N, -rN and -- all work")
  func forms() {
    let a = pomo.run("start", "hiit", "--rounds=3", "--dry-run")
    let b = pomo.run("start", "hiit", "-r", "3", "--dry-run")
    let c = pomo.run("start", "hiit", "-r3", "--dry-run")
    let d = pomo.run("start", "--dry-run", "--rounds", "3", "--", "hiit")
    #expect(a.status == 0)
    #expect(a.out.hasPrefix("hiit: 3 rounds, 7 phases, 12:40\n"))
    #expect(a.out == b.out && b.out == c.out && c.out == d.out)
  }

  @Test("a malformed preset file: one line with file:line:column, exit 65")
  func badPresetFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try folder.write("bad.json", "{\n  \"round\": [\n    {\"name\": \"f\" \"kind\": \"work\"}\n  ]\n}\n")
    let result = pomo.run("start", path, "--dry-run")
    #expect(result.status == 65)
    #expect(result.err == "Error: \(path):3:18: invalid JSON: unexpected '\"'; expected ',' or '}'\n")
    #expect(result.out == "")
  }

  @Test("an unreadable preset file is a clear error")
  func missingPresetFile() {
    let result = pomo.run("start", "/nonexistent/x.json", "--dry-run")
    #expect(result.status == 65)
    #expect(result.err == "Error: /nonexistent/x.json: cannot read the file: no such file or directory\n")
  }

  @Test("a broken user preset names its file in every command that lists presets")
  func badUserPreset() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let path = try folder.write(
      ".config/pomo/presets/mine.json", #"{"round": [{"name": "f", "kind": "work", "duration": "-5"}]}"#)
    let user = InProcess(home: folder.path)
    let result = user.run("presets")
    #expect(result.status == 0)
    #expect(
      result.err
        == "pomo: warning: skipped \(path):1:54: round[0].duration: a duration must be more than zero, got \"-5\"\n")
  }

  @Test("XDG_CONFIG_HOME is where user presets live")
  func xdgConfig() throws {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    try folder.write(
      "cfg/pomo/presets/quick.json",
      #"{"description": "quick one", "round": [{"name": "f", "kind": "work", "duration": "2s"}]}"#)
    var user = InProcess(home: "/nonexistent")
    user.environment["XDG_CONFIG_HOME"] = folder.file("cfg")
    let result = user.run("presets")
    #expect(result.status == 0)
    // At 80 columns a long path keeps its end, the file's name.
    #expect(result.out.contains("quick               1  2s       …"))
    #expect(result.out.contains("/pomo/presets/quick.json  quick one\n"))
    #expect(result.out.contains("quick one"))
  }

  @Test("presets show with --rounds")
  func presetsShow() {
    let result = pomo.run("presets", "show", "tabata", "--rounds", "2")
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("tabata: 2 rounds, 5 phases, 1:10\n"))
  }
}
