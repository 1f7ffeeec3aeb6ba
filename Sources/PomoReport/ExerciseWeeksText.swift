import PomoCore
import PomoJournal
import PomoPlatform

/// The table of `ExerciseWeek`s in a text report.
package enum ExerciseWeeksText {
  /// `WEEK OF  EXERCISE  TIME  REPS  ROUNDS`, a row each; empty when there are none.
  package static func render(_ weeks: [ExerciseWeek], width: Int, style: DisplayStyle) -> [String] {
    guard !weeks.isEmpty else { return [] }
    // The counts take 34 columns; the name has the rest, at least 12.
    let nameWidth = min(
      max(12, width - 35), max(8, weeks.map { TextLayout.width(TextLayout.inert($0.total.name)) }.max() ?? 0))
    func row(_ week: String, _ name: String, _ time: String, _ reps: String, _ rounds: String) -> String {
      [
        TextLayout.padRight(week, 10), TextLayout.padRight(name, nameWidth), TextLayout.padLeft(time, 7),
        TextLayout.padLeft(reps, 5), TextLayout.padLeft(rounds, 6),
      ].joined(separator: "  ")
    }
    var lines = ["", ANSI.paint(row("WEEK OF", "EXERCISE", "TIME", "REPS", "ROUNDS"), ANSI.dim, when: style.color)]
    for item in weeks {
      let t = item.total
      lines.append(
        row(
          LocalCalendar.isoDate(item.week),
          TextLayout.padRight(
            TextLayout.truncate(TextLayout.inert(t.name), nameWidth, unicode: style.unicode), nameWidth),
          TimeText.clock(seconds: Int64(t.seconds.rounded())), t.reps.map(String.init) ?? "-",
          t.rounds.map(String.init) ?? "-"))
    }
    return lines
  }

  /// The same as JSON: `[{"week": "2026-11-30", "name": …, "seconds": …, "reps": …, "rounds": …}]`.
  package static func json(_ weeks: [ExerciseWeek]) -> JSONOutput {
    .array(
      weeks.map { item in
        .object([
          ("week", .string(LocalCalendar.isoDate(item.week))), ("name", .string(item.total.name)),
          ("seconds", .int(Int64(item.total.seconds.rounded()))),
          ("reps", item.total.reps.map { .int(Int64($0)) } ?? .null),
          ("rounds", item.total.rounds.map { .int(Int64($0)) } ?? .null),
        ])
      })
  }
}
