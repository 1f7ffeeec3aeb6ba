import Foundation
import Testing

import PomoCore
import PomoJournal
import PomoKit
import PomoPlatform
import PomoReport
import PomoTerminal

/// Virtual time for the engine: `advance` moves both clocks, `sleep` only the boot clock.
package final class FakeClock: @unchecked Sendable {
  package init() {}
  package var boot: Duration = .seconds(1000)
  package var awake: Duration = .seconds(500)
  package var wall: Double = 1_764_583_200  // 2025-12-01 10:00:00 UTC

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

  package var clock: SessionClock {
    SessionClock(now: { self.boot }, awake: { self.awake }, wallSeconds: { self.wall })
  }
}
