import PomoCore

/// `--format csv`: one row a day, for spreadsheets and Python's csv module.
package enum ReportCSV {
  package static func render(_ report: Report) -> String {
    let focus = Report.roundedSeconds(report.days.map(\.focus))
    let rest = Report.roundedSeconds(report.days.map(\.rest))
    let void = Report.roundedSeconds(report.days.map(\.voidFocus))
    let workout = Report.roundedSeconds(report.days.map(\.workout))
    // The columns for void sessions and marks only when the range has any (see `ReportJSON`).
    let totals = report.totals
    let interruptions = totals.void + totals.voidPomodoros > 0 || totals.internalMarks + totals.externalMarks > 0
    var lines = [
      "date,focus_seconds,rest_seconds,sessions,completed,interrupted,pomodoros,cut_short,workout_seconds,workout_sessions"
        + (interruptions ? ",void,void_seconds,internal_marks,external_marks" : "")
    ]
    for (i, d) in report.days.enumerated() {
      lines.append(
        "\(LocalCalendar.isoDate(d.day)),\(focus[i]),\(rest[i]),\(d.sessions),\(d.completed),\(d.interrupted),"
          + "\(d.pomodoros),\(d.cutShort),\(workout[i]),\(d.workoutSessions)"
          + (interruptions ? ",\(d.void),\(void[i]),\(d.internalMarks),\(d.externalMarks)" : ""))
    }
    return lines.joined(separator: "\r\n") + "\r\n"
  }
}
