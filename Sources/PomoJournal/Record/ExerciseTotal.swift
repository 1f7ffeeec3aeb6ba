import PomoCore

/// An exercise's share of one or more sessions: its time, and the reps and rounds counted in
/// it. What `pomo log` lists under a session and `pomo report` adds up by week.
package struct ExerciseTotal: Equatable, Sendable {
  /// The exercise, or the name of a phase that counted without one (an AMRAP named "amrap").
  package var name: String
  package var seconds: Double = 0
  /// Reps given, when any phase of the exercise was answered.
  package var reps: Int?
  /// Rounds marked, when any phase of the exercise counted them.
  package var rounds: Int?

  package init(name: String, seconds: Double = 0, reps: Int? = nil, rounds: Int? = nil) {
    self.name = name
    self.seconds = seconds
    self.reps = reps
    self.rounds = rounds
  }

  /// Whether a phase is one an exercise total counts.
  package static func counts(_ phase: JournalPhase) -> Bool {
    phase.exercise != nil || phase.reps != nil || phase.countedRounds != nil
  }

  /// Adds a phase of this exercise.
  package mutating func add(_ phase: JournalPhase) {
    seconds += phase.elapsedSeconds
    if let n = phase.reps { reps = (reps ?? 0) + n }
    if let n = phase.countedRounds { rounds = (rounds ?? 0) + n }
  }

  /// Adds a phase that counts to its exercise's total in `totals`, or as a new total there.
  package static func add(_ phase: JournalPhase, to totals: inout [ExerciseTotal]) {
    let name = phase.exercise ?? phase.name
    if let i = totals.firstIndex(where: { $0.name == name }) {
      totals[i].add(phase)
    } else {
      var total = ExerciseTotal(name: name)
      total.add(phase)
      totals.append(total)
    }
  }

  /// The exercises of a session's phases, each once, in the order they came.
  package static func of(_ phases: [JournalPhase]) -> [ExerciseTotal] {
    var totals: [ExerciseTotal] = []
    // By index: only the phases that count are copied out of the array.
    for k in phases.indices where counts(phases[k]) { add(phases[k], to: &totals) }
    return totals
  }
}
