import PomoCore

/// `--format json`: a stable shape for scripts (documented in docs/history.md).
package enum ReportJSON {
  /// Written as it is made (`JSONWriter`): a full history has a member for each of its days.
  package static func render(_ report: Report) -> String {
    var writer = Writer(report)
    writer.out.beginObject()
    writer.date("from", report.range.days.lowerBound)
    writer.date("to", report.range.days.upperBound)
    writer.member("time_zone", report.timeZone)
    writer.days()
    writer.totals()
    writer.groups("presets", report.presets)
    writer.groups("tags", report.tags)
    writer.groups("workouts", report.workouts, seconds: "work_seconds")
    writer.comparison()
    writer.goal()
    writer.extras()
    writer.out.endObject()
    writer.out.endLine()
    return writer.out.text
  }

  /// The report's members, written in turn into one `JSONWriter`.
  private struct Writer {
    let report: Report
    var out: JSONWriter
    /// Only a range with a void session or a mark has these members (on every day then), so
    /// the shape of every other report stays as it was.
    let interruptions: Bool

    init(_ report: Report) {
      self.report = report
      out = JSONWriter(capacity: 160 * report.days.count + 1024)
      let totals = report.totals
      interruptions = totals.void + totals.voidPomodoros > 0 || totals.internalMarks + totals.externalMarks > 0
    }

    mutating func member(_ key: StaticString, _ value: Int64) {
      out.key(key)
      out.int(value)
    }

    mutating func member(_ key: StaticString, _ value: String) {
      out.key(key)
      out.string(value)
    }

    mutating func date(_ key: StaticString, _ day: Int64) {
      out.key(key)
      out.date(day)
    }

    /// The counts of a day, or of the whole range.
    mutating func counts(_ d: Report.Day, focus: Int64, rest: Int64, void: Int64) {
      member("focus_seconds", focus)
      member("rest_seconds", rest)
      member("sessions", Int64(d.sessions))
      member("completed", Int64(d.completed))
      member("interrupted", Int64(d.interrupted))
      member("pomodoros", Int64(d.pomodoros))
      member("cut_short", Int64(d.cutShort))
      member("workout_seconds", Int64(d.workout.rounded()))
      member("workout_sessions", Int64(d.workoutSessions))
      guard interruptions else { return }
      member("void", Int64(d.void))
      member("void_pomodoros", Int64(d.voidPomodoros))
      member("void_seconds", void)
      member("internal_marks", Int64(d.internalMarks))
      member("external_marks", Int64(d.externalMarks))
    }

    /// `days`: a member for each day of the range, with its counts and whether it met the goal.
    mutating func days() {
      let focus = Report.roundedSeconds(report.days.map(\.focus))
      let rest = Report.roundedSeconds(report.days.map(\.rest))
      let void = Report.roundedSeconds(report.days.map(\.voidFocus))
      let met = report.goalMet
      out.key("days")
      out.beginArray()
      for (i, d) in report.days.enumerated() {
        out.beginObject()
        date("date", d.day)
        counts(d, focus: focus[i], rest: rest[i], void: void[i])
        if report.goal != nil {
          out.key("goal_met")
          out.bool(met[i])
        }
        out.endObject()
      }
      out.endArray()
    }

    mutating func totals() {
      let totals = report.totals
      out.key("totals")
      out.beginObject()
      counts(
        totals, focus: Int64(totals.focus.rounded()), rest: Int64(totals.rest.rounded()),
        void: Int64(totals.voidFocus.rounded()))
      out.endObject()
    }

    /// A list of presets, tags or workouts, each with its sessions and seconds.
    mutating func groups(_ key: StaticString, _ list: [Report.Group], seconds: StaticString = "focus_seconds") {
      out.key(key)
      out.beginArray()
      for group in list {
        out.beginObject()
        member("name", group.name)
        member("sessions", Int64(group.sessions))
        member(seconds, Int64(group.focus.rounded()))
        out.endObject()
      }
      out.endArray()
    }

    /// The streak, the best day, and the range before with how the focus changed since.
    mutating func comparison() {
      member("streak_days", Int64(report.streakDays))
      out.key("best_day")
      if let best = report.bestDay { out.date(best.day) } else { out.null() }
      let previous = report.range.previous
      out.key("previous")
      out.beginObject()
      date("from", previous.lowerBound)
      date("to", previous.upperBound)
      member("focus_seconds", Int64(report.previousFocus.rounded()))
      out.endObject()
      out.key("focus_change_percent")
      if let percent = report.focusChangePercent { out.int(Int64(percent)) } else { out.null() }
    }

    /// The daily goal and on how many days it was met, when there is one; the day's start
    /// when it is not midnight.
    mutating func goal() {
      if let goal = report.goal {
        member("daily_goal_seconds", Int64(goal.rounded()))
        member("goal_days", Int64(report.goalMet.filter { $0 }.count))
      }
      if report.dayStart != 0 { member("day_start", HourGridData.clock(report.dayStart)) }
    }

    /// The members only some reports have: a year's longest streak, the exercises, the break bank.
    mutating func extras() {
      if report.range.kind == .year, let longest = report.longestStreak {
        out.key("longest_streak")
        out.beginObject()
        member("days", Int64(longest.days))
        date("from", longest.first)
        date("to", longest.last)
        out.endObject()
      }
      if !report.exercises.isEmpty {
        out.key("exercises")
        out.value(ExerciseWeeksText.json(report.exercises))
      }
      if let bank = report.breakBank {
        out.key("break_bank")
        out.beginObject()
        member("seconds", Int64(bank.seconds.rounded(.down)))
        member("cap_seconds", Int64(bank.cap.rounded()))
        out.endObject()
      }
    }
  }
}
