import PomoCore
import PomoJournal
import PomoPlatform
import PomoTerminal

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
