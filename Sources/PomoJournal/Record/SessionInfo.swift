import PomoCore
import PomoPlatform

/// What the journal records about a session beyond its phases.
public struct SessionInfo: Equatable, Sendable {
  public var id: String
  public var tags: [String]
  public var note: String?
  public var host: String
  /// The preset file, for presets that are not built in.
  public var source: String?
  /// For a resumed session: where in the full plan its first phase stands, and the record it continues.
  public var planOffset: Int
  public var planCount: Int
  public var resumedFrom: String?
  /// A quick timer's warm-up and cool-down, recorded so that resuming rebuilds its plan.
  public var warmup: Duration?
  public var cooldown: Duration?
  /// Why the session has no control socket, kept in its state file (never in the journal).
  public var controlProblem: String?
  /// The task (`TaskRecord`) the session works on, by its whole id.
  public var task: String?

  public init(
    id: String, tags: [String] = [], note: String? = nil, host: String, source: String? = nil, planOffset: Int = 0,
    planCount: Int, resumedFrom: String? = nil
  ) {
    self.id = id
    self.tags = tags
    self.note = note
    self.host = host
    self.source = source
    self.planOffset = planOffset
    self.planCount = planCount
    self.resumedFrom = resumedFrom
  }
}

extension JournalRecord {
  /// The record of a session as the engine ran it (so far, or to its end).
  package init(engine: SessionEngine, info: SessionInfo, end: Double? = nil) {
    let phases = engine.records.map { r in
      var phase = JournalPhase(
        name: r.phase.name, kind: r.phase.kind, round: r.phase.round, start: engine.wallTime(r.start),
        // An open phase was planned to last as long as it ran: planned and elapsed agree, so no
        // report counts it as cut short or overrun.
        end: engine.wallTime(r.end), plannedSeconds: TimeText.seconds(r.phase.open ? r.elapsed : r.phase.duration),
        elapsedSeconds: TimeText.seconds(r.elapsed), completed: r.completed, pausedSeconds: TimeText.seconds(r.paused),
        sleptSeconds: TimeText.seconds(r.slept), extendedSeconds: TimeText.seconds(r.extended),
        overtimeSeconds: TimeText.seconds(r.overtime ?? .zero))
      // A phase that counts without a list of exercises (an AMRAP) is its own exercise, so
      // reports, which read no phase names, still tell it apart.
      phase.exercise = r.phase.exercise ?? (r.phase.count != nil ? r.phase.name : nil)
      phase.reps = r.reps
      phase.countedRounds = r.countedRounds
      phase.marks = r.marks
      phase.away = r.away.map { span in
        JournalAway(
          start: engine.wallTime(span.start), end: engine.wallTime(span.end), cause: span.cause.rawValue,
          paused: span.paused, kept: span.kept)
      }
      return phase
    }
    let completed = engine.status == .finished(completed: true)
    self.init(
      id: info.id, preset: engine.plan.presetName,
      status: engine.voided ? .void : completed ? .completed : .interrupted,
      interruption: completed || engine.voided ? nil : engine.stopReason, start: engine.startWall,
      end: end ?? phases.last?.end ?? engine.startWall, tags: engine.tags, note: engine.note, host: info.host,
      source: info.source, rounds: engine.plan.rounds, planOffset: info.planOffset, resumedFrom: info.resumedFrom,
      pausedSeconds: TimeText.seconds(engine.totalPaused), sleptSeconds: TimeText.seconds(engine.totalSlept),
      phases: phases)
    warmupSeconds = info.warmup.map(TimeText.seconds)
    cooldownSeconds = info.cooldown.map(TimeText.seconds)
    endless = engine.plan.endless
    clockStepSeconds = engine.clockStepSeconds
    voidReason = engine.voidReason
    task = info.task
  }
}
