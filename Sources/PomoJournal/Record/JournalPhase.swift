import PomoCore

/// One phase as the journal records it.
package struct JournalPhase: Equatable, Sendable {
  package var name: String
  package var kind: PhaseKind
  package var round: Int?
  /// Seconds since 1970.
  package var start: Double
  package var end: Double
  package var plannedSeconds: Double
  /// Time spent in the phase, pauses left out.
  package var elapsedSeconds: Double
  package var completed: Bool
  package var pausedSeconds: Double = 0
  package var sleptSeconds: Double = 0
  package var extendedSeconds: Double = 0
  /// Time the phase waited for confirmation after its time was up (a preset's
  /// `"advance": "confirm"`). It is part of `elapsedSeconds`, so a focus phase's overtime
  /// counts as focus.
  package var overtimeSeconds: Double = 0
  /// The exercise the phase was (a preset's `"exercises"`), so time and reps add up per exercise.
  package var exercise: String?
  /// The reps given for a phase that asked (`"count": "reps"`); nil when none were given.
  package var reps: Int?
  /// The rounds marked in a phase that counted them (`"count": "rounds"`, an AMRAP).
  package var countedRounds: Int?
  /// The interruptions marked in the phase (`"marks"`), in the order they were marked.
  package var marks: [PhaseMark] = []
  /// The spans during which the person was away (lock, idle, sleep, `pomo away`).
  package var away: [JournalAway] = []
  /// Whether `pomo void` ended it and the session went on (`"void": true`): a void Pomodoro,
  /// neither done nor cut short, never focus.
  package var void = false

  package init(
    name: String, kind: PhaseKind, round: Int?, start: Double, end: Double, plannedSeconds: Double,
    elapsedSeconds: Double, completed: Bool, pausedSeconds: Double = 0, sleptSeconds: Double = 0,
    extendedSeconds: Double = 0, overtimeSeconds: Double = 0
  ) {
    self.name = name
    self.kind = kind
    self.round = round
    self.start = start
    self.end = end
    self.plannedSeconds = plannedSeconds
    self.elapsedSeconds = elapsedSeconds
    self.completed = completed
    self.pausedSeconds = pausedSeconds
    self.sleptSeconds = sleptSeconds
    self.extendedSeconds = extendedSeconds
    self.overtimeSeconds = overtimeSeconds
  }
}

extension JournalPhase {
  /// Whether the phase ended before its planned time: not completed, with less elapsed than
  /// planned. An open phase, planned as long as it ran, is never cut short.
  package var isCutShort: Bool { !completed && elapsedSeconds < plannedSeconds }

  /// The seconds the phase counts for in reports: its elapsed time, with time away left out
  /// unless kept (and time away it was paused through put in when kept).
  package var creditedSeconds: Double { JournalAway.credit(elapsedSeconds, away) }

  /// The phase as a record's line holds it, its times written by `time`.
  func json(_ time: (Double) -> JSONOutput) -> JSONOutput {
    var m: [(String, JSONOutput)] = [
      ("name", .string(name)), ("kind", .string(kind.rawValue)), ("round", round.map { .int(Int64($0)) } ?? .null),
      ("start", time(start)), ("end", time(end)), ("planned_seconds", .seconds(plannedSeconds)),
      ("elapsed_seconds", .seconds(elapsedSeconds)), ("completed", .bool(completed)),
    ]
    if pausedSeconds > 0 { m.append(("paused_seconds", .seconds(pausedSeconds))) }
    if sleptSeconds > 0 { m.append(("slept_seconds", .seconds(sleptSeconds))) }
    if extendedSeconds > 0 { m.append(("extended_seconds", .seconds(extendedSeconds))) }
    if overtimeSeconds > 0 { m.append(("overtime_seconds", .seconds(overtimeSeconds))) }
    if let exercise { m.append(("exercise", .string(exercise))) }
    if let reps { m.append(("reps", .int(Int64(reps)))) }
    if let countedRounds { m.append(("counted_rounds", .int(Int64(countedRounds)))) }
    if !marks.isEmpty { m.append(("marks", .array(marks.map { $0.json(time) }))) }
    if !away.isEmpty { m.append(("away", .array(away.map { $0.json(time) }))) }
    if void { m.append(("void", .bool(true))) }
    return .object(m)
  }
}

extension PhaseMark {
  /// The mark as a phase holds it, in the journal and in the state file.
  package func json(_ time: (Double) -> JSONOutput) -> JSONOutput {
    .object([("at", time(at)), ("kind", .string(kind.rawValue)), ("note", note.map(JSONOutput.string) ?? .null)])
  }
}
