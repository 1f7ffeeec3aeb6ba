import PomoCore

/// Virtual time for the engine: `advance` moves both clocks, `sleep` only the boot clock.
package final class FakeClock: @unchecked Sendable {
  package init() {}
  package var boot: Duration = .seconds(1000)
  package var awake: Duration = .seconds(500)
  package var wall: Double = 1_764_583_200  // 2025-12-01 10:00:00 UTC
  /// The boot the boot clock counts from; nil for a system that has no boot id.
  package var bootID: String? = "fake-boot"

  package func advance(_ d: Duration) {
    boot += d
    awake += d
    wall += TimeText.seconds(d)
  }

  /// The machine sleeps: the boot clock and the wall clock move, the awake clock does not.
  package func sleep(_ d: Duration) {
    boot += d
    wall += TimeText.seconds(d)
  }

  /// The wall clock is stepped (NTP, a VM's clock sync, an RTC in local time): only it moves.
  package func step(_ seconds: Double) {
    wall += seconds
  }

  package var clock: SessionClock {
    SessionClock(now: { self.boot }, awake: { self.awake }, wallSeconds: { self.wall }, bootID: { self.bootID })
  }
}
