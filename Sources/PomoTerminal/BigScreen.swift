import PomoCore
import PomoPlatform

/// The whole-terminal display of `--big`, as a pure function of the moment and the size: for
/// someone two metres away on a mat, who reads the time left and the kind of phase at a glance.
///
/// ```
///               WORK · work
///                round 3/8
///
/// █████████         █████████   █████████
/// ███   ███   ███         ███   ███
/// ███   ███         █████████   █████████
/// ███   ███   ███   ███               ███
/// █████████         █████████   █████████
///
/// ██████████████▋░░░░░░░░░░░░░░░░░░░░░░░░
///             next: rest 0:20
/// ```
///
/// The figures are five rows tall, of `█` (of `#` where the locale is not UTF-8), as wide as
/// the terminal allows. Rest looks unlike work: another word, another colour, and its head in
/// inverse video. Everything is centred; nothing reaches the last column.
package enum BigScreen {
  /// The smallest terminal it draws in; below this, the one-line display is used.
  package static let minimumColumns = 20
  package static let minimumRows = 8

  /// Glyphs three pixels wide (the colon one), five tall; `#` is ink.
  static let glyphs: [Character: [String]] = [
    "0": ["###", "# #", "# #", "# #", "###"],
    "1": ["  #", "  #", "  #", "  #", "  #"],
    "2": ["###", "  #", "###", "#  ", "###"],
    "3": ["###", "  #", "###", "  #", "###"],
    "4": ["# #", "# #", "###", "  #", "  #"],
    "5": ["###", "#  ", "###", "  #", "###"],
    "6": ["###", "#  ", "###", "# #", "###"],
    "7": ["###", "  #", "  #", "  #", "  #"],
    "8": ["###", "# #", "###", "# #", "###"],
    "9": ["###", "# #", "###", "  #", "###"],
    ":": [" ", "#", " ", "#", " "],
    "+": ["   ", " # ", "###", " # ", "   "],
  ]

  /// `text` (digits, `:`, `+`) in large figures: five rows, each pixel `scale` columns wide,
  /// a pixel's width between figures.
  package static func figures(_ text: String, scale: Int, unicode: Bool) -> [String] {
    let ink = unicode ? "█" : "#"
    return (0..<5).map { row in
      text.compactMap { glyphs[$0]?[row] }.map { line in
        line.map { String(repeating: $0 == "#" ? ink : " ", count: scale) }.joined()
      }.joined(separator: String(repeating: " ", count: scale))
    }
  }

  /// Columns that `figures(text, scale:)` takes.
  package static func figuresWidth(_ text: String, scale: Int) -> Int {
    let pixels = text.compactMap { glyphs[$0]?[0].count }
    return (pixels.reduce(0, +) + max(0, pixels.count - 1)) * scale
  }

  /// The screen's rows (exactly `rows` of them, none reaching the last column), or nil when
  /// the terminal is too small for large figures: the caller then draws the status line.
  /// `footer` (the keys, or how to go on) takes the bottom rows when the rows leave room for it.
  package static func render(
    _ s: SessionSnapshot, next: PlannedPhase?, columns: Int, rows: Int, style: DisplayStyle, footer: [String] = []
  ) -> [String]? {
    guard columns >= minimumColumns, rows >= minimumRows else { return nil }
    let room = columns - 1
    let time = s.overtime.map(TimeText.overtime) ?? TimeText.countdown(s.remaining)
    guard let scale = (1...4).reversed().first(where: { figuresWidth(time, scale: $0) <= room }) else { return nil }
    let color = s.paused ? ANSI.yellow : ANSI.color(for: s.phase.kind)
    let badge = s.paused ? "PAUSED" : s.phase.kind.rawValue.uppercased()
    let round = s.roundText.map { "round \($0)" }
    let tall = rows >= 11

    func centred(_ text: String, _ codes: String = "") -> String {
      let cut = TextLayout.truncate(text, room, unicode: style.unicode)
      let pad = String(repeating: " ", count: max(0, (room - TextLayout.width(cut)) / 2))
      return pad + ANSI.paint(cut, codes, when: style.color && !codes.isEmpty)
    }
    // Rest's head is inverse video: unlike work's at a glance, in any colour scheme.
    let headCodes = ANSI.bold + color + (s.phase.kind == .rest && !s.paused ? ANSI.inverse : "")
    let name = TextLayout.inert(s.phase.name)
    // The focus's interruption marks (' and -), as the one-line display shows them.
    let marks = s.marks.isEmpty ? nil : s.marks
    var head = "\(badge) \(style.dot) \(name)"
    if !tall, let short = s.roundText { head += " \(style.dot) \(short)" }
    if !tall, let marks { head += " \(style.dot) \(marks)" }
    var lines = [centred(" \(head) ", headCodes)]
    // An AMRAP's rounds, else the exercise, in large capitals where the rows and columns have
    // room (and the letters a glyph); else the count joins the round's line.
    let counted = s.counted.map { TextLayout.count($0, "round") }
    let banner = counted ?? s.phase.exercise
    let bigBanner = banner.flatMap { text in
      tall && rows >= 17 && BigLetters.width(text) <= room ? BigLetters.render(text, unicode: style.unicode) : nil
    }
    if tall {
      let roundLine = [round, bigBanner == nil ? counted : nil, marks].compactMap { $0 }.joined(separator: " \(style.dot) ")
      lines += [centred(roundLine), ""]
    } else if let counted {
      lines[0] = centred(" \(head) \(style.dot) \(counted) ", headCodes)
    }
    if let bigBanner {
      let pad = String(repeating: " ", count: max(0, (room - BigLetters.width(banner ?? "")) / 2))
      lines += bigBanner.map { pad + ANSI.paint(trimmedRight($0), ANSI.bold, when: style.color) } + [""]
    }
    let figureLines = figures(time, scale: scale, unicode: style.unicode)
    let figurePad = String(repeating: " ", count: (room - figuresWidth(time, scale: scale)) / 2)
    lines += figureLines.map { figurePad + ANSI.paint(trimmedRight($0), ANSI.bold + color, when: style.color) }
    if tall { lines.append("") }
    lines.append(
      StatusLine.bar(
        fraction: s.fraction, width: room, kind: s.phase.kind, paused: s.paused, warned: s.warned, style: style
      ).text)
    if let next {
      lines.append(centred("next: \(TextLayout.inert(next.name)) \(TimeText.clock(next.duration))", ANSI.dim))
    } else {
      lines.append(centred("last phase", ANSI.dim))
    }
    // The footer sits at the bottom, a blank row above it, when the rows have room.
    let foot = rows - lines.count >= footer.count + 1 ? footer.map { centred($0, ANSI.dim) } : []
    let top = (rows - lines.count - foot.count) / 2
    let screen = Array(repeating: "", count: top) + lines
    return screen + Array(repeating: "", count: rows - screen.count - foot.count) + foot
  }

  private static func trimmedRight(_ line: String) -> String {
    var text = Substring(line)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
