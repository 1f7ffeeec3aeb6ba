import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoTerminal

/// The break bank on the live line: shown until a session's earned rest draws it, on the
/// widest lines only.
@Suite("The live line shows the break bank")
struct StatusLineBankTests {
  @Test("until it is drawn, the live line shows the bank on its widest lines")
  func bankShown() {
    let clock = FakeClock()
    var e = clock.bankedFocusEngine()
    let wide = StatusLine.render(e.snapshot!, width: 100, style: .plain).text
    #expect(wide.hasSuffix("  bank 2:00"), "\(wide)")
    #expect(!StatusLine.render(e.snapshot!, width: 40, style: .plain).text.contains("bank"))
    _ = e.next()
    #expect(!StatusLine.render(e.snapshot!, width: 100, style: .plain).text.contains("bank"))
  }
}
