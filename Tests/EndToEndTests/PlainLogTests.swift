import Foundation
import PomoTestSupport
import Testing

@Suite("PlainLog: TERM=dumb gets the plain lines, not escape codes", .endToEnd)
struct PlainLogDumbTerminalTests {
  /// `pomo start PRESET` on a terminal that says it is dumb.
  static func onADumbTerminal(_ preset: String, in home: SampleHome) throws -> PseudoTerminal {
    try PseudoTerminal(["start", preset], environment: home.environment(["LANG": "C.UTF-8", "TERM": "dumb"]))
  }

  @Test("a session on a dumb terminal prints no ESC and no carriage-return animation")
  func dumbTerminal() async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    let pty = try Self.onADumbTerminal(home.tiny, in: home)
    #expect(await pty.waitForExit() == 0)
    let text = pty.text
    #expect(!pty.output.contains(0x1B), "\(text.debugDescription)")
    // The terminal itself turns "\n" into "\r\n"; any other "\r" would be pomo redrawing.
    #expect(!text.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"), "\(text.debugDescription)")
    #expect(text.contains("tiny: 2 rounds, 3 phases, 0:03"))
    #expect(text.contains("start   go (work, 0:01, round 1/2)"))
    #expect(text.contains("Completed tiny: 3 of 3 phases done"))
    #expect(pty.isCooked)
  }

  @Test("keys still work on a dumb terminal: q quits with 130")
  func keysOnDumbTerminal() async throws {
    let home = try SampleHome()
    defer { home.folder.cleanUp() }
    let pty = try Self.onADumbTerminal(home.long, in: home)
    #expect(await pty.waitForText("start   focus"))
    #expect(await pty.waitFor { !$0.isCooked })
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
    #expect(!pty.output.contains(0x1B))
    #expect(pty.text.contains("Stopped long: 0 of 8 phases done"))
  }
}
