import PomoCore
import PomoJournal

/// One session of focus from 08:00 on 2025-12-01 (UTC), looked at from 16:00: the records the
/// journal's tests and the commands' tests (edit, time away, rounding) build on.
package enum MorningSession {
  /// 2025-12-01T16:00:00Z, when the tests look.
  package static let now = 1_764_604_800.0
  /// 2025-12-01T08:00:00Z, when the session starts.
  package static let start = 1_764_576_000.0

  /// 25 minutes of focus with a span away of 5 minutes in it (counted, or paused through),
  /// its `kept` as given.
  package static func away(paused: Bool = false, kept: Bool? = nil, id: String = "a1b2c3d4-0000") -> JournalRecord {
    let end = start + 1500 + (paused ? 300 : 0)
    var phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: end, plannedSeconds: 1500, elapsedSeconds: 1500,
      completed: true, pausedSeconds: paused ? 300 : 0)
    phase.away = [JournalAway(start: start + 600, end: start + 900, cause: "lock", paused: paused, kept: kept)]
    return JournalRecord(
      id: id, preset: "work", status: .completed, start: start, end: end, host: "laptop", rounds: 1, phases: [phase])
  }

  /// 25 minutes of focus with 5 minutes away from 08:10: counted (25:00 long, 20:00 of focus),
  /// or paused through (30:00 long, 25:00 of focus, the pause in the session's total too).
  package static func span(paused: Bool) -> JournalRecord {
    let away = paused ? 300.0 : 0
    var phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: start + 1500 + away, plannedSeconds: 1500,
      elapsedSeconds: 1500, completed: true, pausedSeconds: away)
    phase.away = [JournalAway(start: start + 600, end: start + 900, cause: "lock", paused: paused)]
    return JournalRecord(
      id: "a1b2c3d4-0000", preset: "work", status: .completed, start: start, end: phase.end, host: "laptop",
      rounds: 1, pausedSeconds: away, phases: [phase])
  }

  /// A focus of a minute stopped after `lasting` seconds, `focus` of them counted and `paused`
  /// of them paused by hand.
  package static func stopped(lasting: Double, focus: Double, paused: Double = 0) -> JournalRecord {
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: start + lasting, plannedSeconds: 60,
      elapsedSeconds: focus, completed: false, pausedSeconds: paused)
    return JournalRecord(
      id: "a1b2c3d4-0000", preset: "work", status: .interrupted, interruption: .quit, start: start,
      end: phase.end, host: "laptop", rounds: 1, pausedSeconds: paused, phases: [phase])
  }
}
