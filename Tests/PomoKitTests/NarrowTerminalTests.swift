import Foundation
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore

/// Every command at 40 columns, the narrowest terminal pomo reads well on, with a journal that
/// has sessions, a workout-free preset session and a task: no line may be wider than the terminal.
@Suite("every command at 40 columns")
struct NarrowTerminalTests {
  static let width = 40

  /// The commands walked besides the help pages; `export` is data, not laid out, so it is not.
  static func commands() throws -> [[String]] {
    let presets = try PresetCatalog.builtIns().map(\.name)
    return [
      ["report", "--week"], ["report", "--month"], ["report", "--year"], ["report", "--today"],
      ["report", "--hours"], ["report", "--tasks"], ["log"], ["presets"], ["presets", "show", "work"],
      ["status"], ["start", "work", "--until", "17:00", "--dry-run"], ["task", "list"], ["journal"],
      ["--version"],
    ] + presets.map { ["start", $0, "--dry-run"] }
  }

  /// Each help page, as `pomo X --help` and as `pomo help X`.
  static func helpCommands() -> [[String]] {
    commandTree().flatMap { path, _ in
      let words = Array(path.dropFirst())
      return [words + ["--help"]] + (words.isEmpty ? [] : [["help"] + words])
    }
  }

  /// The lines of `text` wider than the terminal, with their number, for a message. A path
  /// alone on its line (the journal's folder, under a temporary HOME) is data, kept whole.
  static func tooWide(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { n, line in
      let word = line.trimmingCharacters(in: .whitespaces)
      if word.hasPrefix("/") && !word.contains(" ") { return nil }
      return TextLayout.width(String(line)) > width ? "line \(n + 1) (\(TextLayout.width(String(line)))): \(line)" : nil
    }
  }

  @Test("no line of any command, help page or report is wider than 40 columns")
  func everyLineFits() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    var pomo = InProcess(home: home.path)
    pomo.environment["TZ"] = "UTC"
    pomo.width = Self.width
    let today = Date().timeIntervalSince1970
    let day = { (back: Double) in
      RFC3339.format(today - back * 86_400, offset: 0).prefix(10)
    }
    for setup in [
      ["task", "add", "write the quarterly report for the team"],
      ["add", "work", "--start", "\(day(1))T09:00", "--tag", "code review", "--tag", "a-rather-long-tag-name"],
      ["add", "25m", "--start", "\(day(1))T13:00", "--note", "a note that is much longer than forty columns"],
      ["add", "work", "--start", "\(day(3))T14:00", "--end", "\(day(3))T14:40"],
    ] {
      let result = pomo.run(setup)
      #expect(result.status == 0, "pomo \(setup.joined(separator: " ")): \(result.err)")
    }
    var walked = 0
    for words in try Self.commands() + Self.helpCommands() {
      let result = pomo.run(words)
      #expect(result.status == 0, "pomo \(words.joined(separator: " ")): \(result.err)")
      for (stream, text) in [("stdout", result.out), ("stderr", result.err)] {
        let wide = Self.tooWide(text)
        #expect(wide.isEmpty, "pomo \(words.joined(separator: " ")) \(stream):\n\(wide.joined(separator: "\n"))\n\(text)")
      }
      walked += 1
    }
    #expect(walked > 40)
  }

  @Test("the check finds a line wider than 40 columns")
  func checkCatchesWideLine() {
    #expect(Self.tooWide("short\n" + String(repeating: "x", count: 41)) == ["line 2 (41): " + String(repeating: "x", count: 41)])
    #expect(Self.tooWide(String(repeating: "é", count: 40)).isEmpty)
  }
}
