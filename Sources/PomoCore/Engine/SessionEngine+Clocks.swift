/// Checks of the clocks on every tick: a suspend is time asleep, a jump of the wall clock a step.
extension SessionEngine {
  /// A suspend shorter than this is scheduling noise, not sleep.
  package static let sleepThreshold: Duration = .milliseconds(500)
  /// A move of the wall clock against the session's clock smaller than this is NTP slewing
  /// or rounding (at most 0.5 ms a second), not a step.
  package static let stepThreshold = 1.0

  /// Compares how far the two clocks moved since the last look; a gap is time asleep.
  mutating func measureSleep(now: Duration, _ events: inout [SessionEvent]) -> (Duration, Duration)? {
    guard status != .notStarted else { return nil }
    let awake = clock.awake()
    let slept = (now - lastBoot) - (awake - lastAwake)
    lastBoot = now
    lastAwake = awake
    guard slept > Self.sleepThreshold else { return nil }
    totalSlept += slept
    events.append(.slept(slept))
    return (now - slept, now)
  }

  /// Compares the wall clock with the session's own (its start's wall time plus the boot
  /// clock): a jump between two looks is a step of the wall clock, which the session notes
  /// and otherwise ignores, so no step is ever counted as time in a phase.
  mutating func measureStep(now: Duration, _ events: inout [SessionEvent]) {
    guard status != .notStarted, !isFinished else { return }
    let offset = clock.wallSeconds() - wallTime(now)
    let step = offset - wallOffset
    guard abs(step) >= Self.stepThreshold else { return }
    wallOffset = offset
    clockStepSeconds += abs(step)
    events.append(.clockStepped(step))
  }

  func overlap(_ window: (Duration, Duration), _ from: Duration, _ to: Duration) -> Duration {
    let start = max(window.0, from)
    let end = min(window.1, to)
    return end > start ? end - start : .zero
  }
}
