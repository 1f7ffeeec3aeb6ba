import PomoCore

/// ANSI escape sequences, used only when colour is on.
package enum ANSI {
  package static let reset = "\u{1B}[0m"
  package static let bold = "\u{1B}[1m"
  package static let dim = "\u{1B}[2m"
  package static let inverse = "\u{1B}[7m"
  package static let red = "\u{1B}[31m"
  package static let green = "\u{1B}[32m"
  package static let yellow = "\u{1B}[33m"
  package static let clearLine = "\r\u{1B}[K"
  package static let hideCursor = "\u{1B}[?25l"
  package static let showCursor = "\u{1B}[?25h"
  /// The terminal's alternate screen (xterm's 1049: the normal screen and cursor saved).
  package static let enterAlternateScreen = "\u{1B}[?1049h"
  package static let leaveAlternateScreen = "\u{1B}[?1049l"

  package static func paint(_ text: String, _ codes: String, when on: Bool) -> String {
    on && !text.isEmpty ? codes + text + reset : text
  }

  /// The text without escape sequences, to measure what the user sees.
  package static func strip(_ text: String) -> String {
    var out = ""
    var inEscape = false
    for scalar in text.unicodeScalars {
      if inEscape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
      } else if scalar == "\u{1B}" {
        inEscape = true
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  package static func color(for kind: PhaseKind) -> String { kind == .work ? red : green }
}
