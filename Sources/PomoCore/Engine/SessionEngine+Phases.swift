/// The steps every command ends in: a phase begins, a phase ends, the session ends.
extension SessionEngine {
  /// Starts plan phase `i` at `t` (re-timing a rest its open focus earned), or ends the
  /// session after the last phase.
  mutating func beginPhase(_ i: Int, at t: Duration, _ events: inout [SessionEvent]) {
    guard i < plan.phases.count else {
      longestEndedRun = max(longestEndedRun, t - runStart)
      if let question {
        if asksAtEnd {
          status = .asking
          return
        }
        self.question = nil
        events.append(.answered(question.phase, reps: nil))
      }
      end(&events)
      return
    }
    // A rest earned by the open phase that just ended is re-timed to what that focus earned.
    var earnedNow = false
    if i > 0, plan.earnedRestPhase(after: i - 1) == i, let earned = plan.earnedRest,
      let focus = record(ofPhase: i - 1)
    {
      plan = plan.retimed(i, to: earned.rest(after: focus.elapsed))
      earnedNow = true
    }
    index = i
    phaseStart = t
    deadline = t + plan.phases[i].duration
    // An open phase waits from its start: its time counts up from the deadline, set to now.
    if plan.phases[i].open { status = .waiting }
    phasePaused = .zero
    phaseSlept = .zero
    phaseExtended = .zero
    earlierOvertime = .zero
    phaseWaited = false
    forgetReminders()
    lastCue = nil
    saidHalfway = false
    warned = false
    roundCount = 0
    marks = []
    phaseAway = []
    if earnedNow && bank > .zero {
      bankDraw = (i, bank)
      phaseExtended = bank
      deadline += bank
      bank = .zero
    }
    events.append(.phaseStarted(i))
    // A phase that starts while the person is away is away from its start.
    if away != nil { applyAwayPolicy(at: t, &events) }
  }

  /// Ends the current phase at `end` and records it; one that counts reps asks for them.
  mutating func endPhase(
    at end: Duration, completed: Bool, sleepWindow: (Duration, Duration)?, _ events: inout [SessionEvent]
  ) {
    var slept = phaseSlept
    if let sleepWindow { slept += overlap(sleepWindow, phaseStart, end) }
    let overtime = phaseWaited ? earlierOvertime + (status == .waiting ? end - deadline : .zero) : nil
    var record = PhaseRecord(
      phase: plan.phases[index], start: phaseStart, end: end, paused: phasePaused, slept: slept,
      extended: phaseExtended, completed: completed, overtime: overtime)
    if record.phase.count == .rounds { record.countedRounds = roundCount }
    record.marks = marks
    closeAwaySpan(at: end)
    record.away = phaseAway
    phaseAway = []
    records.append(record)
    events.append(.phaseEnded(index, completed: completed))
    // The last phase asks only if someone can answer before the session ends.
    if record.phase.count == .reps && (asksAtEnd || index + 1 < plan.phases.count) {
      // A question still open from an earlier phase goes unanswered: this one is newer.
      if let question { events.append(.answered(question.phase, reps: nil)) }
      question = RepsQuestion(phase: index, closes: end + RepsQuestion.timeout)
      events.append(.asking(index))
    }
  }

  /// Ends a waiting phase now and starts the next.
  mutating func goOn(at now: Duration, _ events: inout [SessionEvent]) {
    endPhase(at: now, completed: true, sleepWindow: nil, &events)
    status = .running
    beginPhase(index + 1, at: now, &events)
  }

  /// Ends the session after its last phase, completed.
  mutating func end(_ events: inout [SessionEvent]) {
    status = .finished(completed: true)
    events.append(.sessionEnded(completed: true))
  }
}
