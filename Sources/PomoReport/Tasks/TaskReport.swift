import PomoCore
import PomoJournal

/// What `pomo report --tasks` shows: the tasks done in the range, each estimate against the
/// Pomodoros it took, and, week by week, the share of tasks finished within one Pomodoro of
/// their estimate.
package struct TaskReport: Equatable, Sendable {
  package struct Row: Equatable, Sendable {
    package var task: TaskRecord
    package var pomodoros: Int
    /// The local day it was done.
    package var day: Int64
  }

  package struct Week: Equatable, Sendable {
    /// The week's first day.
    package var start: Int64
    package var done: Int
    /// Tasks done that had an estimate, and those finished within one Pomodoro of it.
    package var estimated: Int
    package var within: Int

    /// The share within one Pomodoro, nil when no task done had an estimate.
    package var share: Double? { estimated == 0 ? nil : Double(within) / Double(estimated) }
  }

  package var range: ReportRange
  package var rows: [Row]
  /// Only weeks in which a task was done, oldest first.
  package var weeks: [Week]

  /// Whether a task finished within one Pomodoro of its estimate (nil: it had none).
  package static func isWithin(_ estimate: Int?, _ pomodoros: Int) -> Bool? {
    estimate.map { abs(pomodoros - $0) <= 1 }
  }

  /// The report of `tasks` done in `range` (those with every tag of `tags`).
  package static func make(_ tasks: [TaskProgress], range: ReportRange, calendar: LocalCalendar, tags: [String])
    -> TaskReport
  {
    var rows: [Row] = []
    for progress in tasks {
      guard let done = progress.task.done, tags.allSatisfy(progress.task.tags.contains) else { continue }
      let day = calendar.day(of: done)
      guard range.days.contains(day) else { continue }
      rows.append(Row(task: progress.task, pomodoros: progress.pomodoros, day: day))
    }
    rows.sort { a, b in
      a.task.done! != b.task.done! ? a.task.done! < b.task.done! : a.task.id < b.task.id
    }
    var weeks: [Int64: Week] = [:]
    for row in rows {
      let start = LocalCalendar.weekStart(containing: row.day, weekStart: range.weekStart)
      var week = weeks[start] ?? Week(start: start, done: 0, estimated: 0, within: 0)
      week.done += 1
      if let within = isWithin(row.task.estimate, row.pomodoros) {
        week.estimated += 1
        if within { week.within += 1 }
      }
      weeks[start] = week
    }
    return TaskReport(range: range, rows: rows, weeks: weeks.values.sorted { $0.start < $1.start })
  }

  /// All weeks together.
  package var total: Week {
    weeks.reduce(Week(start: range.days.lowerBound, done: 0, estimated: 0, within: 0)) { sum, week in
      Week(
        start: sum.start, done: sum.done + week.done, estimated: sum.estimated + week.estimated,
        within: sum.within + week.within)
    }
  }
}
