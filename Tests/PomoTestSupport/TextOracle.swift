import Foundation

/// Columns a test string takes, by an oracle independent of the code under test: it knows only
/// the characters these tests use (CJK ideographs, kana, Hangul and emoji take two, combining
/// accents and zero-width joiners none).
package func oracleWidth(_ text: String) -> Int {
  text.unicodeScalars.reduce(0) { total, scalar in
    switch scalar.value {
    case 0x0300...0x036F, 0x200B...0x200D, 0xFE0F: total
    case 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1F300...0x1FAFF: total + 2
    default: total + 1
    }
  }
}

/// Text drawn on a terminal, split into what each redraw left on a line: escape sequences
/// removed, split at carriage returns and line feeds.
package func drawnLines(_ output: String) -> [String] {
  ANSIText.strip(output).components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { !$0.isEmpty }
}

/// Names as hostile or unusual files give them.
package let hostileNames: [String] = [
  "\u{1B}[2J\u{1B}[H",  // clear the screen, cursor home
  "\u{1B}]0;owned\u{07}title",  // set the window title
  "\u{9B}31mred\u{9B}0m",  // C1 CSI
  "bell\u{07}\u{08}\u{7F}del",
  "line\nbreak\r\ttab",
  "集中作業時間集中作業時間集中作業時間集中作業時間",  // 24 CJK characters
  "🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅🍅",
  "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
  "한국어 집중 시간 \u{1B}[1m굵게 🧘‍♀️ focus",
]
