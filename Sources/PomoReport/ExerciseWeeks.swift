import PomoCore
import PomoJournal
import PomoPlatform
import PomoTerminal

/// What `pomo report` adds up by exercise: each exercise's time, reps and rounds in each week
/// of the range (weeks begin on the report's week start), from the phases' `exercise`, `reps`
/// and `counted_rounds`. A phase counts in the week of the day it started.
public struct ExerciseWeek: Equatable, Sendable {
  /// The first day of the week.
  public var week: Int64
  public var total: ExerciseTotal

  public init(week: Int64, total: ExerciseTotal) {
    self.week = week
    self.total = total
  }
}

/// Gathers `ExerciseWeek`s from records, with the report's filters, each record once.
public struct ExerciseWeeksBuilder {
  public let range: ReportRange
  public let calendar: LocalCalendar
  public let tags: [String]
  public let preset: String?
  private var seen: Set<String> = []
  private var totals: [Int64: [ExerciseTotal]] = [:]

  public init(range: ReportRange, calendar: LocalCalendar, tags: [String] = [], preset: String? = nil) {
    self.range = range
    self.calendar = calendar
    self.tags = tags
    self.preset = preset
  }

  /// The span of time whose records to read.
  public var window: (from: Double, to: Double) {
    (calendar.start(of: range.days.lowerBound), calendar.start(of: range.days.upperBound + 1))
  }

  public mutating func add(_ record: JournalRecord) {
    if let preset, record.preset != preset { return }
    guard tags.allSatisfy(record.tags.contains), seen.insert(record.id).inserted else { return }
    for phase in record.phases where ExerciseTotal.counts(phase) {
      let day = calendar.day(of: phase.start)
      guard range.days.contains(day) else { continue }
      let week = LocalCalendar.weekStart(containing: day, weekStart: range.weekStart)
      let name = phase.exercise ?? phase.name
      var list = totals[week] ?? []
      if let i = list.firstIndex(where: { $0.name == name }) {
        list[i].add(phase)
      } else {
        var total = ExerciseTotal(name: name)
        total.add(phase)
        list.append(total)
      }
      totals[week] = list
    }
  }

  /// By week, then by name.
  public func build() -> [ExerciseWeek] {
    totals.keys.sorted().flatMap { week in
      totals[week]!.sorted { $0.name < $1.name }.map { ExerciseWeek(week: week, total: $0) }
    }
  }
}

/// The table of `ExerciseWeek`s in a text report.
public enum ExerciseWeeksText {
  /// `WEEK OF  EXERCISE  TIME  REPS  ROUNDS`, a row each; empty when there are none.
  public static func render(_ weeks: [ExerciseWeek], width: Int, style: DisplayStyle) -> [String] {
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
  public static func json(_ weeks: [ExerciseWeek]) -> JSONOutput {
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
