import PomoCore
import PomoPlatform

/// The one status line of a running session, as a pure function of the moment and the width.
///
/// `WORK focus  ████████▍░░░░░░░  42%  14:29  '' -  round 2/4  session 31%`
/// (the interruptions marked in the phase, `'` internal and `-` external, after the time)
/// (`WORK focus  ████████████████ 100%  +0:42  …` while a phase waits for confirmation)
/// Parts drop out as the terminal narrows, least useful first, so the line never wraps. The
/// phase name is made inert and measured in columns (CJK and emoji take two).
package enum StatusLine {
  package struct Rendered: Equatable, Sendable {
    package var text: String
    /// How many cells the bar has, so the caller knows when the next cell fills.
    package var barCells: Int
  }

  /// - Parameters:
  ///   - hint: what to do now (while a phase waits: how to go on), the last part of the line.
  ///     As the line narrows, the bar (full while a phase waits) goes before the hint.
  ///   - shortHint: the hint in fewer words, kept where the hint has no room: then the name,
  ///     the percentage and the badge go before it, so how to go on stays in sight.
  package static func render(
    _ s: SessionSnapshot, width: Int, style: DisplayStyle, hint: String? = nil, shortHint: String? = nil
  ) -> Rendered {
    // Never write into the last column: some terminals wrap when it is filled. However narrow
    // the terminal, the line fits: at worst it is the time alone, cut.
    let room = max(0, width - 1)
    let badge = s.paused ? "PAUSED" : s.phase.kind.rawValue.uppercased()
    let percent = "\(Int((s.fraction * 100).rounded(.down)))%"
    // A phase waiting for confirmation shows its overtime counting up instead.
    let time = s.overtime.map(TimeText.overtime) ?? TimeText.countdown(s.remaining)
    let round = s.roundText
    let session = "\(Int((s.sessionFraction * 100).rounded(.down)))%"
    // Break time banked for the first earned rest, on the widest lines only.
    let bank = s.bank.map { "bank \(TimeText.clock($0))" }

    struct Layout {
      var separator: String
      var nameLimit: Int
      var minBar: Int
      var maxBar: Int
      var round: String?
      var session: String?
      var percent: Bool
      var hint = false
      var short = false
      var badge = true
      var bank: String? = nil
    }
    let plain = [
      Layout(
        separator: "  ", nameLimit: 24, minBar: 10, maxBar: 40, round: round.map { "round \($0)" },
        session: "session \(session)", percent: true, bank: bank),
      Layout(
        separator: "  ", nameLimit: 20, minBar: 8, maxBar: 30, round: round.map { "round \($0)" }, session: nil,
        percent: true, bank: bank),
      Layout(separator: " ", nameLimit: 16, minBar: 6, maxBar: 24, round: round, session: nil, percent: true),
      Layout(separator: " ", nameLimit: 12, minBar: 5, maxBar: 20, round: nil, session: nil, percent: true),
      Layout(separator: " ", nameLimit: 0, minBar: 4, maxBar: 12, round: nil, session: nil, percent: true),
      Layout(separator: " ", nameLimit: 0, minBar: 0, maxBar: 0, round: nil, session: nil, percent: false),
    ]
    // With a hint: the wider layouts with it, then without the bar, then the plain ones.
    var hinted = plain.prefix(4).map { layout in
      var layout = layout
      layout.hint = true
      return layout
    }
    hinted += [
      Layout(separator: " ", nameLimit: 12, minBar: 0, maxBar: 0, round: nil, session: nil, percent: true, hint: true),
      Layout(separator: " ", nameLimit: 0, minBar: 0, maxBar: 0, round: nil, session: nil, percent: false, hint: true),
    ]
    if shortHint != nil {
      hinted += [
        Layout(
          separator: " ", nameLimit: 0, minBar: 0, maxBar: 0, round: nil, session: nil, percent: false, hint: true,
          short: true),
        Layout(
          separator: " ", nameLimit: 0, minBar: 0, maxBar: 0, round: nil, session: nil, percent: false, hint: true,
          short: true, badge: false),
      ]
    }
    let layouts = hint == nil ? plain : hinted + plain
    for layout in layouts {
      let name = layout.nameLimit > 0 ? TextLayout.truncate(s.phase.name, layout.nameLimit, unicode: style.unicode) : ""
      // Fixed parts in order; the bar goes between the name and the percentage.
      let before = [layout.badge ? badge : "", name].filter { !$0.isEmpty }
      let after = [
        layout.percent ? TextLayout.padLeft(percent, 4) : "", time, layout.nameLimit >= 16 ? s.marks : "",
        layout.round ?? "", layout.session ?? "",
        layout.bank ?? "", layout.hint ? (layout.short ? shortHint : hint) ?? "" : "",
      ]
      .filter { !$0.isEmpty }
      let parts = before.count + after.count + (layout.maxBar > 0 ? 1 : 0)
      let fixed = (before + after).reduce(0) { $0 + TextLayout.width($1) } + layout.separator.count * (parts - 1)
      let barRoom = room - fixed
      if barRoom < layout.minBar { continue }
      let barWidth = min(layout.maxBar, barRoom)
      var pieces: [String] = []
      if layout.badge {
        pieces.append(
          ANSI.paint(badge, ANSI.bold + (s.paused ? ANSI.yellow : ANSI.color(for: s.phase.kind)), when: style.color))
      }
      if !name.isEmpty { pieces.append(ANSI.paint(name, ANSI.bold, when: style.color)) }
      var cells = 0
      if barWidth > 0 {
        let bar = self.bar(
          fraction: s.fraction, width: barWidth, kind: s.phase.kind, paused: s.paused, warned: s.warned, style: style)
        pieces.append(bar.text)
        cells = bar.cells
      }
      pieces += after.enumerated().map { i, part in
        if part == time { return ANSI.paint(part, ANSI.bold, when: style.color) }
        return layout.hint && i == after.count - 1 ? ANSI.paint(part, ANSI.dim, when: style.color) : part
      }
      return Rendered(text: pieces.joined(separator: layout.separator), barCells: cells)
    }
    return Rendered(text: TextLayout.truncate(time, room, unicode: style.unicode), barCells: 0)
  }

  /// A bar `width` columns wide. Unicode fills in eighths of a cell (whole cells where the font
  /// lacks the eighths, see `DisplayStyle.partialBlocks`); ASCII is `[###...]`.
  /// The bar turns red once the phase has warned that its time is nearly up (`warnBefore`).
  package static func bar(
    fraction: Double, width: Int, kind: PhaseKind, paused: Bool, warned: Bool = false, style: DisplayStyle
  ) -> (text: String, cells: Int) {
    let color = paused ? ANSI.yellow : warned ? ANSI.red : ANSI.color(for: kind)
    if style.unicode {
      let cells = width
      let steps = style.partialBlocks ? 8 : 1
      let eighthsFilled = Int((fraction * Double(cells * steps)).rounded(.down)) * (8 / steps)
      let full = eighthsFilled / 8
      let partial = eighthsFilled % 8
      let filled = String(repeating: "█", count: full) + DisplayStyle.eighths[partial]
      let empty = String(repeating: "░", count: cells - full - (partial > 0 ? 1 : 0))
      return (ANSI.paint(filled, color, when: style.color) + ANSI.paint(empty, ANSI.dim, when: style.color), cells)
    }
    let cells = max(1, width - 2)
    let full = Int((fraction * Double(cells)).rounded(.down))
    let filled = String(repeating: "#", count: full)
    let empty = String(repeating: ".", count: cells - full)
    return ("[" + ANSI.paint(filled, color, when: style.color) + empty + "]", cells)
  }
}
