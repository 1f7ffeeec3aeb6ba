import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("ASCIIOutput: nothing outside ASCII where the locale is not UTF-8", .endToEnd)
struct ASCIIOutputTests {
  @Test("text people wrote: each character beyond ASCII is a ? per column it takes")
  func userText() {
    #expect(TextLayout.ascii("focus") == "focus")
    #expect(TextLayout.ascii("集中 Fokus") == "???? Fokus")
    #expect(TextLayout.ascii("cafe\u{301} ü…") == "caf? ??")
    #expect(TextLayout.ascii("🍅x") == "??x")
    let out = TextBuffer()
    ASCIIOutput(out).write("Tiefe Arbeit · ohne…\n")
    #expect(out.text == "Tiefe Arbeit ? ohne?\n")
  }

  @Test("cut text ends in ~, one column like …")
  func truncation() {
    #expect(TextLayout.truncate("a long description", 8, unicode: false) == "a long ~")
    #expect(TextLayout.truncate("a long description", 8, unicode: true) == "a long …")
    #expect(TextLayout.truncate("short", 8, unicode: false) == "short")
  }

  @Test("JSON stays the same JSON, in ASCII")
  func json() throws {
    let json = #"{"name":"集中 🍅 ü","n":1}"#
    let escaped = JSONOutput.asciiEscaped(json)
    #expect(escaped == #"{"name":"\u96c6\u4e2d \ud83c\udf45 \u00fc","n":1}"#)
    let back = try JSONSerialization.jsonObject(with: Data(escaped.utf8)) as? [String: Any]
    #expect(back?["name"] as? String == "集中 🍅 ü")
  }

  @Test("the key hint, the bar and cut names in the live display are ASCII")
  func liveDisplay() {
    let style = DisplayStyle.resolve(color: nil, environment: ["LANG": "C"], isTerminal: true)
    #expect(!style.unicode)
    #expect(style.dot == "-")
    let snapshot = SessionSnapshot(
      phase: PlannedPhase(
        index: 0, name: "a very long phase name indeed", kind: .work, duration: .seconds(60), round: 1,
        offset: .zero),
      phaseCount: 2, rounds: 1, remaining: .seconds(31), length: .seconds(60), paused: false, sessionFraction: 0.3)
    for width in 1...120 {
      let line = StatusLine.render(snapshot, width: width, style: style).text
      #expect(nonASCII(line).isEmpty, "width \(width): \(line)")
    }
  }

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
