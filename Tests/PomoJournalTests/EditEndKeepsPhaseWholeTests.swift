import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo edit --end` never leaves a phase that contradicts itself: its paused (and asleep)
/// time no longer than it lasts, its overtime no more than the time it ran. When a pause of
/// your own came is not recorded, so the time cut off comes off the time the phase ran first,
/// and off the pause only once none is left.
@Suite("A new end keeps each phase whole")
struct EditEndKeepsPhaseWholeTests {
  @Test(
    "a new end takes the time the phase ran first, then its pause; never paused longer than it lasts",
    arguments: [
      // (new end after the start, elapsed, paused)
      (12.0, 6.0, 6.0), (8, 2, 6), (6, 0, 6), (4, 0, 4), (1, 0, 1),
    ])
  func pauseFits(end: Double, elapsed: Double, paused: Double) {
    let cut = Fold.applying(Correction.Changes(end: MorningSession.start + end), to: MorningSession.stopped(lasting: 10, focus: 4, paused: 6))
    let phase = cut.phases[0]
    #expect(phase.end - phase.start == end)
    #expect(phase.elapsedSeconds == elapsed)
    #expect(phase.pausedSeconds == paused)
    #expect(phase.elapsedSeconds + phase.pausedSeconds == end)
    #expect(cut.pausedSeconds == paused)
  }

  @Test("a new end takes a phase's overtime first, and its sleep never outlasts it")
  func overtimeAndSleep() {
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: MorningSession.start, end: MorningSession.start + 30, plannedSeconds: 20,
      elapsedSeconds: 30, completed: true, sleptSeconds: 25, overtimeSeconds: 10)
    let record = JournalRecord(
      id: "a1b2c3d4-0001", preset: "work", status: .completed, start: MorningSession.start, end: phase.end, host: "laptop",
      rounds: 1, sleptSeconds: 25, phases: [phase])
    let cut = Fold.applying(Correction.Changes(end: MorningSession.start + 24), to: record)
    #expect(cut.phases[0].elapsedSeconds == 24)
    #expect(cut.phases[0].overtimeSeconds == 4)
    #expect(cut.phases[0].sleptSeconds == 24)
    #expect(cut.sleptSeconds == 24)
    let shorter = Fold.applying(Correction.Changes(end: MorningSession.start + 15), to: record)
    #expect(shorter.phases[0].overtimeSeconds == 0)
    #expect(shorter.phases[0].sleptSeconds == 15)
  }
}
