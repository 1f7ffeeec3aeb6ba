import Foundation
@testable import PomoIndex
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoJournal
@testable import PomoKit

/// A journal line with the given tags.
func journalLine(_ n: Int, tags: [String], preset: String = "work") -> String {
  let tagList = tags.map { "\"\($0)\"" }.joined(separator: ",")
  return
    #"{"v":1,"id":"id-\#(n)","preset":"\#(preset)","status":"completed","start":"2026-11-30T09:00:00+00:00","end":"2026-11-30T09:25:00+00:00","tags":[\#(tagList)],"host":"h","rounds":1,"phases":[]}"#
}

@Suite("Completions: the command and its lists", .endToEnd)
struct CompletionCommandTests {
  @Test("the shell is a checked choice; a shell or --list is required, not both")
  func usage() {
    let home = "/nonexistent"
    let pomo = InProcess(home: home)
    let bad = pomo.run("completions", "tcsh")
    #expect(bad.status == 64)
    #expect(bad.err.hasPrefix("Error: '<shell>' must be one of bash, zsh, fish, got 'tcsh'\n"))
    let near = pomo.run("completions", "zhs")
    #expect(near.err.hasPrefix("Error: '<shell>' must be one of bash, zsh, fish, got 'zhs'. Did you mean 'zsh'?\n"))
    #expect(pomo.run("completions").err.hasPrefix("Error: missing expected argument '<shell>'\n"))
    #expect(pomo.run("completions").status == 64)
    #expect(pomo.run("completions", "bash", "--list", "tags").status == 64)
    let list = pomo.run("completions", "--list", "colours")
    #expect(list.status == 64)
    #expect(list.err.hasPrefix("Error: '--list' must be one of presets, tags, sessions, tasks, got 'colours'\n"))
  }

  @Test("--list presets: the built-ins and the user's own, read when asked")
  func presets() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pomo = InProcess(home: home.path)
    let before = pomo.run("completions", "--list", "presets")
    #expect(before.status == 0)
    #expect(before.out == "52-17\namrap\nemom\nflow\nhiit\nladder\nstretch\nstretch-sides\ntabata\ntabata-moves\nwork\n")
    try home.write(
      ".config/pomo/presets/legs.json", #"{"round": [{"name": "squat", "kind": "work", "duration": "30s"}]}"#)
    #expect(
      pomo.run("completions", "--list", "presets").out
        == "52-17\namrap\nemom\nflow\nhiit\nladder\nlegs\nstretch\nstretch-sides\ntabata\ntabata-moves\nwork\n")
  }

  @Test("--list sessions and --list tasks: the latest sessions' and the open tasks' short ids, newest first, each with what it is")
  func sessionsAndTasks() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pomo = InProcess(home: home.path)
    #expect(pomo.run("completions", "--list", "sessions").out == "")
    #expect(pomo.run("completions", "--list", "tasks").out == "")
    try home.write(journalFile(home.path), CompletionShellTests.journal.joined(separator: "\n") + "\n")
    let sessions = pomo.run("completions", "--list", "sessions")
    #expect(sessions.status == 0 && sessions.err == "", "\(sessions.err)")
    #expect(
      sessions.out == "3f2a1b4c\tlegs 2026-12-01 08:00\nid-1\twork 2026-11-30 09:00\nid-2\twork 2026-11-30 09:00\n")
    // A done task is not offered; the newest task first.
    #expect(pomo.run("completions", "--list", "tasks").out == "ab12cd34\twrite the intro\n")
    // At most the latest 20 sessions.
    let many = (0..<25).map { n in
      #"{"v":1,"id":"aaaa00\#(String(format: "%02d", n))-0000-4000-8000-000000000000","preset":"work","status":"completed","start":"2026-11-\#(String(format: "%02d", n + 1))T09:00:00Z","end":"2026-11-\#(String(format: "%02d", n + 1))T09:25:00Z","host":"h","rounds":1,"phases":[]}"#
    }
    try home.write(journalFile(home.path), many.joined(separator: "\n") + "\n")
    let listed = pomo.run("completions", "--list", "sessions").out.split(separator: "\n").map { $0.prefix(8) }
    #expect(listed == (5..<25).reversed().map { "aaaa00" + String(format: "%02d", $0) }[...].map { $0.prefix(8) })
  }

  @Test("--list tags: every tag in the journal once, sorted; kept current as the journal grows and is replaced")
  func tags() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pomo = InProcess(home: home.path)
    #expect(pomo.run("completions", "--list", "tags").out == "")
    let journal = home.file(journalFile(home.path))
    try home.write(
      journalFile(home.path),
      [
        journalLine(1, tags: ["thesis"]), journalLine(2, tags: ["code", "thesis"]), "garbage", journalLine(3, tags: []),
      ]
      .joined(separator: "\n") + "\n")
    #expect(pomo.run("completions", "--list", "tags").out == "code\nthesis\n")
    let cache = try FileManager.default.contentsOfDirectory(atPath: home.file(".cache/pomo"))
    #expect(cache.contains { $0.hasPrefix("index-") && $0.hasSuffix(".bin") }, "the tags are kept in the index")

    // Appended: read from where the cache stopped.
    let handle = try #require(FileHandle(forWritingAtPath: journal))
    handle.seekToEndOfFile()
    handle.write(Data((journalLine(4, tags: ["deep work", "ch3"]) + "\n").utf8))
    // A line cut short is left for later.
    handle.write(Data(#"{"v":1,"id":"id-5","tags":["half"#.utf8))
    try handle.close()
    #expect(pomo.run("completions", "--list", "tags").out == "ch3\ncode\ndeep work\nthesis\n")

    // Replaced by a shorter journal: rebuilt, old tags gone.
    try home.write(journalFile(home.path), journalLine(9, tags: ["new"]) + "\n")
    #expect(pomo.run("completions", "--list", "tags").out == "new\n")

    // --journal names another.
    let other = try home.write("other.jsonl", journalLine(1, tags: ["elsewhere"]) + "\n")
    #expect(pomo.run("completions", "--list", "tags", "--journal", other).out == "elsewhere\n")
  }

  @Test("the cache: a rewrite in place of the same length is noticed; a damaged cache is rebuilt")
  func cacheValidity() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = Journal(path: try home.write("j.jsonl", journalLine(1, tags: ["aaaa"]) + "\n"))
    let cacheFolder = home.file("cache")
    func tags() throws -> [String] { try IndexedJournal(journal: journal, cacheFolder: cacheFolder).tags }
    #expect(try tags() == ["aaaa"])
    try home.write("j.jsonl", journalLine(1, tags: ["bbbb"]) + "\n")
    #expect(try tags() == ["bbbb"])
    for name in try FileManager.default.contentsOfDirectory(atPath: cacheFolder) {
      try "junk".write(toFile: cacheFolder + "/" + name, atomically: true, encoding: .utf8)
    }
    #expect(try tags() == ["bbbb"])
  }

  /// The 20 ms target is measured by the benchmark script; here a loaded CI machine only has
  /// to show that lookups use the cache (re-reading 100,000 sessions takes seconds).
  @Test("tag lookups over 100,000 sessions answer from the cache once it is built")
  func tagLookupSpeed() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let tagSets = [[], ["thesis"], ["writing"], ["thesis", "ch3"], ["code"]]
    var text = ""
    text.reserveCapacity(100_000 * 220)
    for n in 0..<100_000 { text += journalLine(n, tags: tagSets[n % tagSets.count]) + "\n" }
    try home.write(journalFile(home.path), text)
    let environment = ["HOME": home.path]
    // The first lookup builds the cache (once per journal; appends only extend it).
    let first = try await runPomo(["completions", "--list", "tags"], environment: environment, timeout: 300)
    #expect(first.out == "ch3\ncode\nthesis\nwriting\n")
    // The best of a few runs, so a busy machine does not decide the figure.
    var best = Double.infinity
    for _ in 0..<5 {
      let start = Date()
      let result = try await runPomo(["completions", "--list", "tags"], environment: environment)
      best = min(best, Date().timeIntervalSince(start))
      #expect(result.out == "ch3\ncode\nthesis\nwriting\n")
    }
    #expect(best < 1.0, "the tag lookup took \(Int(best * 1000)) ms")
  }
}

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
      try home.write(journalFile(home.path), CompletionShellTests.journal.joined(separator: "\n") + "\n")
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
  }

  /// Two tagged sessions, a later one with a hex id, and two tasks, one of them done.
  static let journal = [
    journalLine(1, tags: ["thesis"]), journalLine(2, tags: ["code", "thesis"]),
    #"{"v":1,"id":"3f2a1b4c-0000-4000-8000-000000000001","preset":"legs","status":"completed","start":"2026-12-01T08:00:00+00:00","end":"2026-12-01T08:25:00+00:00","host":"h","rounds":1,"phases":[]}"#,
    #"{"v":2,"kind":"task","id":"ab12cd34-0000-4000-8000-000000000001","at":"2026-12-01T07:00:00+00:00","host":"h","title":"write the intro","tags":[]}"#,
    #"{"v":2,"kind":"task","id":"ab99cd34-0000-4000-8000-000000000002","at":"2026-11-01T07:00:00+00:00","host":"h","title":"old one","tags":[]}"#,
    #"{"v":2,"kind":"amend","id":"0e0e0e0e-0000-4000-8000-000000000003","target":"ab99cd34-0000-4000-8000-000000000002","at":"2026-11-02T07:00:00+00:00","host":"h","set":{"done":"2026-11-02T07:00:00+00:00"}}"#,
  ]

  /// (words, expected candidates). The last word is the one completed.
  static let cases: [(line: String, expected: [String])] = [
    (
      "pomo ",
      [
        "add", "attach", "away", "back", "completions", "delete", "drop", "edit", "export", "extend", "help", "import",
        "journal", "keep", "log", "manual", "mark",
        "next", "note", "pause", "presets", "rep", "report", "resume", "skip", "start", "status", "stop", "tag", "task", "toggle", "undo",
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
    let setup = try await Setup()
    defer { setup.home.cleanUp() }
    let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    let got = try await Shells.bash(words, script: setup.bashScript, environment: setup.environment, folder: setup.home)
    if let got { #expect(got == expected, "\(line)") }
  }

  @Test("zsh with compinit: subcommands, options, choices, presets and tags", .requires(.zsh), arguments: cases)
  func zsh(_ line: String, _ expected: [String]) async throws {
    let setup = try await Setup()
    defer { setup.home.cleanUp() }
    var expected = expected
    // zsh offers files as well as names for a preset argument (it may be a path): folders here.
    if line == "pomo start " { expected = (expected + ["plans", "scripts"]).sorted() }
    let got = try await Shells.zsh(line, functionFolder: setup.zshFolder, environment: setup.environment, folder: setup.home)
    if let got { #expect(got == expected, "\(line)") }
  }

  @Test("fish: subcommands, options, choices, presets and tags", .requires(.fish), arguments: cases)
  func fish(_ line: String, _ expected: [String]) async throws {
    let setup = try await Setup()
    defer { setup.home.cleanUp() }
    var expected = expected
    // fish offers the descriptions' words with the '--opt=' prefix only for '=' forms; the
    // command list has 'help' from the spec and nothing else.
    if line == "pomo start --co" { expected = ["--color", "--confirm", "--cooldown"] }
    let got = try await Shells.fish(line, script: setup.fishScript, environment: setup.environment)
    if let got { #expect(got == expected, "\(line)") }
  }

  @Test("'--opt=value' and files: bash, zsh and fish", .requires(.bash, .bashCompletion, .zsh, .fish))
  func equalsAndFiles() async throws {
    let setup = try await Setup()
    defer { setup.home.cleanUp() }
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
