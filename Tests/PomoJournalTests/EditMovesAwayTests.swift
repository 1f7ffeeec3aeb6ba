import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo edit --start` and `--end` move a session's spans away with their phase, and a new end
/// cuts them: a span wholly after it goes, one crossing it ends at it.
@Suite("Edits move the spans away")
struct EditMovesAwayTests {
  static let now = 1_764_604_800.0  // 2025-12-01T16:00:00Z
  static let start = 1_764_576_000.0  // 2025-12-01T08:00:00Z

  /// A focus from 08:00 with 5 minutes away from 08:10: counted (25:00 long, 20:00 of focus),
  /// or paused through (30:00 long, 25:00 of focus).
  static func record(paused: Bool) -> JournalRecord {
    let away = paused ? 300.0 : 0
    var phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: start + 1500 + away, plannedSeconds: 1500,
      elapsedSeconds: 1500, completed: true, pausedSeconds: away)
    phase.away = [JournalAway(start: start + 600, end: start + 900, cause: "lock", paused: paused)]
    return JournalRecord(
      id: "a1b2c3d4-0000", preset: "work", status: .completed, start: start, end: phase.end, host: "laptop",
      rounds: 1, pausedSeconds: away, phases: [phase])
  }

  @Test("a new start moves the spans with their phase")
  func startMoves() {
    for paused in [false, true] {
      let record = Self.record(paused: paused)
      let moved = Fold.applying(Correction.Changes(start: Self.start - 86_400 * 330), to: record)
      #expect(moved.phases[0].away.map(\.start) == [Self.start - 86_400 * 330 + 600])
      #expect(moved.phases[0].away.map(\.end) == [Self.start - 86_400 * 330 + 900])
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
    let cut = Fold.applying(Correction.Changes(end: Self.start + end), to: Self.record(paused: paused))
    #expect(cut.phases[0].away.map(\.seconds) == spans)
    #expect(cut.phases[0].away.allSatisfy { $0.end <= cut.phases[0].end })
    #expect(cut.focusSeconds == focus)
    // Kept, the time away is in: no more than the phase's length.
    var keep = Correction.Changes()
    keep.keptAway = true
    #expect(Fold.applying(keep, to: cut).focusSeconds == end)
  }
}
