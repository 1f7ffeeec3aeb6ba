import PomoCore
import PomoPlatform

/// How output may look: Unicode or ASCII, colour or none, and which block glyphs the terminal
/// can draw.
public struct DisplayStyle: Equatable, Sendable {
  /// Characters outside ASCII may be printed: the locale is UTF-8 (and `--ascii` was not given).
  public var unicode: Bool
  public var color: Bool
  /// The bar may use the eighth-block glyphs (U+2589 to U+258F). The Linux console's fonts
  /// lack them, so there bars fill whole cells of `█` over `░`, which every console font has.
  public var partialBlocks: Bool

  public init(unicode: Bool, color: Bool, partialBlocks: Bool = true) {
    self.unicode = unicode
    self.color = color
    self.partialBlocks = partialBlocks
  }

  /// The style for this environment: Unicode when the locale is UTF-8 and `ascii` is off,
  /// colour as `resolveColor` says, eighth blocks except on the Linux console.
  public static func resolve(
    ascii: Bool = false, color option: ColorChoice?, environment: [String: String], isTerminal: Bool
  ) -> DisplayStyle {
    DisplayStyle(
      unicode: !ascii && localeIsUTF8(environment),
      color: resolveColor(option: option, environment: environment, isTerminal: isTerminal),
      partialBlocks: environment["TERM"] != "linux")
  }

  /// A terminal that understands no escape codes: `TERM=dumb` (Emacs' shell, some CI logs).
  /// pomo prints to it the plain lines it prints to a pipe.
  public static func isDumb(_ environment: [String: String]) -> Bool { environment["TERM"] == "dumb" }

  /// Between the parts of a line of text: " · ", or " - " in ASCII.
  public var dot: String { unicode ? "·" : "-" }

  public static let plain = DisplayStyle(unicode: false, color: false)

  /// Colour only on a terminal, never with NO_COLOR (any value) or `--color never`.
  public static func resolveColor(option: ColorChoice?, environment: [String: String], isTerminal: Bool) -> Bool {
    switch option {
    case .always: return true
    case .never: return false
    case .auto, nil:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      if isDumb(environment) { return false }
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

/// Text output for a locale that is not UTF-8: whatever passes has nothing outside ASCII (see
/// `TextLayout.ascii`). pomo's own glyphs are chosen by `DisplayStyle.unicode` before this;
/// what it catches is text people wrote, such as a phase named in another script.
public final class ASCIIOutput: TextOutput {
  public let base: any TextOutput
  public init(_ base: any TextOutput) { self.base = base }
  public func write(_ text: String) { base.write(TextLayout.ascii(text)) }
  public var isClosed: Bool { base.isClosed }
}
