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
