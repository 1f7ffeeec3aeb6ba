import PomoCore

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
