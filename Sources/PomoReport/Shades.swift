import PomoCore

/// Four shades of focus plus none, for the heatmaps: the thresholds and how each looks in a
/// terminal (colour, `░▒▓█`, or ` .:*#` in a locale that is not UTF-8) and in SVG.
package struct Shades: Equatable, Sendable {
  /// The step between shades, in seconds: shade 1 is under one step, 2 from one step, 3 from
  /// two, 4 from three.
  package var step: Int64

  /// Steps a person reads at a glance, from 5 minutes to 6 hours.
  static let steps: [Int64] = [300, 600, 900, 1800, 2700, 3600, 5400, 7200, 10_800, 14_400, 21_600]

  /// The smallest round step whose four shades reach `maximum` seconds.
  package init(maximum: Int64, least: Int64 = 900) {
    step = Self.steps.first { $0 >= least && $0 * 4 >= maximum } ?? max(least, (maximum + 3) / 4)
  }

  /// Shades for a set of days (or hours): scaled to the 90th percentile of those with any
  /// focus, so one marathon day does not wash out the rest.
  package init(values: [Int64], least: Int64 = 900) {
    let busy = values.filter { $0 > 0 }.sorted()
    let p90 = busy.isEmpty ? 0 : busy[min(busy.count - 1, busy.count * 9 / 10)]
    self.init(maximum: p90, least: least)
  }

  package init(step: Int64) {
    self.step = max(1, step)
  }

  /// 0 for no focus, else 1 to 4.
  package func level(_ seconds: Int64) -> Int {
    seconds <= 0 ? 0 : min(4, Int(seconds / step) + 1)
  }

  /// The lower bound of each shade from 2 to 4, in seconds.
  package var bounds: [Int64] { [step, 2 * step, 3 * step] }

  static let unicodeGlyphs = [" ", "░", "▒", "▓", "█"]
  static let asciiGlyphs = [" ", ".", ":", "*", "#"]
  /// 256-colour reds, dark to bright: pomo's tomato.
  static let colors = ["", "\u{1B}[38;5;88m", "\u{1B}[38;5;124m", "\u{1B}[38;5;160m", "\u{1B}[38;5;203m"]
  static let underline = "\u{1B}[4m"

  /// One cell of `width` columns at `level`; `outlined` (a day that met the goal) is underlined
  /// in colour, and marked nowhere else (a glyph has no room for it).
  package static func cell(_ level: Int, width: Int = 1, outlined: Bool = false, style: DisplayStyle) -> String {
    if style.color {
      if level == 0 {
        return ANSI.paint(String(repeating: style.unicode ? "·" : ".", count: width), ANSI.dim, when: true)
      }
      let glyph = String(repeating: style.unicode ? "█" : "#", count: width)
      return (outlined ? underline : "") + colors[level] + glyph + ANSI.reset
    }
    return String(repeating: (style.unicode ? unicodeGlyphs : asciiGlyphs)[level], count: width)
  }
}
