import PomoCore
import PomoJournal
import PomoPlatform

/// A summary of the journal over a range of local days.
package struct Report: Equatable, Sendable {
  package struct Day: Equatable, Sendable {
    package var day: Int64
    package var focus: Double = 0
    package var rest: Double = 0
    /// Focus sessions, by how they ended; workouts are `workoutSessions`.
    package var sessions = 0
    package var completed = 0
    package var interrupted = 0
    /// Done Pomodoros, and focus phases cut short (`JournalRecord.isDonePomodoro`).
    package var pomodoros = 0
    package var cutShort = 0
    /// Workouts' work time and the workouts that started on the day: never focus.
    package var workout: Double = 0
    package var workoutSessions = 0
    /// Void sessions (`pomo void`), neither completed nor interrupted, and their void
    /// Pomodoros' time, never counted as focus.
    package var void = 0
    package var voidFocus: Double = 0
    /// The void Pomodoros (`JournalRecord.isVoid`) of the sessions that started on the day.
    package var voidPomodoros = 0
    /// The interruptions marked (`pomo mark`), by kind.
    package var internalMarks = 0
    package var externalMarks = 0
  }

  package struct Group: Equatable, Sendable {
    package var name: String
    package var sessions = 0
    package var focus: Double = 0
  }

  package var range: ReportRange
  package var timeZone: String
  package var days: [Day]
  /// Focus by preset (quick timers as one, unless shown apart) and by tag.
  package var presets: [Group]
  package var tags: [Group]
  /// Workout time by preset.
  package var workouts: [Group] = []
  package var streakDays: Int
  package var previousFocus: Double
  /// The config's `daily_goal` in seconds, when set: days with at least this much focus met it.
  package var goal: Double?
  /// The config's `day_start`, in seconds after midnight.
  package var dayStart = 0
  /// Each exercise's time, reps and rounds by week, when sessions in the range had any.
  package var exercises: [ExerciseWeek] = []
  /// Today's break bank and its cap, in seconds, when the config keeps one and the range holds
  /// today.
  package var breakBank: BreakBankFigures?

  package var totals: Day {
    var t = Day(day: range.days.lowerBound)
    for d in days {
      t.focus += d.focus
      t.rest += d.rest
      t.sessions += d.sessions
      t.completed += d.completed
      t.interrupted += d.interrupted
      t.pomodoros += d.pomodoros
      t.cutShort += d.cutShort
      t.workout += d.workout
      t.workoutSessions += d.workoutSessions
      t.void += d.void
      t.voidFocus += d.voidFocus
      t.voidPomodoros += d.voidPomodoros
      t.internalMarks += d.internalMarks
      t.externalMarks += d.externalMarks
    }
    return t
  }

  /// The day with the most focus, if any day has some.
  package var bestDay: Day? {
    days.lazy.filter { $0.focus > 0 }.max { $0.focus < $1.focus || ($0.focus == $1.focus && $0.day > $1.day) }
  }

  /// Each day's focus in whole seconds (see `roundedSeconds`).
  package var focusSeconds: [Int64] { Self.roundedSeconds(days.map(\.focus)) }

  /// Whether each day met the goal (all false without one).
  package var goalMet: [Bool] {
    guard let goal else { return days.map { _ in false } }
    return focusSeconds.map { Double($0) >= goal.rounded() }
  }

  /// The longest run of days with a completed focus session within the range, the latest of equals.
  package var longestStreak: (days: Int, first: Int64, last: Int64)? {
    var best: (days: Int, first: Int64, last: Int64)?
    var run = 0
    for d in days {
      run = d.completed > 0 ? run + 1 : 0
      if run > 0, run >= (best?.days ?? 0) { best = (run, d.day - Int64(run) + 1, d.day) }
    }
    return best
  }

  /// The week (starting on the range's week start) with the most focus in the range: its first
  /// day and its focus in whole seconds; the earliest of equals.
  package var bestWeek: (first: Int64, focus: Int64)? {
    var weeks: [Int64: Int64] = [:]
    for (d, f) in zip(days, focusSeconds) {
      weeks[LocalCalendar.weekStart(containing: d.day, weekStart: range.weekStart), default: 0] += f
    }
    return weeks.filter { $0.value > 0 }.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }
      .map { ($0.key, $0.value) }
  }

  /// Focus per calendar month in the range, in whole seconds: (year, month, seconds).
  package var months: [(year: Int64, month: Int64, focus: Int64)] {
    var result: [(year: Int64, month: Int64, focus: Int64)] = []
    for (d, f) in zip(days, focusSeconds) {
      let (y, m, _) = LocalCalendar.date(d.day)
      if let last = result.last, last.year == y, last.month == m {
        result[result.count - 1].focus += f
      } else {
        result.append((y, m, f))
      }
    }
    return result
  }

  /// Focus against the previous period, in whole percent; nil when that period had none.
  package var focusChangePercent: Int? {
    guard previousFocus > 0 else { return nil }
    return Int(((totals.focus - previousFocus) / previousFocus * 100).rounded())
  }

  /// Whole seconds per day that always add up to the rounded total: each day gets the
  /// rounded running sum minus the rounded sum before it, so no second is lost or gained
  /// at a split.
  package static func roundedSeconds(_ values: [Double]) -> [Int64] {
    var result: [Int64] = []
    result.reserveCapacity(values.count)
    var running = 0.0
    var previous: Int64 = 0
    for v in values {
      running += v
      let r = Int64(running.rounded())
      result.append(r - previous)
      previous = r
    }
    return result
  }
}
