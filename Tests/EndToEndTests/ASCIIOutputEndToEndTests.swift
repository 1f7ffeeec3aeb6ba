import CPlatform
import Foundation
import Testing

import PomoCore
import PomoTestSupport

/// Every command of the built binary, and a live session on a pseudo-terminal, print nothing
/// outside ASCII where the locale is not UTF-8.
@Suite("ASCIIOutput through the built binary", .endToEnd)
struct ASCIIOutputEndToEndTests {
  static let locales: [[String: String]] = [["LANG": "C"], ["LC_ALL": "C", "LANG": "en_US.UTF-8"], [:]]

  @Test("every command's output is ASCII under LANG=C and LC_ALL=C", arguments: locales)
  func everyCommand(locale: [String: String]) async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    // Narrow, so that descriptions and names are cut.
    let environment = home.environment(locale.merging(["COLUMNS": "60"]) { $1 })
    // A session recorded first, so that log, status and report have something to show.
    let session = try await runPomo(["start", "fokus", "--tag", "tëst"], environment: environment)
    #expect(session.status == 0)
    let commands: [[String]] = [
      ["--version"], ["--help"], ["help", "report"], ["presets"], ["presets", "show", "fokus"],
      ["presets", "show", "fokus", "--json"], ["presets", "show", "work"], ["start", "fokus", "--dry-run"],
      ["start", home.tiny], ["status"], ["status", "--json"], ["log"], ["log", "--json"], ["report"],
      ["report", "--format", "json"], ["report", "--format", "csv"], ["report", "--week", "last"],
      ["completions", "bash"], ["start", "fokuss"], ["nonsense"], ["presets", "show", home.folder.file("nö.json")],
    ]
    for words in commands {
      let result = try await runPomo(words, environment: environment)
      #expect(nonASCII(result.out).isEmpty, "pomo \(words.joined(separator: " ")): \(result.out)")
      #expect(nonASCII(result.err).isEmpty, "pomo \(words.joined(separator: " ")): \(result.err)")
    }
    // Names people wrote show as ?, one per column; JSON keeps them, as \u escapes.
    let list = try await runPomo(["presets"], environment: environment).out
    #expect(list.contains("Tiefe Arbeit ? ohne Ablenkung"), "\(list)")
    #expect(list.contains("~"), "\(list)")
    #expect(try await runPomo(["start", "fokus", "--dry-run"], environment: environment).out.contains("  ???? Fokus\n"))
    let json = try await runPomo(["presets", "show", "fokus", "--json"], environment: environment).out
    let preset = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((preset?["description"] as? String)?.hasSuffix("Kopf leer ist…") == true)
  }

  @Test("a live session on a terminal under LANG=C prints only ASCII", arguments: ["xterm-256color", "linux"])
  func liveSession(term: String) async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    let pty = try PseudoTerminal(["start", "fokus"], environment: home.environment(["LANG": "C", "TERM": term]))
    #expect(await pty.waitForExit() == 0)
    #expect(!pty.output.contains(where: { $0 >= 0x80 }), "\(pty.text.debugDescription)")
    #expect(pty.visible.contains("- space pause"))
    #expect(pty.visible.contains("Completed fokus: 1 of 1 phase done"))
  }
}
