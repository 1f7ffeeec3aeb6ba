import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Flowtime in the journal and the state file: an open phase is recorded as planned for as
/// long as it ran, and the state file shows it counting up.
@Suite("Open phases in the journal and the state file")
struct OpenPhaseRecordTests {
  let clock = FakeClock()

  /// An open focus, then a rest written as 1 h that the focus re-times, twice.
  func engine(_ earned: EarnedRest?, rounds: Int = 2) -> SessionEngine {
    clock.engine(.flow(rounds: rounds, earned: earned))
  }

  @Test("the journal records the open phase as planned for as long as it ran, and the rest earned")
  func journal() {
    var e = engine(.ratio(0.2), rounds: 1)
    _ = e.start()
    clock.advance(.seconds(90))
    _ = e.next()
    let record = JournalRecord(engine: e, info: SessionInfo(id: "x", host: "h", planCount: 1))
    #expect(record.phases.map(\.plannedSeconds) == [90])
    #expect(record.phases.map(\.overtimeSeconds) == [0])
    #expect(record.status == .completed)
  }

}
