import PomoCore
import PomoJournal
import PomoPlatform

/// The report as people read it: a bar per day, then totals, comparison, streak and groups.
package enum ReportText {
  /// - Parameter today: a month in progress lists its days up to this one: the rest have
  ///   nothing to show yet (a day ahead that holds a session is still listed).
  package static func render(_ report: Report, width: Int, style: DisplayStyle, today: Int64? = nil) -> String {
    let width = max(30, width)
    var out: [String] = []
    let title = "\(report.range.heading) (\(report.timeZone))"
    out.append(ANSI.paint(wrapped(title, width), ANSI.bold, when: style.color))
    out.append("")
    let focus = Report.roundedSeconds(report.days.map(\.focus))
    let mark = style.unicode ? "✓" : "*"
    out += table(report, focus: focus, width: width, style: style, mark: mark, today: today)
    out.append("")
    out += totals(report, focus: focus, width: width, mark: mark)
    out += groups(report, width: width, style: style)
    out += ExerciseWeeksText.render(report.exercises, width: width, style: style)
    return out.joined(separator: "\n") + "\n"
  }

  /// A row of the table: a day, or the week, month or year it adds up.
  private struct Row {
    var label: String
    var focus: Int64
    /// DONE/CUT: the Pomodoros done and the focus phases cut short (`JournalRecord.isDonePomodoro`).
    var completed: Int
    var interrupted: Int
    var met: Bool
    var internalMarks: Int
    var externalMarks: Int
  }

  /// A bar per day; over a longer span, a bar per week, month or year, so it stays readable.
  private static func tableRows(_ report: Report, focus: [Int64], grain: Grain, today: Int64?) -> [Row] {
    let range = report.range
    let met = report.goalMet
    var rows: [Row] = []
    for (i, day) in report.days.enumerated() {
      if range.kind == .month, let today, day.day > today, day.sessions == 0 { continue }
      let label = grain.label(day.day, weekStart: range.weekStart)
      if i > 0, rows[rows.count - 1].label == label {
        rows[rows.count - 1].focus += focus[i]
        rows[rows.count - 1].completed += day.pomodoros
        rows[rows.count - 1].interrupted += day.cutShort
        rows[rows.count - 1].internalMarks += day.internalMarks
        rows[rows.count - 1].externalMarks += day.externalMarks
      } else {
        rows.append(
          Row(
            label: label, focus: focus[i], completed: day.pomodoros, interrupted: day.cutShort,
            met: grain == .day && met[i], internalMarks: day.internalMarks, externalMarks: day.externalMarks))
      }
    }
    return rows
  }

  /// The table of focus: its header, then a row with its bar, time, marks and counts.
  private static func table(
    _ report: Report, focus: [Int64], width: Int, style: DisplayStyle, mark: String, today: Int64?
  ) -> [String] {
    let grain = Grain(days: report.days.count)
    let rows = tableRows(report, focus: focus, grain: grain, today: today)
    let best = rows.map(\.focus).max() ?? 0
    let times = rows.map { TimeText.hoursMinutes(seconds: $0.focus) }
    let zero = TimeText.hoursMinutes(seconds: 0)
    let counts = rows.map { "\($0.completed)/\($0.interrupted)" }
    let labelWidth = max(grain.heading.count, rows.map(\.label.count).max() ?? 0)
    let timeWidth = max(4, times.map(\.count).max() ?? 0)
    let countWidth = max(8, counts.map(\.count).max() ?? 0)
    let room = width - 1 - labelWidth - timeWidth - countWidth - 6
    // Interruptions marked, internal against external (`3' 1-`), only when the range has any,
    // and where the line leaves the bar its header's width (the totals below always say them).
    let totals = report.totals
    let markTexts = rows.map { markText($0.internalMarks, $0.externalMarks) }
    let marksWidth = max(5, markTexts.map(\.count).max() ?? 0)
    let marked = totals.internalMarks + totals.externalMarks > 0 && room - marksWidth - 2 >= 5
    let marks = marked ? markTexts : rows.map { _ in "" }
    let marksPart = { (text: String) in marked ? "  " + TextLayout.padRight(text, marksWidth) : "" }
    let barWidth = min(50, max(4, room - (marked ? marksWidth + 2 : 0)))
    var out = [
      ANSI.paint(
        (TextLayout.padRight(grain.heading, labelWidth) + "  " + TextLayout.padRight("FOCUS", barWidth) + "  "
          + TextLayout.padLeft("H:MM", timeWidth) + marksPart("MARKS") + "  " + "DONE/CUT").trimmedSpaces(), ANSI.dim,
        when: style.color)
    ]
    for (i, row) in rows.enumerated() {
      // A full bar is the most focus of the range; a row that reads 0:00 gets none.
      let fraction = best > 0 && times[i] != zero ? Double(row.focus) / Double(best) : 0
      let bar = self.bar(fraction, width: barWidth, style: style)
      let goal = row.met ? "  " + ANSI.paint(mark, ANSI.green, when: style.color) : ""
      out.append(
        (TextLayout.padRight(row.label, labelWidth) + "  " + bar + "  " + TextLayout.padLeft(times[i], timeWidth)
          + marksPart(marks[i]) + "  "
          + (report.goal == nil || grain != .day
            ? TextLayout.padLeft(counts[i], countWidth).trimmedSpaces()
            : TextLayout.padRight(counts[i], counts.map(\.count).max() ?? 0) + goal))
          .trimmedSpaces())
    }
    return out
  }

  /// The totals under the table: focus and rest, Pomodoros, workouts, interruptions, the
  /// comparison with the range before, the best day, the streak and the goal.
  private static func totals(_ report: Report, focus: [Int64], width: Int, mark: String) -> [String] {
    let totals = report.totals
    let range = report.range
    var out: [String] = []
    out.append(
      wrapped(
        "Total: focus \(TimeText.hoursMinutes(seconds: Int64(totals.focus.rounded()))), rest \(TimeText.hoursMinutes(seconds: Int64(totals.rest.rounded()))), "
          + "\(TextLayout.count(totals.sessions, "session")) \(InterruptionText.sessionCounts(totals))",
        width))
    out.append(wrapped(CountText.pomodoros(totals), width))
    out += CountText.workouts(totals).map { wrapped($0, width) }
    out += InterruptionText.lines(totals).map { wrapped($0, width) }
    let previous = TimeText.hoursMinutes(seconds: Int64(report.previousFocus.rounded()))
    if let change = report.focusChangePercent {
      out.append(wrapped("\(change >= 0 ? "+" : "")\(change)% focus vs \(range.previousName) (\(previous))", width))
    } else {
      out.append(wrapped("No focus in \(range.previousName) to compare with", width))
    }
    if let day = report.bestDay, let i = report.days.firstIndex(of: day) {
      out.append("Best day: \(LocalCalendar.label(day.day)) (\(TimeText.hoursMinutes(seconds: focus[i])))")
    }
    out.append("Streak: \(TextLayout.count(report.streakDays, "day")) with a completed session")
    if let goal = report.goal {
      let met = report.goalMet
      out.append(
        wrapped(
          "Goal \(TimeText.hoursMinutes(seconds: Int64(goal.rounded()))) a day: met on \(met.filter { $0 }.count) of "
            + "\(TextLayout.count(report.days.count, "day"))" + (met.contains(true) ? " (\(mark))" : ""), width))
    }
    return out
  }

  /// A table each of the presets, tags and workouts the range holds, with their sessions and focus.
  private static func groups(_ report: Report, width: Int, style: DisplayStyle) -> [String] {
    var out: [String] = []
    for (heading, groups) in [("PRESET", report.presets), ("TAG", report.tags), ("WORKOUT", report.workouts)]
    where !groups.isEmpty {
      out.append("")
      // Names are cut only where the width needs it (at 24 columns at least): the counts take 20.
      let nameWidth = min(max(24, width - 21), max(heading.count, groups.map { TextLayout.width($0.name) }.max() ?? 0))
      out.append(
        ANSI.paint(
          TextLayout.padRight(heading, nameWidth) + "  SESSIONS" + (heading == "WORKOUT" ? "    WORK" : "   FOCUS"), ANSI.dim,
          when: style.color))
      for g in groups {
        out.append(
          TextLayout.padRight(TextLayout.truncate(g.name, nameWidth, unicode: style.unicode), nameWidth) + "  "
            + TextLayout.padLeft("\(g.sessions)", 8)
            + "  " + TextLayout.padLeft(TimeText.hoursMinutes(seconds: Int64(g.focus.rounded())), 6))
      }
    }
    return out
  }

  /// A row's marks: `3' 1-`, or nothing when it has none.
  static func markText(_ inner: Int, _ outer: Int) -> String {
    inner + outer == 0 ? "" : "\(inner)' \(outer)-"
  }

  /// What a row of the table stands for.
  enum Grain {
    case day, week, month, year

    /// A day a row up to a month; then weeks up to half a year, months up to five years, years.
    init(days: Int) {
      self = days <= 31 ? .day : days <= 26 * 7 ? .week : days <= 5 * 366 ? .month : .year
    }

    var heading: String {
      switch self {
      case .day: "DAY"
      case .week: "WEEK OF"
      case .month: "MONTH"
      case .year: "YEAR"
      }
    }

    func label(_ day: Int64, weekStart: Int) -> String {
      let (y, m, _) = LocalCalendar.date(day)
      switch self {
      case .day: return LocalCalendar.label(day)
      case .week: return LocalCalendar.isoDate(LocalCalendar.weekStart(containing: day, weekStart: weekStart))
      case .month: return "\(LocalCalendar.monthNames[Int(m) - 1]) \(y)"
      case .year: return "\(y)"
      }
    }
  }

  private static func wrapped(_ text: String, _ width: Int) -> String {
    TextLayout.wrap(text, width: width - 1, indent: 0, hanging: 2)
  }

  package static let blocks = String(repeating: "█", count: 64)
  package static let spaces = String(repeating: " ", count: 64)

  package static func bar(_ fraction: Double, width: Int, style: DisplayStyle) -> String {
    if style.unicode {
      let steps = style.partialBlocks ? 8 : 1
      let eighths = Int((fraction * Double(width * steps)).rounded()) * (8 / steps)
      let full = eighths / 8
      let text = String(blocks.prefix(full)) + DisplayStyle.eighths[eighths % 8]
      let used = full + (eighths % 8 > 0 ? 1 : 0)
      return ANSI.paint(text, ANSI.red, when: style.color) + spaces.prefix(width - used)
    }
    let cells = Int((fraction * Double(width)).rounded())
    return ANSI.paint(String(repeating: "#", count: cells), ANSI.red, when: style.color)
      + String(repeating: " ", count: width - cells)
  }
}
