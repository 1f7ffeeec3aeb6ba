import PomoCore

/// `pomo report --year`: the calendar heatmap, then focus by month, the best week and the
/// streaks.
package enum HeatmapText {
  static let labelWidth = 4

  package static func render(_ report: Report, width: Int, style: DisplayStyle) -> String {
    let width = max(20, width)
    let range = report.range
    let grid = WeekGrid(range: range.days, weekStart: range.weekStart)
    let focus = report.focusSeconds
    let met = report.goalMet
    let shades = Shades(values: focus)
    var out: [String] = []
    let title = "\(range.heading) (\(report.timeZone))"
    out.append(ANSI.paint(wrapped(title, width), ANSI.bold, when: style.color))
    out.append("")

    let fit = max(1, width - 1 - labelWidth)
    let shown = min(grid.columns, fit)
    let skipped = grid.columns - shown
    // Month labels over the columns where a month begins, when they do not run into each other.
    var header = [Character](repeating: " ", count: labelWidth + shown)
    var free = 0
    var starts = grid.monthStarts.filter { $0.column >= skipped }
    // A month cut short at the left gives way to the next one's label.
    if starts.count >= 2, starts[1].column - starts[0].column < 4 { starts.removeFirst() }
    for (column, month) in starts {
      let at = labelWidth + column - skipped
      let name = Array(LocalCalendar.monthNames[Int(month) - 1].prefix(3))
      // A label may reach two columns past the grid, never the last column of the line.
      guard at >= free, at + name.count <= min(header.count + 2, width - 1) else { continue }
      if at + name.count > header.count { header += [Character](repeating: " ", count: at + name.count - header.count) }
      header.replaceSubrange(at..<(at + name.count), with: name)
      free = at + name.count + 1
    }
    out.append(trailingTrimmed(String(header)))
    for (row, name) in grid.rowNames.enumerated() {
      var line = name + " "
      for column in skipped..<grid.columns {
        guard let d = grid.day(column: column, row: row) else {
          line += " "
          continue
        }
        let i = Int(d - range.days.lowerBound)
        line += Shades.cell(shades.level(focus[i]), outlined: met[i], style: style)
      }
      out.append(style.color ? line : trailingTrimmed(line))
    }
    if skipped > 0 {
      out.append(
        wrapped(
          "Showing the last \(shown) of \(grid.columns) weeks: \(labelWidth + grid.columns + 1) columns show them all.",
          width))
    }
    out.append("")
    out.append(flow(legendParts(shades, style: style), width))
    out.append("")

    let months = report.months.map { "\(RFC3339.pad($0.year, 4))-\(RFC3339.pad($0.month, 2)) \(TimeText.hoursMinutes(seconds: $0.focus))" }
    let entryWidth = months.map(\.count).max() ?? 0
    out.append(ANSI.paint("FOCUS BY MONTH", ANSI.dim, when: style.color))
    out.append(flow(months.map { TextLayout.padRight($0, entryWidth) }, width, separator: "   "))
    out.append("")

    let totals = report.totals
    out.append(
      wrapped(
        "Total: focus \(TimeText.hoursMinutes(seconds: Int64(totals.focus.rounded()))), "
          + "\(TextLayout.count(totals.sessions, "session")) \(InterruptionText.sessionCounts(totals))",
        width))
    out.append(wrapped(CountText.pomodoros(totals), width))
    out += CountText.workouts(totals).map { wrapped($0, width) }
    out += InterruptionText.lines(totals).map { wrapped($0, width) }
    if let best = report.bestWeek {
      out.append(
        wrapped("Best week: from \(LocalCalendar.label(best.first)) (\(TimeText.hoursMinutes(seconds: best.focus)))", width))
    }
    if let longest = report.longestStreak {
      out.append(
        wrapped(
          "Longest streak: \(TextLayout.count(longest.days, "day")), \(LocalCalendar.label(longest.first))"
            + (longest.days > 1 ? " to \(LocalCalendar.label(longest.last))" : ""), width))
    } else {
      out.append("Longest streak: none")
    }
    out.append(wrapped("Current streak: \(TextLayout.count(report.streakDays, "day")) with a completed session", width))
    if let goal = report.goal {
      let count = met.filter { $0 }.count
      out.append(
        wrapped(
          "Goal \(TimeText.hoursMinutes(seconds: Int64(goal.rounded()))) a day: met on \(TextLayout.count(count, "day"))"
            + (style.color && count > 0 ? " (underlined)" : ""), width))
    }
    return out.joined(separator: "\n") + "\n"
  }

  static func legendParts(_ shades: Shades, style: DisplayStyle) -> [String] {
    let times = shades.bounds.map { TimeText.hoursMinutes(seconds: $0) }
    var parts = ["Key: \(Shades.cell(1, style: style)) under \(times[0])"]
    for (i, t) in times.enumerated() { parts.append("\(Shades.cell(i + 2, style: style)) \(t)+") }
    parts.append(style.color ? "\(Shades.cell(0, style: style)) none" : "blank: none")
    return parts
  }

  /// Parts joined by `separator`, broken into lines that fit `width` (measured without colour).
  static func flow(_ parts: [String], _ width: Int, separator: String = "  ") -> String {
    var lines: [String] = []
    var line = ""
    var used = 0
    for part in parts {
      let w = TextLayout.width(ANSI.strip(part))
      if used > 0 && used + separator.count + w > width - 1 {
        lines.append(line.trimmedSpaces())
        line = ""
        used = 0
      }
      if used > 0 {
        line += separator
        used += separator.count
      }
      line += part
      used += w
    }
    lines.append(line.trimmedSpaces())
    return lines.joined(separator: "\n")
  }

  static func trailingTrimmed(_ text: String) -> String {
    var text = Substring(text)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }

  static func wrapped(_ text: String, _ width: Int) -> String {
    TextLayout.wrap(text, width: width - 1, indent: 0, hanging: 2)
  }
}
