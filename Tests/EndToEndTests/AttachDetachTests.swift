import PomoTestSupport
import Testing

/// `d` in `pomo attach` leaves the session running and the terminal clean: no frozen progress
/// bar, a whole line that says what happened and how to come back.
@Suite("Detaching from pomo attach", .endToEnd)
struct AttachDetachTests {
  @Test("d in pomo attach clears the live line and leaves one saying it detached and how to come back")
  func detachLeavesACleanLine() async throws {
    try await PomoHome.with { fixture in
      let started = try await fixture.run(["start", fixture.preset("long"), "--detach"])
      #expect(started.status == 0, "\(started.err)")
      for columns in [80, 40] {
        let pty = try fixture.terminal(["attach"], columns: UInt16(columns), rows: 10)
        #expect(await pty.waitForText("WORK"), "\(pty.visible)")
        pty.send("d")
        #expect(await pty.waitForExit() == 0)
        var screen = ScreenModel(columns: columns, rows: 10)
        screen.feed(pty.text)
        let lines = screen.lines.filter { !$0.isEmpty }
        // The head line stays; the live line gave way to the message, a line of its own.
        #expect(lines.count == 2, "\(screen.text)")
        #expect(!screen.text.contains("WORK") && !screen.text.contains("█"), "\(screen.text)")
        let expected = "Detached; the session runs on. 'pomo attach' comes back to it."
        #expect(lines.last == (columns == 80 ? expected : String(expected.prefix(38)) + "…"), "\(screen.text)")
        #expect(pty.isCooked && pty.cursorShown)
      }
      #expect(try await fixture.run("status").out.hasPrefix("WORK focus "))
    }
  }
}
