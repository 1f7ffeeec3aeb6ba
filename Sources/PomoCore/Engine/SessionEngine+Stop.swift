/// Stopping the session before its end: `q`, Ctrl-C, a signal, `pomo stop`.
extension SessionEngine {
  /// Stops the session: the current phase ends, not completed (a waiting phase had its time, so
  /// it ends completed, with its overtime).
  /// While the session asks for the last reps, every phase has ended: stopping skips the
  /// question, and the session ends completed.
  package mutating func quit(reason: Interruption = .quit) -> [SessionEvent] {
    var events = tick()
    if status == .asking { return events + answer(nil) }
    guard isActive else { return events }
    stopReason = reason
    let now = clock.now()
    if status != .paused { longestEndedRun = max(longestEndedRun, now - runStart) }
    _ = endPause(at: now)
    // An open phase stopped before half a second of it ran (q right after a break), a focus
    // of 0:00, was never begun: it is not recorded as a focus done.
    let unbegun = plan.phases[index].open && now - deadline < .milliseconds(500)
    endPhase(at: now, completed: (status == .waiting && !unbegun) || ranItsTime(at: now), sleepWindow: nil, &events)
    question = nil
    status = .finished(completed: false)
    events.append(.sessionEnded(completed: false))
    return events
  }
}
