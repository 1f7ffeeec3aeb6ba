/// Voiding the running Pomodoro: `pomo void`, `pomo void --stop`.
extension SessionEngine {
  /// Voids the running Pomodoro, as the technique says of one that was interrupted for good:
  /// the phase ends, not completed (even one waiting past its time) and void, and a new
  /// Pomodoro begins: the same focus phase, from its start. With `stop`, the session ends there
  /// instead, its record void. Nothing outside a focus phase.
  package mutating func void(reason: String?, stop: Bool = false) -> [SessionEvent] {
    var events = tick()
    guard inFocus, !plan.isWorkout else { return events }
    voidReason = reason.flatMap { $0.isEmpty ? nil : $0 }
    if stop {
      voided = true
      events += quit(reason: .quit)
    } else {
      let now = clock.now()
      if status == .paused { runStart = now }
      _ = endPause(at: now)
      status = .running
      endPhase(at: now, completed: false, sleepWindow: nil, &events)
      records[records.count - 1].void = true
      beginPhase(index, at: now, &events)
      return events
    }
    if let last = records.indices.last {
      records[last].completed = false
      records[last].void = true
    }
    return events
  }
}
