import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("Text from files is inert")
struct InertTextTests {
  @Test(
    "control characters and escape sequences are shown in caret notation",
    arguments: [
      ("\u{1B}[2J", "^[[2J"),
      ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
      ("a\u{0}b", "a^@b"),
      ("tab\there", "tab^Ihere"),
      ("two\nlines\r", "two^Jlines^M"),
      ("del\u{7F}", "del^?"),
      ("\u{9B}31m", "^[[31m"),
      ("\u{85}\u{9F}", "^[E^[_"),
      ("plain café 集中 🍅", "plain café 集中 🍅"),
    ])
  func inert(input: String, expected: String) {
    #expect(TextLayout.inert(input) == expected)
    #expect(!TextLayout.inert(input).unicodeScalars.contains(where: TextLayout.isControl))
  }

  @Test("cutting never splits an escape sequence: the cut comes after making it inert", arguments: Array(1...20))
  func truncation(width: Int) {
    let cut = TextLayout.truncate("ab\u{1B}[2Jcd\u{1B}]0;x\u{07}", width, unicode: true)
    #expect(!cut.unicodeScalars.contains(where: TextLayout.isControl))
    #expect(oracleWidth(cut) <= width)
    #expect("ab^[[2Jcd^[]0;x^G".hasPrefix(cut.hasSuffix("…") ? String(cut.dropLast()) : cut))
  }

  @Test("log --json: control characters stay \\u escapes, even when the file has them raw")
  func logJSON() throws {
    let raw = "{\"id\":\"a\",\"note\":\"x\u{1B}[2J\u{9B}1m\u{7F}\",\"tags\":[\"\\u001b\"],\t\"n\":1}"
    let text = JSONOutput.inertLine(Array(raw.utf8))
    #expect(text == #"{"id":"a","note":"x\u001b[2J\u009b1m\u007f","tags":["\u001b"],"# + "\t" + #""n":1}"#)
    let parsed = try JSONParser.parse(Array(text.utf8))
    #expect(parsed["note"]?.stringValue == "x\u{1B}[2J\u{9B}1m\u{7F}")
  }

  @Test("JSON output escapes C0, DEL and C1 controls")
  func jsonOutput() {
    #expect(JSONOutput.string("a\u{1B}b\u{7F}\u{9B}\u{85}é").text == #""a\u001bb\u007f\u009b\u0085é""#)
  }
}

@Suite("Width is measured in terminal columns")
struct TextWidthTests {
  @Test(
    "wide characters take two columns, combining and zero-width ones none",
    arguments: [
      ("abc", 3), ("集中", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국", 4), ("\u{1112}\u{1161}\u{11AB}", 2),
      ("e\u{301}", 1), ("a\u{200B}b", 2), ("🍅", 2), ("❤\u{FE0F}", 2), ("❤", 1), ("👍🏽", 4), ("\u{1B}[1m", 5),
      ("\u{20000}", 2), ("", 0),
    ])
  func widths(text: String, columns: Int) {
    #expect(TextLayout.width(text) == columns)
  }

  @Test(
    "padding and cutting count columns",
    arguments: [
      ("集中作業", 5, "集中…"), ("集中作業", 8, "集中作業"), ("集中作業", 7, "集中作…"), ("🍅🍅🍅", 4, "🍅…"),
      ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
      ("集", 1, "…"),
    ])
  func cutting(text: String, columns: Int, expected: String) {
    #expect(TextLayout.truncate(text, columns, unicode: true) == expected)
    #expect(TextLayout.width(TextLayout.padRight(text, 10)) == max(10, TextLayout.width(text)))
    #expect(TextLayout.width(TextLayout.padLeft(text, 10)) == max(10, TextLayout.width(text)))
  }
}
