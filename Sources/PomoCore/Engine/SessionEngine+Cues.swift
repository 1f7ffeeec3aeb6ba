/// What a tick says while a phase runs: the warning, the halfway mark, countdown cues, and
/// the end of a question for reps left unanswered.
extension SessionEngine {
  /// What a tick does once the phases are up to the clock: questions, warnings, cues.
  mutating func afterAdvance(now: Duration) -> [SessionEvent] {
    var events: [SessionEvent] = []
    if let question, now >= question.closes {
      self.question = nil
      events.append(.answered(question.phase, reps: nil))
      if status == .asking { end(&events) }
    }
    remind(now: now, &events)
    if status == .running && !warned, let at = warningTime, now >= at {
      warned = true
      events.append(.warning(index))
    }
    if status == .running && plan.halfway && !saidHalfway && now >= halfwayTime {
      saidHalfway = true
      events.append(.halfway(index))
    }
    if status == .running && plan.cue > 0 {
      let left = Int(TimeText.ceilSeconds(deadline - now))
      let length = Int(TimeText.ceilSeconds(plan.phases[index].duration + phaseExtended))
      if left >= 1 && left <= plan.cue && left < length && lastCue != left {
        lastCue = left
        events.append(.cue(left))
      }
    }
    return events
  }

  /// The moment half the current phase's time is gone: its deadline less half its length.
  var halfwayTime: Duration {
    deadline - (plan.phases[index].duration + phaseExtended) / 2
  }

  /// When the current phase warns that its time is nearly up: `warnBefore` before its deadline,
  /// for a phase longer than that; nil when it does not warn.
  var warningTime: Duration? {
    guard let warn = plan.phases[index].warnBefore, warn > .zero,
      plan.phases[index].duration + phaseExtended > warn
    else { return nil }
    return deadline - warn
  }
}
