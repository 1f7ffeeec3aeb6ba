import Foundation
import PomoKitTestSupport
import PomoTestSupport
import Testing

/// A usage error is one `Error:` line (with the nearest name where there is one) and a pointer
/// to the command's help, exit 64, never the whole usage again, for every command.
@Suite("usage errors")
struct UsageErrorTests {
  static let cases: [(words: [String], error: String, help: String)] = [
    (
      ["start", "leg"], "Error: no preset named 'leg' (see 'pomo presets'), and not a timer like 25m or 40s/20s",
      "pomo start"
    ),
    (["start", "wrok"], "Error: no preset named 'wrok'. Did you mean 'work'?", "pomo start"),
    (["start"], "Error: missing expected argument '<preset>'", "pomo start"),
    (["start", "work", "--tga", "x"], "Error: unknown option '--tga'. Did you mean '--tag'?", "pomo start"),
    (["strat"], "Error: unknown command 'strat'. Did you mean 'start'?", "pomo"),
    // A word that begins one name means it, though another is fewer edits away.
    (["stat"], "Error: unknown command 'stat'. Did you mean 'status'?", "pomo"),
    // The root's own options: --version and --help.
    (["--verison"], "Error: unknown option '--verison'. Did you mean '--version'?", "pomo"),
    (["--versoin"], "Error: unknown option '--versoin'. Did you mean '--version'?", "pomo"),
    (["--hepl"], "Error: unknown option '--hepl'. Did you mean '--help'?", "pomo"),
    (["start", "--verison"], "Error: unknown option '--verison'", "pomo start"),
    // Durations: zero is no extension, and a bare side takes its neighbour's unit.
    (["extend", "0"], "Error: '<duration>' must be more than zero, got '0'", "pomo extend"),
    (["extend", "0s"], "Error: '<duration>' must be more than zero, got '0s'", "pomo extend"),
    (
      ["start", "40s/20"],
      "Error: '40s/20' has no unit; did you mean '40s/20s'? (a timer is a duration like 25m, 90s or 1:30)", "pomo start"
    ),
    (["presets", "shwo"], "Error: unknown subcommand 'shwo'. Did you mean 'show'?", "pomo presets"),
    (["help", "strat"], "Error: unknown command 'strat'. Did you mean 'start'?", "pomo"),
    (["log", "--color", "allways"], "", "pomo log"),
    (["report", "--week", "--month"], "", "pomo report"),
    (["status", "--format"], "", "pomo status"),
    (
      ["start", "25m", "--confirm", "--no-confirm"], "Error: --confirm and --no-confirm cannot be used together",
      "pomo start"
    ),
    (
      ["start", "25m", "--confirm", "--no-confirm", "--dry-run"],
      "Error: --confirm and --no-confirm cannot be used together", "pomo start"
    ),
  ]

  @Test("a usage error is one line, the nearest name and a pointer to --help, exit 64", arguments: cases.indices)
  func oneLineAndAPointer(index: Int) throws {
    let (words, error, help) = Self.cases[index]
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = InProcess(home: home.path).run(words)
    #expect(result.status == 64, "\(words): \(result.err)")
    #expect(result.out.isEmpty)
    let lines = result.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.count == 3, "\(words): \(result.err)")  // Two lines and the final newline.
    #expect(lines.first?.hasPrefix("Error: ") == true)
    if !error.isEmpty { #expect(lines.first == error) }
    #expect(lines.dropFirst().first == "See '\(help) --help'.")
  }
}
