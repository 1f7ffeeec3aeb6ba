import Testing

@testable import PomoJournal

/// Which sessions share time (`Overlap`): touching is not sharing, and each overlapping
/// session is paired with one it overlaps.
@Suite("Sessions that share time, found")
struct OverlapTests {
  @Test("sessions that only touch do not overlap")
  func touching() {
    #expect(Overlap.overlaps(100, 200, 150, 300))
    #expect(Overlap.overlaps(100, 200, 120, 130))
    #expect(!Overlap.overlaps(100, 200, 200, 300))
    #expect(!Overlap.overlaps(100, 200, 0, 100))
  }

  @Test("the overlaps among imported and recorded sessions, each paired with one it overlaps")
  func among() {
    func session(_ id: String, _ start: Double, _ end: Double) -> JournalRecord {
      JournalRecord(
        id: id, preset: "p", status: .completed, start: start, end: end, tags: [], host: "h", rounds: 1, phases: [])
    }
    let recorded = [session("r1", 0, 100), session("r2", 500, 600)]
    let new = [
      session("n1", 50, 60), session("n2", 100, 200), session("n3", 550, 700), session("n4", 150, 160),
      session("r2", 500, 600),
    ]
    let found = Overlap.among(new, recorded: recorded).map { "\($0.session.id)~\($0.other.id)" }
    #expect(found == ["n1~r1", "n2~n4", "n3~r2", "n4~n2"])
  }
}
