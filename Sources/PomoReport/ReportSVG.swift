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

/// `--format html`: one self-contained page (inline CSS and SVG, no JavaScript, nothing
/// fetched) with the picture and the summary tables.
package enum ReportHTML {
  static let css = """
    :root{color-scheme:light dark;--fg:#24292f;--muted:#57606a;--bg:#ffffff;--line:#d0d7de}
    @media (prefers-color-scheme: dark){:root{--fg:#e6edf3;--muted:#8b949e;--bg:#0d1117;--line:#30363d}}
    body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
    main{max-width:60rem;margin:0 auto;padding:1.5rem}
    h1{font-size:1.5rem;margin:0 0 .25rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
    .range{color:var(--muted);margin:0 0 1rem}
    figure{margin:0;overflow-x:auto}
    .tables{display:flex;flex-wrap:wrap;gap:0 2.5rem}
    table{border-collapse:collapse}
    th,td{padding:.2rem .75rem .2rem 0;border-bottom:1px solid var(--line);text-align:left}
    td.n{text-align:right;font-variant-numeric:tabular-nums}
    footer{color:var(--muted);font-size:.85rem;margin-top:2rem}
    """

  package static func render(_ report: Report) -> String {
    let e = ReportSVG.escape
    let hm = ReportSVG.hm
    let range = report.range
    let totals = report.totals
    let focus = report.focusSeconds
    func row(_ name: String, _ value: String) -> String {
      "<tr><th scope=\"row\">\(e(name))</th><td class=\"n\">\(e(value))</td></tr>"
    }
    var summary = [
      row("Focus", hm(Int64(totals.focus.rounded()))), row("Rest", hm(Int64(totals.rest.rounded()))),
      row("Pomodoros done", "\(totals.pomodoros)"), row("Cut short", "\(totals.cutShort)"),
      row("Sessions", "\(totals.sessions)"), row("Completed", "\(totals.completed)"),
      row("Interrupted", "\(totals.interrupted)"),
    ] + (totals.workoutSessions > 0
      ? [row("Workouts", "\(totals.workoutSessions) (\(hm(Int64(totals.workout.rounded()))))")] : [])
      + (totals.void > 0 ? [row("Void", "\(totals.void) (\(hm(Int64(totals.voidFocus.rounded()))))")] : [])
      + (totals.internalMarks + totals.externalMarks > 0
        ? [row("Interruptions", "\(totals.internalMarks)' \(totals.externalMarks)-")] : [])
    if let day = report.bestDay, let i = report.days.firstIndex(of: day) {
      summary.append(row("Best day", "\(LocalCalendar.label(day.day)) (\(hm(focus[i])))"))
    }
    if let change = report.focusChangePercent {
      summary.append(row("vs \(range.previousName)", "\(change >= 0 ? "+" : "")\(change)%"))
    }
    var streak = [row("Current streak", TextLayout.count(report.streakDays, "day"))]
    if let longest = report.longestStreak {
      streak.append(row("Longest streak", "\(TextLayout.count(longest.days, "day")) from \(LocalCalendar.isoDate(longest.first))"))
    }
    if let goal = report.goal {
      streak.append(row("Daily goal", hm(Int64(goal.rounded()))))
      streak.append(row("Days met", "\(report.goalMet.filter { $0 }.count) of \(report.days.count)"))
    }
    func groups(_ heading: String, _ list: [Report.Group]) -> String {
      guard !list.isEmpty else { return "" }
      let rows = list.map {
        "<tr><td>\(e($0.name))</td><td class=\"n\">\($0.sessions)</td><td class=\"n\">\(hm(Int64($0.focus.rounded())))</td></tr>"
      }
      return """
        <section><h2>\(heading)s</h2><table><thead><tr><th scope="col">\(heading)</th><th scope="col">Sessions</th>\
        <th scope="col">Focus</th></tr></thead><tbody>
        \(rows.joined(separator: "\n"))
        </tbody></table></section>
        """
    }
    let span = "\(range.span) (\(report.timeZone))"
    return """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8"/>
      <meta name="viewport" content="width=device-width, initial-scale=1"/>
      <meta name="color-scheme" content="light dark"/>
      <title>pomo: \(e(range.title))</title>
      <style>
      \(css)
      </style>
      </head>
      <body>
      <main>
      <h1>\(e(range.title))</h1>
      <p class="range">\(e(span))</p>
      <figure>
      \(ReportSVG.picture(report))
      </figure>
      <div class="tables">
      <section><h2>Totals</h2><table><tbody>
      \(summary.joined(separator: "\n"))
      </tbody></table></section>
      <section><h2>Streak and goal</h2><table><tbody>
      \(streak.joined(separator: "\n"))
      </tbody></table></section>
      \(groups("Preset", report.presets))
      \(groups("Tag", report.tags))
      </div>
      <footer>Made by pomo report.</footer>
      </main>
      </body>
      </html>

      """
  }
}
