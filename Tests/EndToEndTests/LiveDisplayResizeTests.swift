import PomoTestSupport
import Testing

/// A resize leaves no debris: after any sequence of resizes, whether the terminal rewraps old
/// lines or cuts them, the screen holds the header, the finished phases and one live line.
@Suite("the live display after resizes", .endToEnd)
struct LiveDisplayResizeTests {
  /// Two short phases with long names (so their log lines wrap when the terminal narrows),
  /// then a long one to resize during.
  static let preset = """
    {"round": [
      {"name": "a warm-up phase whose name is long enough to wrap at forty", "kind": "work", "duration": "1s"},
      {"name": "a second short phase, also with a name that is rather long", "kind": "rest", "duration": "1s"},
      {"name": "the long phase we resize the terminal during, named at length", "kind": "work", "duration": "10m"}
    ]}
    """

  /// What the terminal shows after `pty`'s output, resized at each mark as it was.
  final class Terminal {
    var model: ScreenModel
    var fed = 0
    let reflow: Bool

    init(columns: Int, rows: Int, reflow: Bool) {
      model = ScreenModel(columns: columns, rows: rows)
      self.reflow = reflow
    }

    /// Feeds what arrived so far, then resizes both the model and the pty.
    func resize(_ pty: PseudoTerminal, columns: Int, rows: Int) async {
      await pty.waitFor(0) { _ in true }  // Drain what the display wrote at the old size.
      catchUp(pty)
      model.resize(columns: columns, rows: rows, reflow: reflow)
      pty.resize(columns: UInt16(columns), rows: UInt16(rows))
    }

    func catchUp(_ pty: PseudoTerminal) {
      let bytes = pty.output
      guard bytes.count > fed else { return }
      model.feed(String(decoding: bytes[fed...], as: UTF8.self))
      fed = bytes.count
    }

    /// The screen once everything so far is fed, without changing what was fed.
    func screen(_ pty: PseudoTerminal) -> ScreenModel {
      var copy = model
      let bytes = pty.output
      if bytes.count > fed { copy.feed(String(decoding: bytes[fed...], as: UTF8.self)) }
      return copy
    }
  }

  /// The rows with anything on them: the header first, then `done` lines, then one live line.
  static func tidy(_ screen: ScreenModel) -> Bool {
    let lines = screen.lines.filter { !$0.isEmpty }
    guard lines.count == 4 else { return false }
    return lines[0].hasPrefix("resize: 1 round, ") && lines[1].contains("a warm-up")
      && lines[2].contains("a second") && lines[3].hasPrefix("WORK") && lines.allSatisfy { $0.count < screen.columns }
  }

  static let sequences: [[(Int, Int)]] = [
    [(100, 24), (40, 24), (100, 24)],  // wide, narrow, wide
    [(40, 24), (100, 24), (40, 24)],  // narrow, wide, narrow
    [(100, 24), (30, 10), (70, 30), (25, 8), (90, 24), (41, 20), (100, 24), (60, 24)],  // many, quickly
  ]

  @Test(
    "after any sequence of resizes the screen holds the header, the finished phases and one live line",
    arguments: [true, false], [0, 1, 2])
  func resizesLeaveNoDebris(reflow: Bool, sequence: Int) async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let file = try home.write("resize.json", Self.preset)
    let steps = Self.sequences[sequence]
    let pty = try PseudoTerminal(
      ["start", file, "--no-notify", "--no-bell"],
      environment: ["HOME": home.path, "LANG": "C.UTF-8", "TERM": "xterm", "PATH": "/usr/bin:/bin", "TZ": "UTC"],
      columns: UInt16(steps[0].0), rows: UInt16(steps[0].1))
    let terminal = Terminal(columns: steps[0].0, rows: steps[0].1, reflow: reflow)
    // Both short phases are done and the long one is drawn.
    #expect(await pty.waitFor { Self.tidy(terminal.screen($0)) }, "\(terminal.screen(pty).text)")
    for (i, (columns, rows)) in steps.enumerated().dropFirst() {
      let before = pty.output.count
      await terminal.resize(pty, columns: columns, rows: rows)
      // Quick resizes: only the last one is waited for.
      if i < steps.count - 1 && steps.count > 3 { continue }
      // The live line drawn again after the resize, and the screen as it should be.
      #expect(
        await pty.waitFor {
          ANSIText.strip(String(decoding: $0.output[before...], as: UTF8.self)).contains("\rWORK")
            && Self.tidy(terminal.screen($0))
        }, "reflow \(reflow), after \(columns)x\(rows):\n\(terminal.screen(pty).text)")
    }
    pty.send("q")
    #expect(await pty.waitForExit() == 130)
  }
}
