/// What the current phase looks like now, for a display: its snapshot and its overtime.
extension SessionEngine {
  /// The overtime of a waiting phase so far; nil unless the phase waits.
  package var overtime: Duration? {
    // An open phase shows its time so far the same way, paused or not.
    if inOpenPhase { return (pausedAt ?? clock.now()) - deadline }
    return status == .waiting ? earlierOvertime + (clock.now() - deadline) : nil
  }

  package var snapshot: SessionSnapshot? {
    guard let phase = currentPhase else { return nil }
    let now = pausedAt ?? clock.now()
    let length = phase.duration + phaseExtended
    let remaining = max(.zero, deadline - now)
    var snapshot = SessionSnapshot(
      phase: phase, phaseCount: plan.phases.count, rounds: plan.rounds, remaining: remaining, length: length,
      paused: status == .paused, sessionFraction: 0, overtime: overtime)
    snapshot.endless = plan.endless
    snapshot.warned = warned && status == .running
    snapshot.counted = phase.count == .rounds ? roundCount : nil
    snapshot.bank = bankDraw == nil && bank > .zero ? bank : nil
    snapshot.question = question
    snapshot.questionPhase = question.map { plan.phases[$0.phase] }
    snapshot.marks = PhaseMark.signs(marks)
    snapshot.away = away?.cause
    snapshot.awayQuestion = awayQuestion
    let total = TimeText.seconds(plan.total)
    if total > 0 {
      let done = TimeText.seconds(phase.offset) + snapshot.fraction * TimeText.seconds(phase.duration)
      snapshot.sessionFraction = min(1, done / total)
    }
    return snapshot
  }
}
