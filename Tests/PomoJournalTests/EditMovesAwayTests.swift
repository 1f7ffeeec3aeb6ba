import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo edit --start` and `--end` move a session's spans away with their phase, and a new end
/// cuts them: a span wholly after it goes, one crossing it ends at it.
@Suite("Edits move the spans away")
struct EditMovesAwayTests {
  @Test("a new start moves the spans with their phase")
  func startMoves() {
    for paused in [false, true] {
      let record = MorningSession.span(paused: paused)
      let moved = Fold.applying(Correction.Changes(start: MorningSession.start - 86_400 * 330), to: record)
      #expect(moved.phases[0].away.map(\.start) == [MorningSession.start - 86_400 * 330 + 600])
      #expect(moved.phases[0].away.map(\.end) == [MorningSession.start - 86_400 * 330 + 900])
      #expect(moved.focusSeconds == record.focusSeconds)
    }
  }

  @Test(
    "a new end cuts the spans: one after it goes, one crossing it ends there; focus is what ran before it",
    arguments: [
      // (paused through, new end after the start, spans left, focus)
      (false, 600.0, [] as [Double], 600.0), (false, 750, [150], 600), (false, 1200, [300], 900),
      (true, 600, [], 600), (true, 750, [150], 600), (true, 1200, [300], 900),
    ])
  func endCuts(paused: Bool, end: Double, spans: [Double], focus: Double) {
    let cut = Fold.applying(Correction.Changes(end: MorningSession.start + end), to: MorningSession.span(paused: paused))
    #expect(cut.phases[0].away.map(\.seconds) == spans)
    #expect(cut.phases[0].away.allSatisfy { $0.end <= cut.phases[0].end })
    #expect(cut.focusSeconds == focus)
    // Kept, the time away is in: no more than the phase's length.
    var keep = Correction.Changes()
    keep.keptAway = true
    #expect(Fold.applying(keep, to: cut).focusSeconds == end)
  }
}
