/// Time away: leaving, coming back, the away policy, and the question it may ask after.
extension SessionEngine {
  /// The person has left (`cause`), at `t` on the engine's clock (now, or earlier when the
  /// source knew it later: a suspend, an idle desk). Nothing while away already or not under way.
  package mutating func goAway(cause: AwayCause, at t: Duration? = nil) -> [SessionEvent] {
    var events = tick()
    guard away == nil, isActive else { return events }
    let now = clock.now()
    // Never before the phase or the last time away: a span is only ever in one phase.
    let since = max(min(t ?? now, now), phaseStart, lastBack)
    leave(at: since, cause: cause, announce: true, &events)
    return events
  }

  /// The person is back: the spans close, a phase the policy paused goes on, and under `ask`
  /// the session asks what to do with the time.
  package mutating func comeBack() -> [SessionEvent] {
    var events = tick()
    guard away != nil else { return events }
    comeBack(at: clock.now(), &events)
    return events
  }

  /// Answers the question after time away: keep the time (true) or drop it (false).
  package mutating func decideAway(keep: Bool) -> [SessionEvent] {
    var events = tick()
    guard let question = awayQuestion else { return events }
    awayQuestion = nil
    decide(episode: question.episode, keep: keep)
    events.append(.awayDecided(kept: keep))
    return events
  }

  /// The third answer: the session ends now, and the time away is dropped.
  package mutating func endAfterAway() -> [SessionEvent] {
    var events = tick()
    if let question = awayQuestion {
      awayQuestion = nil
      decide(episode: question.episode, keep: false)
      events.append(.awayDecided(kept: false))
    }
    return events + quit()
  }

  mutating func leave(at t: Duration, cause: AwayCause, announce: Bool, _ events: inout [SessionEvent]) {
    awayEpisodes += 1
    // A question still open from an earlier time away is left undecided: that time stays out.
    awayQuestion = nil
    away = AwayState(
      since: t, cause: cause, episode: awayEpisodes, phaseSince: t, phasePaused: false, pausedIt: false,
      announced: announce)
    if announce { events.append(.away(cause)) }
    applyAwayPolicy(at: t, &events)
  }

  /// Opens the current phase's span at `t` and, under `pause`, pauses the phase from then.
  mutating func applyAwayPolicy(at t: Duration, _ events: inout [SessionEvent]) {
    guard var state = away else { return }
    state.phaseSince = t
    state.pausedIt = false
    let pausable = status == .running || (status == .waiting && inOpenPhase)
    if pausable && awayRules.policy(for: plan.phases[index].kind) == .pause {
      pausedAt = t
      longestEndedRun = max(longestEndedRun, t - runStart)
      status = .paused
      state.pausedIt = true
    }
    state.phasePaused = status == .paused
    away = state
  }

  mutating func comeBack(at now: Duration, _ events: inout [SessionEvent]) {
    guard let state = away else { return }
    if isActive { closeAwaySpan(at: now) }
    away = nil
    lastBack = now
    if state.pausedIt && status == .paused && !isFinished {
      let pause = endPause(at: now)
      deadline += pause
      runStart = now
      status = plan.phases[index].open ? .waiting : .running
    }
    if state.announced { events.append(.back(state.cause, now - state.since)) }
    // Under `ask`, a phase that counted the time asks what to do with it.
    let spans = records.flatMap(\.away) + phaseAway
    let asks = records.contains { record in
      awayRules.policy(for: record.phase.kind) == .ask && record.away.contains { $0.episode == state.episode }
    }
    let asksNow = !isFinished && awayRules.policy(for: plan.phases[index].kind) == .ask
      && phaseAway.contains { $0.episode == state.episode }
    if (asks || asksNow) && spans.contains(where: { $0.episode == state.episode && !$0.paused }) {
      awayQuestion = AwayQuestion(episode: state.episode, cause: state.cause, length: now - state.since)
      events.append(.awayAsking)
    }
  }

  /// Marks every span of `episode` kept or dropped.
  private mutating func decide(episode: Int, keep: Bool) {
    for r in records.indices {
      for k in records[r].away.indices where records[r].away[k].episode == episode { records[r].away[k].kept = keep }
    }
    for k in phaseAway.indices where phaseAway[k].episode == episode { phaseAway[k].kept = keep }
  }
}
