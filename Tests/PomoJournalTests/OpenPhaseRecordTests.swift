import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Flowtime in the journal and the state file: an open phase is recorded as planned for as
/// long as it ran, and the state file shows it counting up.
@Suite("Open phases in the journal and the state file")
struct OpenPhaseRecordTests {
  /// An open focus, then no rest: the last is skipped.
  let bench = SessionBench(.flow(rounds: 1, earned: .ratio(0.2)), id: "x")

  @Test("the journal records the open phase as planned for as long as it ran, and the rest earned")
  func journal() {
    var e = bench.engine()
    _ = e.start()
    bench.clock.advance(.seconds(90))
    _ = e.next()
    let record = JournalRecord(engine: e, info: bench.info)
    #expect(record.phases.map(\.plannedSeconds) == [90])
    #expect(record.phases.map(\.overtimeSeconds) == [0])
    #expect(record.status == .completed)
  }
}
