import PomoCore
import PomoJournal

/// `pomo report --tasks` as text: the tasks done, then how estimates went week by week.
package enum TaskReportText {
  static let tasks = TextTable(
    [.init("DONE"), .init("TASK", cut: .end(soft: 40, floor: 10)), .init("POMODOROS")], free: "TAGS", freeFloor: 10)
  static let weeks = TextTable(
    [.init("WEEK OF"), .init("DONE", alignLeft: false), .init("ESTIMATED", alignLeft: false),
     .init("WITHIN 1", alignLeft: false), .init("SHARE", alignLeft: false)])

  package static func render(_ report: TaskReport, width: Int, unicode: Bool) -> String {
    let from = LocalCalendar.isoDate(report.range.days.lowerBound)
    let to = LocalCalendar.isoDate(report.range.days.upperBound)
    let span = from == to ? from : "\(from) to \(to)"
    guard !report.rows.isEmpty else {
      return wrapped("No tasks done \(from == to ? "on" : "from") \(span). Mark one with 'pomo task done ID'.", width)
        + "\n"
    }
    var out = wrapped("Tasks done \(from == to ? "on" : "from") \(span)", width) + "\n\n"
    out += tasks.render(
      report.rows.map { row in
        [
          LocalCalendar.isoDate(row.day), row.task.title,
          TaskDots.render(estimate: row.task.estimate, pomodoros: row.pomodoros, unicode: unicode),
          TagList.text(row.task.tags),
        ]
      }, width: width, unicode: unicode)
    out += "\n" + wrapped("Estimates by week: tasks finished within one Pomodoro of their estimate", width) + "\n\n"
    var lines = report.weeks.map { week in
      [LocalCalendar.isoDate(week.start), "\(week.done)", "\(week.estimated)", "\(week.within)", share(week.share)]
    }
    if report.weeks.count > 1 {
      let total = report.total
      lines.append(["all", "\(total.done)", "\(total.estimated)", "\(total.within)", share(total.share)])
    }
    out += weeks.render(lines, width: width, unicode: unicode)
    return out
  }

  /// A line of prose fitted to the width as the other reports' are: short of the last column,
  /// continued two spaces in.
  static func wrapped(_ text: String, _ width: Int) -> String {
    TextLayout.wrap(text, width: width - 1, indent: 0, hanging: 2)
  }

  static func share(_ share: Double?) -> String {
    share.map { "\(Int(($0 * 100).rounded()))%" } ?? "-"
  }

  /// The same as JSON: the range, the tasks, the weeks.
  package static func json(_ report: TaskReport, offset: (Double) -> Int) -> String {
    func week(_ w: TaskReport.Week) -> JSONOutput {
      .object([
        ("start", .string(LocalCalendar.isoDate(w.start))), ("done", .int(Int64(w.done))),
        ("estimated", .int(Int64(w.estimated))), ("within_one", .int(Int64(w.within))),
        ("share", w.share.map { .seconds(($0 * 1000).rounded() / 1000) } ?? .null),
      ])
    }
    let root = JSONOutput.object([
      ("from", .string(LocalCalendar.isoDate(report.range.days.lowerBound))),
      ("to", .string(LocalCalendar.isoDate(report.range.days.upperBound))),
      (
        "tasks",
        .array(
          report.rows.map { row in
            .object([
              ("id", .string(row.task.id)), ("title", .string(row.task.title)),
              ("estimate", row.task.estimate.map { .int(Int64($0)) } ?? .null),
              ("pomodoros", .int(Int64(row.pomodoros))),
              ("within_one", TaskReport.isWithin(row.task.estimate, row.pomodoros).map(JSONOutput.bool) ?? .null),
              ("tags", .array(row.task.tags.map(JSONOutput.string))),
              ("done", .string(RFC3339.format(row.task.done!, offset: offset(row.task.done!)))),
            ])
          })
      ),
      ("weeks", .array(report.weeks.map(week))), ("all", week(report.total)),
    ])
    return root.text + "\n"
  }
}
