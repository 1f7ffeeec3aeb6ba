/// Going on before (or after) a phase's time: skip, and next for a phase that waits.
extension SessionEngine {
  /// Ends the current phase now, not completed, and starts the next. A waiting phase had its
  /// full time, so skipping it is going on: it ends completed, with its overtime.
  package mutating func skip() -> [SessionEvent] {
    var events = tick()
    guard isActive else { return events }
    let now = clock.now()
    events.append(.skipped(index))
    // An open phase has no time of its own to fall short of: skipping it ends it, completed.
    if inOpenPhase && status == .paused { resume(at: now, &events) }
    if status == .waiting {
      goOn(at: now, &events)
      return events
    }
    if status == .paused { runStart = now }
    _ = endPause(at: now)
    status = .running
    endPhase(at: now, completed: ranItsTime(at: now), sleepWindow: nil, &events)
    beginPhase(index + 1, at: now, &events)
    return events
  }

  /// Confirms a waiting phase: it ends now, completed, and the next one starts. Does nothing
  /// unless the phase waits (a `pomo next` sent just before the deadline counts once it passed).
  package mutating func next() -> [SessionEvent] {
    var events = tick()
    if status == .waiting { goOn(at: clock.now(), &events) }
    return events
  }

  /// Whether the current focus phase, not open, has run its planned time by `now` (pauses left
  /// out): one extended and then skipped or stopped past that time is a Pomodoro done all the
  /// same. A break keeps its own rule (what it left of its time goes to the break bank).
  func ranItsTime(at now: Duration) -> Bool {
    let phase = plan.phases[index]
    return phase.kind == .work && !phase.open && now - phaseStart - phasePaused >= phase.duration
  }
}
