import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoPlatform
@testable import PomoTerminal

#if canImport(Glibc)
  import Glibc
#endif

@Suite("ASCIIOutput: nothing outside ASCII where the locale is not UTF-8")
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
}
