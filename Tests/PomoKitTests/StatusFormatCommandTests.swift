@testable import PomoSession
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoKit
@testable import PomoTerminal

/// `pomo status --format` through the command: its errors, its idle forms, its completions,
/// manual and help.
@Suite("Status formats through the command")
struct StatusFormatCommandTests {
  static let usageErrors: [([String], String)] = [
    (
      ["--format", "{kind} {remainig}"],
      "Error: '--format' has an unknown field '{remainig}'. Did you mean '{remaining}'?"
    ),
    (
      ["--format", "{zzzzzz}"],
      "Error: '--format' has an unknown field '{zzzzzz}'; the fields are "
        + StatusFormat.fields.joined(separator: ", ")
    ),
    (["--format", "{phase"], "Error: '--format' has a '{' that is never closed (write '{{' for a brace)"),
    (["--format=a}{phase}"], "Error: '--format' has a '}' that closes no field (write '}}' for a brace)"),
    (
      ["--format", "wayber"],
      "Error: '--format' must be text, json, waybar, i3blocks or a template like '{phase} {remaining}', got 'wayber'. Did you mean 'waybar'?"
    ),
    (["--json", "--format", "waybar"], "Error: '--json' is '--format json' and cannot go with another '--format'"),
  ]

  @Test("a bad --format is a usage error naming the problem", arguments: usageErrors)
  func usageError(_ words: [String], _ message: String) throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let result = InProcess(home: home.path).run(["status"] + words)
    #expect(result.status == 64)
    #expect(result.out == "")
    #expect(result.err == message + "\nSee 'pomo status --help'.\n")
  }

  @Test("--json is --format json; each format's idle form through the command")
  func idleThroughCommand() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pomo = InProcess(home: home.path)
    let expected: [([String], String)] = [
      ([], "idle\n"), (["--json"], "{\"state\":\"idle\"}\n"), (["--format", "json"], "{\"state\":\"idle\"}\n"),
      (["--json", "--format", "json"], "{\"state\":\"idle\"}\n"),
      (["--format", "waybar"], #"{"text":"","alt":"idle","tooltip":"","class":"idle","percentage":0}"# + "\n"),
      (["--format", "i3blocks"], ##"{"full_text":"","short_text":"","color":"#888888"}"## + "\n"),
      (["--format", "{badge} {remaining}"], "\n"),
    ]
    for (words, out) in expected {
      let result = pomo.run(["status"] + words)
      #expect(result.status == 0, "\(words)")
      #expect(result.out == out, "\(words)")
    }
  }

  @Test("completions offer the format names; the manual and help show --format")
  func generated() throws {
    let option = try #require(Pomo.Status.spec.options.first { $0.long == "format" })
    #expect(option.kind == .template(choices: StatusFormat.names, fields: StatusFormat.fields))
    #expect(CompletionScript.Values(option: option.kind) == .words(StatusFormat.names))
    let manual = ManualPage.render(root: Pomo.node, version: "1", date: "December 1, 2026")
    #expect(manual.contains(".Op Fl \\-format Ar format"))
    #expect(InProcess(home: "/nonexistent").run(["status", "--help"]).out.contains("  --format <format>  "))
  }
}
