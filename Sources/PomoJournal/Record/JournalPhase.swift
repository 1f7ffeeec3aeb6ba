import PomoCore
import PomoPlatform

/// One phase as the journal records it.
public struct JournalPhase: Equatable, Sendable {
  public var name: String
  public var kind: PhaseKind
  public var round: Int?
  /// Seconds since 1970.
  public var start: Double
  public var end: Double
  public var plannedSeconds: Double
  /// Time spent in the phase, pauses left out.
  public var elapsedSeconds: Double
  public var completed: Bool
  public var pausedSeconds: Double = 0
  public var sleptSeconds: Double = 0
  public var extendedSeconds: Double = 0
  /// Time the phase waited for confirmation after its time was up (a preset's
  /// `"advance": "confirm"`). It is part of `elapsedSeconds`, so a focus phase's overtime
  /// counts as focus.
  public var overtimeSeconds: Double = 0
  /// The exercise the phase was (a preset's `"exercises"`), so time and reps add up per exercise.
  public var exercise: String?
  /// The reps given for a phase that asked (`"count": "reps"`); nil when none were given.
  public var reps: Int?
  /// The rounds marked in a phase that counted them (`"count": "rounds"`, an AMRAP).
  public var countedRounds: Int?
  /// The interruptions marked in the phase (`"marks"`), in the order they were marked.
  public var marks: [PhaseMark] = []
  /// The spans during which the person was away (lock, idle, sleep, `pomo away`).
  public var away: [JournalAway] = []

  public init(
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
