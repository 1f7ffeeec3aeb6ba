import PomoCore
import PomoPlatform

/// Words in large capitals for `--big`: the exercise under way, or an AMRAP's rounds, read
/// from across the room. Five rows, three pixels a letter, as `BigScreen`'s figures.
package enum BigLetters {
  /// Glyphs three pixels wide and five tall; `#` is ink. Digits are `BigScreen`'s.
  static let glyphs: [Character: [String]] = [
    "A": ["###", "# #", "###", "# #", "# #"], "B": ["## ", "# #", "## ", "# #", "## "],
    "C": ["###", "#  ", "#  ", "#  ", "###"], "D": ["## ", "# #", "# #", "# #", "## "],
    "E": ["###", "#  ", "###", "#  ", "###"], "F": ["###", "#  ", "###", "#  ", "#  "],
    "G": ["###", "#  ", "# #", "# #", "###"], "H": ["# #", "# #", "###", "# #", "# #"],
    "I": ["###", " # ", " # ", " # ", "###"], "J": ["  #", "  #", "  #", "# #", "###"],
    "K": ["# #", "# #", "## ", "# #", "# #"], "L": ["#  ", "#  ", "#  ", "#  ", "###"],
    "M": ["# #", "###", "###", "# #", "# #"], "N": ["## ", "# #", "# #", "# #", "# #"],
    "O": ["###", "# #", "# #", "# #", "###"], "P": ["###", "# #", "###", "#  ", "#  "],
    "Q": ["###", "# #", "# #", "###", "  #"], "R": ["## ", "# #", "## ", "# #", "# #"],
    "S": ["###", "#  ", "###", "  #", "###"], "T": ["###", " # ", " # ", " # ", " # "],
    "U": ["# #", "# #", "# #", "# #", "###"], "V": ["# #", "# #", "# #", "# #", " # "],
    "W": ["# #", "# #", "###", "###", "# #"], "X": ["# #", "# #", " # ", "# #", "# #"],
    "Y": ["# #", "# #", " # ", " # ", " # "], "Z": ["###", "  #", " # ", "#  ", "###"],
    "-": ["   ", "   ", "###", "   ", "   "], " ": ["   ", "   ", "   ", "   ", "   "],
  ]

  static func glyph(_ c: Character) -> [String]? {
    glyphs[Character(c.uppercased())] ?? BigScreen.glyphs[c]
  }

  /// Whether every character of `text` has a large glyph (letters, digits, `-`, space).
  package static func canDraw(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { glyph($0) != nil }
  }

  /// Columns that `render(text)` takes: three a letter, one between letters.
  package static func width(_ text: String) -> Int {
    text.isEmpty ? 0 : text.count * 4 - 1
  }

  /// `text` in large capitals, five rows; nil when a character has no glyph.
  package static func render(_ text: String, unicode: Bool) -> [String]? {
    guard canDraw(text) else { return nil }
    let ink = unicode ? "█" : "#"
    return (0..<5).map { row in
      text.compactMap { glyph($0)?[row] }.map { line in
        line.map { $0 == "#" ? ink : " " }.joined()
      }.joined(separator: " ")
    }
  }
}
