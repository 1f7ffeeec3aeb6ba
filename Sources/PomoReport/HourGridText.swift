import PomoCore

/// The hours grid as people read it.
package enum HourGridText {
  package static func render(_ grid: HourGrid, width: Int, style: DisplayStyle) -> String {
    let width = max(20, width)
    let range = grid.range
    let seconds = grid.seconds
    let shades = Shades(values: seconds.flatMap { $0 }, least: 300)
    var out: [String] = []
    let title = "Focus by hour, \(range.heading) (\(grid.timeZone))"
    out.append(ANSI.paint(HeatmapText.wrapped(title, width), ANSI.bold, when: style.color))
    out.append("")
    // Two columns an hour when they fit, else one.
    let cell = width - 1 >= 4 + 48 ? 2 : 1
    let every = cell == 2 ? 3 : 6
    var header = "    "
    for column in stride(from: 0, to: 24, by: every) {
      header += TextLayout.padRight(RFC3339.pad(Int64(grid.hour(ofColumn: column)), 2), cell * every)
    }
    out.append(HeatmapText.trailingTrimmed(header))
    for (r, name) in grid.rowNames.enumerated() {
      let cells = seconds[r].map { Shades.cell(shades.level($0), width: cell, style: style) }
      let line = name + " " + cells.joined()
      out.append(style.color ? line : HeatmapText.trailingTrimmed(line))
    }
    out.append("")
    out.append(HeatmapText.flow(HeatmapText.legendParts(shades, style: style), width))
    out.append("")
    let total = seconds.flatMap { $0 }.reduce(0, +)
    out.append("Total focus: \(TimeText.hoursMinutes(seconds: total))")
    if let busiest = grid.busiest {
      let hour = RFC3339.pad(Int64(grid.hour(ofColumn: busiest.column)), 2)
      out.append(
        HeatmapText.wrapped(
          "Most focus: \(grid.rowNames[busiest.row]) \(hour):00 to \(hour):59 "
            + "(\(TimeText.hoursMinutes(seconds: busiest.seconds)))", width))
    }
    return out.joined(separator: "\n") + "\n"
  }
}
