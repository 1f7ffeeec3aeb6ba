import PomoPlatform

/// The clocks a session reads, injected so tests drive virtual time instead of sleeping.
package struct SessionClock: Sendable {
  /// Time that keeps running while the machine sleeps; deadlines live on this clock.
  package var now: @Sendable () -> Duration
  /// Time that stops while the machine sleeps; the difference measures a suspend.
  package var awake: @Sendable () -> Duration
  /// Seconds since 1970, for the timestamps people read. A session reads it once, at its
  /// start, and after that only to notice a step (NTP, a VM's clock sync, an RTC in local time).
  package var wallSeconds: @Sendable () -> Double
  /// Which boot `now` counts from, so another process compares a boot-clock instant only with
  /// the same boot's clock; nil when unknown (then only the recorded times are trusted).
  package var bootID: @Sendable () -> String?

  package init(
    now: @escaping @Sendable () -> Duration, awake: @escaping @Sendable () -> Duration,
    wallSeconds: @escaping @Sendable () -> Double, bootID: @escaping @Sendable () -> String? = { nil }
  ) {
    self.now = now
    self.awake = awake
    self.wallSeconds = wallSeconds
    self.bootID = bootID
  }
}

extension SessionClock {
  /// The real clocks: CLOCK_BOOTTIME for deadlines (it runs through suspend), CLOCK_MONOTONIC
  /// to measure the suspend, and the wall clock for timestamps.
  package static let system = SessionClock(
    now: { .nanoseconds(Platform.bootNanoseconds()) },
    awake: { .nanoseconds(Platform.awakeNanoseconds()) },
    wallSeconds: { Platform.wallSeconds() },
    bootID: { SystemBoot.id })

  /// This boot's identity, read once per process (it cannot change while the process lives).
  private enum SystemBoot {
    static let id = Platform.bootID()
  }
}
