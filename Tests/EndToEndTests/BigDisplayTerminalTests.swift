import Foundation
import PomoTestSupport
import Testing

/// The big display through the built binary on a pseudo-terminal: the alternate screen at each
/// size, the one-line display when too small, and the normal screen back however it ends.
@Suite("Big display in a real terminal", .endToEnd)
struct BigDisplayTerminalTests {
  func environment(_ home: TemporaryFolder) -> [String: String] {
    ["HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin"]
  }

  /// The screen a person sees, from everything pomo wrote so far.
  static func screen(of pty: PseudoTerminal, _ columns: Int, _ rows: Int) -> ScreenModel {
    var model = ScreenModel(columns: columns, rows: rows)
    model.feed(pty.text)
    return model
  }

  static let sizes: [(UInt16, UInt16)] = [(80, 24), (40, 12), (20, 8)]

  @Test("in a pty at 80x24, 40x12 and 20x8: the big screen, and the normal screen back at the end", arguments: sizes)
  func pty(columns: UInt16, rows: UInt16) async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", "3s/2s", "-r", "2", "--big", "--no-notify", "--no-bell"], environment: environment(home),
      columns: columns, rows: rows)
    let c = Int(columns)
    // Once a whole frame is drawn: the head, five rows of figures, nothing in the last
    // column, the bar all across, the next phase.
    let drawn = await pty.waitFor {
      let screen = Self.screen(of: $0, c, Int(rows))
      return screen.onAlternate && screen.lines.contains { $0.contains("WORK · work") }
        && screen.lines.filter { $0.contains("█") && !$0.contains("░") }.count == 5
        && screen.lines.allSatisfy { $0.count < c }
        && screen.lines.contains { $0.count == c - 1 && ($0.hasPrefix("█") || $0.hasPrefix("░")) }
        && screen.lines.contains { $0.contains("next: rest 0:02") }
    }
    #expect(drawn, "no big screen: \(Self.screen(of: pty, c, Int(rows)).text)")
    #expect(await pty.waitForExit() == 0)
    let end = Self.screen(of: pty, Int(columns), Int(rows))
    #expect(!end.onAlternate && pty.cursorShown)
    // The plan's head and the phases done stay on the normal screen (at 8 rows, scrolled off).
    if rows >= 12 { #expect(end.text.hasPrefix("3s/2s: 2 rounds, 3 phases, 0:08\n")) }
    #expect(end.text.contains("Completed 3s/2s: 2"))
    #expect(!end.text.contains("██"))
  }

  @Test("smaller than 20x8: the one-line display; a resize brings the big screen and takes it away")
  func fallbackAndResize() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let pty = try PseudoTerminal(
      ["start", "10m", "--big", "--no-notify", "--no-bell"], environment: environment(home), columns: 30, rows: 6)
    #expect(await pty.waitFor { Self.screen(of: $0, 30, 6).lines.first?.hasPrefix("WORK focus") == true })
    let small = Self.screen(of: pty, 30, 6).lines
    #expect(small.dropFirst().allSatisfy { $0.isEmpty })
    // Grow to 40x12: the big screen. (The model starts a fresh screen of the new size, and the
    // display clears and redraws everything after a resize.)
    pty.resize(columns: 40, rows: 12)
    let mark = pty.output.count
    #expect(await pty.waitFor { Self.screen(after: mark, of: $0, 40, 12).lines.contains { $0.contains("WORK · focus") } })
    #expect(Self.screen(after: mark, of: pty, 40, 12).lines.filter { $0.contains("██") }.count == 5)
    pty.resize(columns: 19, rows: 12)
    let mark2 = pty.output.count
    #expect(
      await pty.waitFor {
        Self.screen(after: mark2, of: $0, 19, 12).lines.first?.contains("10:00") == true
          || Self.screen(after: mark2, of: $0, 19, 12).lines.first?.contains("9:5") == true
      })
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(!Self.screen(of: pty, 19, 12).onAlternate && pty.cursorShown && pty.isCooked)
  }

  /// The alternate screen as drawn after byte `mark` of the output (a resize clears it).
  static func screen(after mark: Int, of pty: PseudoTerminal, _ columns: Int, _ rows: Int) -> ScreenModel {
    var model = ScreenModel(columns: columns, rows: rows)
    model.feed("\u{1B}[?1049h" + String(decoding: pty.output[mark...], as: UTF8.self))
    return model
  }

  @Test("Ctrl-C and SIGTERM leave the alternate screen too")
  func waysOut() async throws {
    for (send, code) in [("\u{03}", Int32(130)), ("TERM", 143)] {
      let home = try TemporaryFolder()
      defer { home.cleanUp() }
      let pty = try PseudoTerminal(["start", "10m", "--big", "--no-notify"], environment: environment(home))
      #expect(await pty.waitFor { Self.screen(of: $0, 80, 24).onAlternate && $0.visible.contains("WORK · focus") })
      if send == "TERM" { kill(pty.pid, SIGTERM) } else { pty.send(send) }
      #expect(await pty.waitForExit() == code)
      #expect(!Self.screen(of: pty, 80, 24).onAlternate && pty.cursorShown && pty.isCooked)
    }
  }
}
