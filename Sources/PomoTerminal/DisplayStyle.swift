import PomoCore
import PomoPlatform

/// How output may look: Unicode blocks or ASCII, colour or none.
public struct DisplayStyle: Equatable, Sendable {
  public var unicode: Bool
  public var color: Bool

  public init(unicode: Bool, color: Bool) {
    self.unicode = unicode
    self.color = color
  }

  public static let plain = DisplayStyle(unicode: false, color: false)

  /// Colour only on a terminal, never with NO_COLOR (any value) or `--color never`.
  public static func resolveColor(option: ColorChoice?, environment: [String: String], isTerminal: Bool) -> Bool {
    switch option {
    case .always: return true
    case .never: return false
    case .auto, nil:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      if environment["TERM"] == "dumb" { return false }
      return isTerminal
    }
  }

  /// Unicode when the locale's character set is UTF-8 (LC_ALL, then LC_CTYPE, then LANG).
  public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
      if let value = environment[key], !value.isEmpty {
        let lower = value.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
      }
    }
    return false
  }
}

/// ANSI escape sequences, used only when colour is on.
package enum ANSI {
  package static let reset = "\u{1B}[0m"
  package static let bold = "\u{1B}[1m"
  package static let dim = "\u{1B}[2m"
  package static let red = "\u{1B}[31m"
  package static let green = "\u{1B}[32m"
  package static let yellow = "\u{1B}[33m"
  package static let clearLine = "\r\u{1B}[K"
  package static let hideCursor = "\u{1B}[?25l"
  package static let showCursor = "\u{1B}[?25h"

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

