import PomoCore

/// `--format svg`: one standalone picture of a report, with no external references. A year
/// (or any range longer than two months) is a calendar heatmap; a shorter range is a bar per
/// day. Colours follow the reader's light or dark setting.
package enum ReportSVG {
  /// The picture as a standalone file.
  package static func render(_ report: Report) -> String {
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + picture(report) + "\n"
  }

  /// The `<svg>` element alone, as the HTML page inlines it.
  package static func picture(_ report: Report) -> String {
    report.range.kind == .year || report.range.count > 62 ? heatmap(report) : bars(report)
  }

  /// Light colours, and dark ones for readers who prefer them.
  static let style = """
    <style>
    .bg{fill:#ffffff}
    text{font-family:-apple-system,"Segoe UI",Helvetica,Arial,sans-serif;font-size:11px;fill:#57606a}
    text.title{font-size:14px;font-weight:600;fill:#24292f}
    .l0{fill:#ebedf0}.l1{fill:#fbd3cc}.l2{fill:#f59c8e}.l3{fill:#e8604c}.l4{fill:#b8311d}
    .bar{fill:#e8604c}.grid{stroke:#d0d7de;stroke-width:1}
    .met{stroke:#1a7f37;stroke-width:2}.goal{stroke:#1a7f37;stroke-width:1.5;stroke-dasharray:4 3;fill:none}
    @media (prefers-color-scheme: dark){
    .bg{fill:#0d1117}
    text{fill:#8b949e}
    text.title{fill:#e6edf3}
    .l0{fill:#161b22}.l1{fill:#4b1a14}.l2{fill:#7d2a1f}.l3{fill:#c0432f}.l4{fill:#f26b55}
    .bar{fill:#f26b55}.grid{stroke:#30363d}
    .met{stroke:#3fb950}.goal{stroke:#3fb950}
    }
    </style>
    """

  /// Text for XML: made inert (no control characters), with `& < > " '` as entities.
  package static func escape(_ text: String) -> String { MarkupText.escaped(TextLayout.inert(text)) }

  static func hm(_ seconds: Int64) -> String { TimeText.hoursMinutes(seconds: seconds) }

  static func title(_ report: Report) -> String {
    let range = report.range
    return "\(range.title): focus \(hm(Int64(report.totals.focus.rounded())))"
  }

  /// The sentence a screen reader reads for the picture.
  static func description(_ report: Report, picture: String) -> String {
    let range = report.range
    var text =
      "\(picture) of focus \(range.count == 1 ? "on" : "from") \(range.span) (\(report.timeZone)): "
      + "\(TextLayout.count(report.totals.sessions, "session")), focus \(hm(Int64(report.totals.focus.rounded())))."
    if let best = report.bestDay, let i = report.days.firstIndex(of: best) {
      text += " Best day \(LocalCalendar.label(best.day)) with \(hm(report.focusSeconds[i]))."
    }
    if let goal = report.goal {
      text += " Goal \(hm(Int64(goal.rounded()))) a day, met on \(TextLayout.count(report.goalMet.filter { $0 }.count, "day"))."
    }
    return text
  }

  static func open(width: Int, height: Int, title: String, description: String) -> String {
    """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
    role="img" aria-labelledby="pomo-title pomo-desc">
    <title id="pomo-title">\(escape(title))</title>
    <desc id="pomo-desc">\(escape(description))</desc>
    \(style)
    <rect class="bg" x="0" y="0" width="\(width)" height="\(height)"/>
    <text class="title" x="12" y="22">\(escape(title))</text>
    """
  }

  /// The legend's entries from `x` along the line at `y`: a swatch class (or a goal line) and its label.
  static func legend(_ entries: [(swatch: String, label: String)], x: Int, y: Int) -> [String] {
    var out: [String] = []
    var at = x
    for (swatch, label) in entries {
      if swatch == "goal" {
        out.append("<line class=\"goal\" x1=\"\(at)\" y1=\"\(y - 4)\" x2=\"\(at + 11)\" y2=\"\(y - 4)\"/>")
      } else {
        out.append("<rect class=\"\(swatch)\" x=\"\(at)\" y=\"\(y - 10)\" width=\"11\" height=\"11\" rx=\"2\"/>")
      }
      out.append("<text x=\"\(at + 15)\" y=\"\(y)\">\(escape(label))</text>")
      at += 15 + label.count * 6 + 14
    }
    return out
  }

  /// The calendar heatmap: a column per week, a row per weekday, a cell per day of the range.
  static func heatmap(_ report: Report) -> String {
    let grid = WeekGrid(range: report.range.days, weekStart: report.range.weekStart)
    let focus = report.focusSeconds
    let met = report.goalMet
    let shades = Shades(values: focus)
    let (pitch, size, left, top) = (13, 11, 40, 52)
    let width = max(left + grid.columns * pitch + 12, 560)
    let height = top + 7 * pitch + 44
    var out = [
      open(
        width: width, height: height, title: title(report),
        description: description(report, picture: "A calendar heatmap"))
    ]
    for (column, month) in grid.monthStarts {
      let name = String(LocalCalendar.monthNames[Int(month) - 1].prefix(3))
      out.append("<text x=\"\(left + column * pitch)\" y=\"\(top - 8)\">\(name)</text>")
    }
    for (row, name) in grid.rowNames.enumerated() where row % 2 == 0 {
      out.append("<text x=\"12\" y=\"\(top + row * pitch + 9)\">\(name)</text>")
    }
    out.append("<g class=\"days\">")
    for column in 0..<grid.columns {
      for row in 0..<7 {
        guard let d = grid.day(column: column, row: row) else { continue }
        let i = Int(d - report.range.days.lowerBound)
        let classes = "day l\(shades.level(focus[i]))" + (met[i] ? " met" : "")
        out.append(
          "<rect class=\"\(classes)\" x=\"\(left + column * pitch)\" y=\"\(top + row * pitch)\" width=\"\(size)\" "
            + "height=\"\(size)\" rx=\"2\" data-date=\"\(LocalCalendar.isoDate(d))\" data-focus=\"\(focus[i])\">"
            + "<title>\(LocalCalendar.label(d)): \(hm(focus[i]))\(met[i] ? ", goal met" : "")</title></rect>")
      }
    }
    out.append("</g>")
    let times = shades.bounds.map(hm)
    var entries: [(swatch: String, label: String)] = [
      ("l0", "none"), ("l1", "under \(times[0])"), ("l2", "\(times[0])+"), ("l3", "\(times[1])+"), ("l4", "\(times[2])+"),
    ]
    if let goal = report.goal { entries.append(("l0 met", "goal \(hm(Int64(goal.rounded()))) met")) }
    out += legend(entries, x: left, y: top + 7 * pitch + 26)
    out.append("</svg>")
    return out.joined(separator: "\n")
  }

  /// A bar per day, on a scale of hours, with the goal as a dashed line.
  static func bars(_ report: Report) -> String {
    let focus = report.focusSeconds
    let met = report.goalMet
    let count = report.days.count
    let pitch = max(16, min(64, 640 / max(1, count)))
    let barWidth = pitch * 7 / 10
    let (left, top, chart) = (48, 44, 180)
    let width = max(left + count * pitch + 16, 420)
    let height = top + chart + 64
    // The scale: whole hours, enough for the best day and the goal.
    let highest = max(focus.max() ?? 0, Int64(report.goal?.rounded() ?? 0), 3600)
    let hours = Int((highest + 3599) / 3600)
    let stepHours = hours <= 8 ? 1 : hours <= 16 ? 2 : 4
    let scaleTop = Double(((hours + stepHours - 1) / stepHours) * stepHours * 3600)
    func y(_ seconds: Double) -> Int { top + chart - Int((seconds / scaleTop * Double(chart)).rounded()) }
    var out = [
      open(width: width, height: height, title: title(report), description: description(report, picture: "A bar chart"))
    ]
    for h in stride(from: 0, through: Int(scaleTop / 3600), by: stepHours) {
      let at = y(Double(h * 3600))
      out.append("<line class=\"grid\" x1=\"\(left)\" y1=\"\(at)\" x2=\"\(left + count * pitch)\" y2=\"\(at)\"/>")
      out.append("<text x=\"\(left - 6)\" y=\"\(at + 4)\" text-anchor=\"end\">\(h)h</text>")
    }
    out.append("<g class=\"days\">")
    for (i, d) in report.days.enumerated() {
      let x = left + i * pitch + (pitch - barWidth) / 2
      let barTop = y(Double(focus[i]))
      let classes = "day bar" + (met[i] ? " met" : "")
      out.append(
        "<rect class=\"\(classes)\" x=\"\(x)\" y=\"\(barTop)\" width=\"\(barWidth)\" height=\"\(top + chart - barTop)\" "
          + "data-date=\"\(LocalCalendar.isoDate(d.day))\" data-focus=\"\(focus[i])\">"
          + "<title>\(LocalCalendar.label(d.day)): \(hm(focus[i]))\(met[i] ? ", goal met" : "")</title></rect>")
      let (_, _, dd) = LocalCalendar.date(d.day)
      let name = LocalCalendar.weekdayNames[LocalCalendar.weekday(d.day) - 1]
      let center = left + i * pitch + pitch / 2
      if count <= 14 {
        out.append("<text x=\"\(center)\" y=\"\(top + chart + 16)\" text-anchor=\"middle\">\(name)</text>")
        out.append("<text x=\"\(center)\" y=\"\(top + chart + 29)\" text-anchor=\"middle\">\(dd)</text>")
      } else if pitch >= 20 || i % 2 == 0 {
        out.append("<text x=\"\(center)\" y=\"\(top + chart + 16)\" text-anchor=\"middle\">\(dd)</text>")
      }
    }
    out.append("</g>")
    var entries: [(swatch: String, label: String)] = [("bar", "focus")]
    if let goal = report.goal {
      let at = y(goal)
      out.append("<line class=\"goal\" x1=\"\(left)\" y1=\"\(at)\" x2=\"\(left + count * pitch)\" y2=\"\(at)\"/>")
      entries.append(("goal", "goal \(hm(Int64(goal.rounded()))) a day"))
      entries.append(("l0 met", "goal met"))
    }
    out += legend(entries, x: left, y: height - 12)
    out.append("</svg>")
    return out.joined(separator: "\n")
  }
}
