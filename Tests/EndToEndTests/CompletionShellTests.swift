import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoKit

/// The generated scripts, run in the real shells: bash with Debian's bash-completion, zsh
/// through a completion widget in a pseudo-terminal, fish with `complete -C`.
@Suite("Completions in real shells", .endToEnd)
struct CompletionShellTests {
  /// A temporary HOME with a user preset and a tagged journal, and the three scripts.
  struct Setup {
    let home: TemporaryFolder
    let environment: [String: String]
    let bashScript: String
    let zshFolder: String
    let fishScript: String

    init() async throws {
      let home = try TemporaryFolder()
      let environment = Shells.environment(home: home.path)
      self.home = home
      self.environment = environment
      try home.write(
        ".config/pomo/presets/legs.json", #"{"round": [{"name": "squat", "kind": "work", "duration": "30s"}]}"#)
      try home.write(journalFile(home.path), CompletionJournal.lines.joined(separator: "\n") + "\n")
      try home.write("other.jsonl", journalLine(1, tags: ["elsewhere"]) + "\n")
      try home.write("plans/legs.json", "{}")
      try home.write("plans/arms.json", "{}")
      let script = { (shell: String) async throws -> String in
        let result = try await runPomo(["completions", shell], environment: environment)
        #expect(result.status == 0)
        return result.out
      }
      bashScript = try home.write("scripts/pomo.bash", try await script("bash"))
      try home.write("scripts/zsh/_pomo", try await script("zsh"))
      zshFolder = home.file("scripts/zsh")
      fishScript = try home.write("scripts/pomo.fish", try await script("fish"))
    }

    /// Runs `body` on a new setup and removes its home after, however `body` ends.
    static func with(_ body: (Setup) async throws -> Void) async throws {
      let setup = try await Setup()
      defer { setup.home.cleanUp() }
      try await body(setup)
    }
  }

  /// Two tagged sessions, a later one with a hex id, and two tasks, one of them done.
  /// (words, expected candidates). The last word is the one completed.
  static let cases: [(line: String, expected: [String])] = [
    (
      "pomo ",
      [
        "add", "attach", "away", "back", "completions", "delete", "doctor", "drop", "edit", "export", "extend", "help", "import",
        "journal", "keep", "log", "manual", "mark",
        "next", "note", "nudge", "pause", "presets", "rep", "report", "resume", "skip", "start", "status", "stop", "tag", "task", "toggle", "undo",
        "untag", "void",
      ]
    ),
    ("pomo task ", ["add", "done", "edit", "list"]),
    ("pomo st", ["start", "status", "stop"]),
    ("pomo presets ", ["new", "schema", "show"]),
    ("pomo presets show l", ["ladder", "legs"]),
    (
      "pomo start ",
      [
        "52-17", "amrap", "emom", "flow", "hiit", "ladder", "legs", "stretch", "stretch-sides", "tabata", "tabata-moves",
        "work",
      ]
    ),
    ("pomo start --co", ["--color", "--confirm", "--cooldown"]),
    ("pomo start work --color ", ["always", "auto", "never"]),
    ("pomo start work --tag ", ["code", "thesis"]),
    ("pomo start work -t th", ["thesis"]),
    ("pomo report --format ", ["csv", "html", "json", "svg", "text"]),
    ("pomo report --journal other.jsonl --tag ", ["elsewhere"]),
    ("pomo start work --journal ~/other.jsonl -t ", ["elsewhere"]),
    ("pomo report --preset l", ["ladder", "legs"]),
    ("pomo report --week-start s", ["sunday"]),
    ("pomo completions ", ["bash", "fish", "zsh"]),
    ("pomo help pr", ["presets"]),
    ("pomo help presets ", ["new", "schema", "show"]),
    ("pomo log --limit ", []),
    ("pomo edit ", ["3f2a1b4c", "id-1", "id-2"]),
    ("pomo edit 3f", ["3f2a1b4c"]),
    ("pomo delete --journal other.jsonl ", ["id-1"]),
    ("pomo edit last --tag ", ["code", "thesis"]),
    ("pomo task done ", ["ab12cd34"]),
    ("pomo task edit a", ["ab12cd34"]),
    ("pomo start work --task ", ["ab12cd34"]),
  ]

  @Test(
    "bash with bash-completion: subcommands, options, choices, presets and tags", .requires(.bash, .bashCompletion),
    arguments: cases)
  func bash(_ line: String, _ expected: [String]) async throws {
    try await Setup.with { setup in
      let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
      let got = try await Shells.bash(words, script: setup.bashScript, environment: setup.environment, folder: setup.home)
      if let got { #expect(got == expected, "\(line)") }
    }
  }

  @Test("zsh with compinit: subcommands, options, choices, presets and tags", .requires(.zsh), arguments: cases)
  func zsh(_ line: String, _ expected: [String]) async throws {
    try await Setup.with { setup in
      // zsh offers files as well as names for a preset argument (it may be a path): folders here.
      let expected = line == "pomo start " ? (expected + ["plans", "scripts"]).sorted() : expected
      let got = try await Shells.zsh(line, functionFolder: setup.zshFolder, environment: setup.environment, folder: setup.home)
      if let got { #expect(got == expected, "\(line)") }
    }
  }

  @Test("fish: subcommands, options, choices, presets and tags", .requires(.fish), arguments: cases)
  func fish(_ line: String, _ expected: [String]) async throws {
    try await Setup.with { setup in
      // fish offers the descriptions' words with the '--opt=' prefix only for '=' forms; the
      // command list has 'help' from the spec and nothing else.
      let expected = line == "pomo start --co" ? ["--color", "--confirm", "--cooldown"] : expected
      let got = try await Shells.fish(line, script: setup.fishScript, environment: setup.environment)
      if let got { #expect(got == expected, "\(line)") }
    }
  }

  @Test("'--opt=value' and files: bash, zsh and fish", .requires(.bash, .bashCompletion, .zsh, .fish))
  func equalsAndFiles() async throws {
    try await Setup.with { setup in
      let env = setup.environment
      let plans = setup.home.file("plans/")
      // bash splits at '=' (COMP_WORDBREAKS): the words are "--format", "=", "j".
      if let got = try await Shells.bash(
        ["pomo", "report", "--format", "=", "j"], script: setup.bashScript, environment: env, folder: setup.home)
      {
        #expect(got == ["json"])
      }
      if let got = try await Shells.bash(
        ["pomo", "report", "--journal", "=", "other.jsonl", "--tag", ""], script: setup.bashScript, environment: env,
        folder: setup.home)
      {
        #expect(got == ["elsewhere"])
      }
      if let got = try await Shells.bash(
        ["pomo", "import", plans + "a"], script: setup.bashScript, environment: env, folder: setup.home)
      {
        #expect(got == [plans + "arms.json"])
      }
      if let got = try await Shells.bash(
        ["pomo", "start", plans], script: setup.bashScript, environment: env, folder: setup.home)
      {
        #expect(got == [plans + "arms.json", plans + "legs.json"])
      }
      if let got = try await Shells.zsh(
        "pomo report --format=j", functionFolder: setup.zshFolder, environment: env, folder: setup.home)
      {
        #expect(got == ["json"])
      }
      if let got = try await Shells.zsh(
        "pomo import \(plans)a", functionFolder: setup.zshFolder, environment: env, folder: setup.home)
      {
        #expect(got == ["arms.json"])
      }
      if let got = try await Shells.fish("pomo report --format=j", script: setup.fishScript, environment: env) {
        #expect(got == ["--format=json"])
      }
      if let got = try await Shells.fish("pomo import \(plans)a", script: setup.fishScript, environment: env) {
        #expect(got == [plans + "arms.json"])
      }
      if let got = try await Shells.fish("pomo start \(plans)", script: setup.fishScript, environment: env) {
        #expect(got == [plans + "arms.json", plans + "legs.json"])
      }
    }
  }

  @Test("every command and option of the spec is in every script")
  func everything() {
    for shell in CompletionShell.allCases {
      let script = CompletionScript.script(
        for: shell, root: Pomo.node, lister: "pomo completions --list", journal: SharedOptions.journal.spec)
      for (path, node) in ManualPage.commands(Pomo.node) {
        #expect(script.contains(path.last!), "\(shell): \(path)")
        for option in node.spec.options {
          #expect(script.contains(option.long), "\(shell): \(path) --\(option.long)")
          if case .choice(let values) = option.kind {
            for value in values { #expect(script.contains(value), "\(shell): \(path) --\(option.long) \(value)") }
          }
        }
      }
    }
  }
}
