/// Pausing and resuming: space, `pomo pause`, `pomo resume`, and the longest run without a pause.
extension SessionEngine {
  /// Space: pauses a running phase, or resumes a paused one with its deadline moved by the pause.
  /// A waiting phase is not paused (its overtime is the time until someone came back): space
  /// goes on to the next phase instead, if the phase was already waiting before this press.
  package mutating func togglePause() -> [SessionEvent] {
    let wasWaiting = status == .waiting
    var events = tick()
    let now = clock.now()
    switch status {
    case .waiting where wasWaiting:
      goOn(at: now, &events)
    case .running:
      pause(at: now, &events)
    case .paused where away?.pausedIt == true:
      // Going on by hand from a phase the away policy paused: you are back. Space shows a
      // paused phase and goes on from it; `pomo pause` is the way to make the pause your own.
      comeBack(at: now, &events)
    case .paused:
      resume(at: now, &events)
    default: break
    }
    return events
  }

  /// Pauses a running phase, or an open one (which waits, so space would end it instead). A
  /// phase the away policy holds paused becomes the person's own pause from now: coming back
  /// leaves it paused, and the time from here is a pause, never time away that keeping puts in.
  mutating func pauseIfRunning() -> [SessionEvent] {
    var events = tick()
    if status == .running || (status == .waiting && inOpenPhase) {
      pause(at: clock.now(), &events)
    } else if status == .paused && away?.pausedIt == true {
      takeOverPause(at: clock.now(), &events)
    }
    return events
  }

  private mutating func pause(at now: Duration, _ events: inout [SessionEvent]) {
    closeAwaySpan(at: now)
    pausedAt = now
    longestEndedRun = max(longestEndedRun, now - runStart)
    status = .paused
    away?.phasePaused = true
    events.append(.paused)
  }

  /// Makes the away policy's pause the person's own from `now`: the span it paused through
  /// closes here, and the rest is a pause by hand (no span), which coming back does not end.
  private mutating func takeOverPause(at now: Duration, _ events: inout [SessionEvent]) {
    closeAwaySpan(at: now)
    away?.pausedIt = false
    events.append(.paused)
  }

  /// Moves the deadline by the pause, so an open phase's count up leaves the pause out as a
  /// countdown does; an open phase goes back to waiting for the person to go on.
  mutating func resume(at now: Duration, _ events: inout [SessionEvent]) {
    closeAwaySpan(at: now)
    let pause = endPause(at: now)
    deadline += pause
    runStart = now
    status = plan.phases[index].open ? .waiting : .running
    // Going on while still away: the phase runs through the next piece, whatever paused it.
    away?.phasePaused = false
    away?.pausedIt = false
    events.append(.resumed)
  }

  /// Closes a pause in progress, counting it against the phase; returns its length.
  mutating func endPause(at now: Duration) -> Duration {
    guard let pausedAt else { return .zero }
    let pause = now - pausedAt
    phasePaused += pause
    totalPaused += pause
    self.pausedAt = nil
    return pause
  }

  /// The longest stretch without a pause: the one under way counts up to now, or to the end.
  package var longestRun: Duration {
    guard status == .running || status == .waiting else { return longestEndedRun }
    return max(longestEndedRun, clock.now() - runStart)
  }
}
