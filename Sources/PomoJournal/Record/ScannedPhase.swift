import PomoCore

/// A phase of a session line as `RecordScanner` read it, checked complete: what
/// `JournalPhase` holds, its name left in the line.
package struct ScannedPhase: Sendable {
  package var name: ScannedText?
  package var kind: PhaseKind
  package var round: Int?
  package var start: Double
  package var end: Double
  /// Nil when the line gives none: the elapsed seconds stand for it.
  package var plannedSeconds: Double?
  package var elapsedSeconds: Double
  package var completed: Bool
  package var pausedSeconds = 0.0
  package var sleptSeconds = 0.0
  package var extendedSeconds = 0.0
  package var overtimeSeconds = 0.0
  package var exercise: ScannedText?
  package var reps: Int?
  package var countedRounds: Int?
  /// The marks (rare: made as they are read, notes and all).
  package var marks: [PhaseMark] = []
  /// The spans away (rare: made as they are read).
  package var away: [JournalAway] = []
  /// Whether the phase is a void Pomodoro the session went on from (`"void": true`).
  package var void = false

  /// Whether the phase ended before its planned time (`JournalPhase.isCutShort`).
  package var isCutShort: Bool { !completed && elapsedSeconds < (plannedSeconds ?? elapsedSeconds) }

  /// The seconds the phase counts for in reports (`JournalPhase.creditedSeconds`).
  package var creditedSeconds: Double { JournalAway.credit(elapsedSeconds, away) }

  /// The phase, named `name` (its kind stands for a name not given, or not built: reports
  /// need none), its exercise `exercise`.
  package func phase(name: String?, exercise: String?) -> JournalPhase {
    var phase = JournalPhase(
      name: name ?? kind.rawValue, kind: kind, round: round, start: start,
      end: end, plannedSeconds: plannedSeconds ?? elapsedSeconds, elapsedSeconds: elapsedSeconds, completed: completed,
      pausedSeconds: pausedSeconds, sleptSeconds: sleptSeconds, extendedSeconds: extendedSeconds,
      overtimeSeconds: overtimeSeconds)
    phase.exercise = exercise
    phase.reps = reps
    phase.countedRounds = countedRounds
    phase.marks = marks
    phase.away = away
    phase.void = void
    return phase
  }
}
