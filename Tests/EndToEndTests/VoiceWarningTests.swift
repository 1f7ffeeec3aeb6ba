import Foundation
import PomoTestSupport
import Testing

/// `--voice` with no speaker on PATH warns before the `--big` screen opens, on stderr in one
/// line, and the big screen shows the warning too while the first phase runs: its alternate
/// screen would hide what came before it.
@Suite("The voice's warning with --big", .endToEnd)
struct VoiceWarningTests {
  @Test("--voice with no speaker warns before the --big screen opens, and the screen shows it")
  func warnsBeforeTheBigScreenOpens() async throws {
    try await PomoHome.with { home in
      var fixture = home
      // No espeak-ng, spd-say or say: a PATH with nothing on it.
      fixture.environment["PATH"] = try fixture.folder.write("bin/.keep", "").replacingOccurrences(of: "/.keep", with: "")
      let pty = try fixture.terminal(["start", fixture.preset("long"), "--big", "--voice", "--no-notify"], rows: 24)
      let warning = "pomo: warning: no speaker found (espeak-ng, spd-say or say); the voice cues stay silent\r\n"
      let alternate = "\u{1B}[?1049h"
      #expect(await pty.waitFor { $0.text.contains(alternate) && $0.text.contains("round 1/1") }, "\(pty.visible)")
      let text = pty.text
      // One line on stderr, before the screen opens, and nothing else before it.
      #expect(text.hasPrefix(warning + alternate), "\(text.prefix(300))")
      var screen = ScreenModel(columns: 80, rows: 24)
      screen.feed(text)
      #expect(screen.onAlternate)
      #expect(
        screen.lines.contains { $0.contains("warning: no speaker found (espeak-ng, spd-say or say); the voice cues") },
        "\(screen.text)")
      pty.send("q")
      _ = await pty.waitForExit()
    }
  }
}
