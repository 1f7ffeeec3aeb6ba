/// When the caller should next wake: the moment what it shows next changes.
extension SessionEngine {
  /// How finely the caller redraws: a live display changes every second, bar cell and
  /// percent; a plain log only at phase boundaries and cue seconds.
  package enum WakePrecision: Sendable {
    case display(barCells: Int)
    case boundaries
  }

  /// The clock time at which what is shown next changes: the countdown's next second, the
  /// bar's next eighth of a cell, the next percent, or the deadline; while a phase waits, the
  /// overtime's next second on a display (nothing changes in a plain log), or the next nudge
  /// (`reminderDue`), whichever comes first. Nil while paused or done.
  package func nextWake(_ precision: WakePrecision) -> Duration? {
    if status == .waiting, case .display = precision {
      let now = clock.now()
      let second: Int64 = 1_000_000_000
      let over = Self.nanos(now - deadline)
      let nextSecond = now + .nanoseconds(second - over % second)
      return reminderDue.map { min($0, nextSecond) } ?? nextSecond
    }
    guard status == .running, let snapshot else {
      guard let due = reminderDue else { return question?.closes }
      return question.map { min($0.closes, due) } ?? due
    }
    let now = clock.now()
    let remaining = deadline - now
    guard remaining > .zero else { return now }
    let nanosLeft = Self.nanos(remaining)
    let second: Int64 = 1_000_000_000
    let toNextSecond = nanosLeft % second == 0 ? second : nanosLeft % second
    var wait = nanosLeft
    if let question { wait = min(wait, max(0, Self.nanos(question.closes - now))) }
    if plan.halfway && !saidHalfway {
      let toHalfway = Self.nanos(halfwayTime - now)
      if toHalfway > 0 { wait = min(wait, toHalfway) }
    }
    if !warned, let at = warningTime {
      wait = min(wait, max(0, Self.nanos(at - now)))
    }
    switch precision {
    case .boundaries:
      if plan.cue > 0 && nanosLeft <= Int64(plan.cue + 1) * second { wait = toNextSecond }
    case .display(let barCells):
      wait = min(wait, toNextSecond)
      let length = Self.nanos(snapshot.length)
      let elapsed = length - nanosLeft
      for steps in [Int64(max(1, barCells) * 8), 100] where length > 0 {
        // The next step boundary k * length / steps strictly after `elapsed`.
        let k = Int64((Double(elapsed) * Double(steps) / Double(length)).rounded(.down)) + 1
        let at = Int64((Double(k) * Double(length) / Double(steps)).rounded(.up))
        if at > elapsed { wait = min(wait, at - elapsed) }
      }
    }
    return now + .nanoseconds(wait)
  }

  package static func nanos(_ d: Duration) -> Int64 {
    let (s, atto) = d.components
    return s * 1_000_000_000 + atto / 1_000_000_000
  }
}
