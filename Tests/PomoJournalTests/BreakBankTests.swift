import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// The break bank is a fold over the day's records: breaks ended early bank what they did not
/// take, breaks that ran past their time take it out, never below zero nor over the cap.
@Suite("Break bank")
struct BreakBankTests {
  /// A session at `start` with one rest phase planned `planned` s that ran `elapsed` s.
  func session(_ start: Double, planned: Double, elapsed: Double, completed: Bool, extended: Double = 0)
    -> JournalRecord
  {
    let rest = JournalPhase(
      name: "b", kind: .rest, round: 1, start: start + 60, end: start + 60 + elapsed, plannedSeconds: planned,
      elapsedSeconds: elapsed, completed: completed, extendedSeconds: extended)
    let work = JournalPhase(
      name: "f", kind: .work, round: 1, start: start, end: start + 60, plannedSeconds: 60, elapsedSeconds: 60,
      completed: false)
    return JournalRecord(
      id: "s\(Int(start))", preset: "p", status: .completed, start: start, end: rest.end, host: "h", rounds: 1,
      phases: [work, rest])
  }

  @Test("a break skipped early banks the rest of it; a work phase cut short banks nothing")
  func banks() {
    let bank = BreakBank(cap: 1800, records: [session(0, planned: 300, elapsed: 60, completed: false)])
    #expect(bank.seconds == 240 && bank.duration == .seconds(240))
  }

  @Test("a break that runs past its time takes the extra out, in the order the sessions ran")
  func draws() {
    let records = [
      session(1000, planned: 300, elapsed: 400, completed: true, extended: 100),
      session(0, planned: 300, elapsed: 0, completed: false),
    ]
    #expect(BreakBank(cap: 1800, records: records).seconds == 200)
    // Taken the other way round, the overrun came first, with nothing in the bank.
    let later = [session(0, planned: 300, elapsed: 400, completed: true), session(1000, planned: 300, elapsed: 0, completed: false)]
    #expect(BreakBank(cap: 1800, records: later).seconds == 300)
  }

  @Test("the cap holds, and a drawn break skipped early leaves the bank as it was plus what it saved")
  func cap() {
    let many = (0..<10).map { session(Double($0) * 1000, planned: 600, elapsed: 0, completed: false) }
    #expect(BreakBank(cap: 1800, records: many).seconds == 1800)
    // 100 s earned, 300 s drawn on top, skipped after 40 s: 60 s saved, nothing drawn.
    let drawn = session(20_000, planned: 100, elapsed: 40, completed: false, extended: 300)
    #expect(BreakBank(cap: 1800, records: [session(0, planned: 300, elapsed: 0, completed: false), drawn]).seconds == 360)
  }

  @Test("a session's earned rest draws the bank once, as an extension the record keeps")
  func engineDraws() {
    let clock = FakeClock()
    var e = clock.bankedFocusEngine()
    // Until it is drawn, the snapshot carries the bank (the live line shows it).
    #expect(e.snapshot?.bank == .seconds(120))
    _ = e.next()
    #expect(e.snapshot?.bank == nil)
    #expect(e.snapshot?.remaining == .seconds(220) && e.snapshot?.length == .seconds(220))
    #expect(e.bankDraw?.phase == 1 && e.bankDraw?.amount == .seconds(120) && e.bank == .zero)
    clock.advance(.seconds(220))
    _ = e.tick()
    #expect(e.records[1].extended == .seconds(120) && e.records[1].phase.duration == .seconds(100))
    clock.advance(.seconds(100))
    _ = e.next()
    // The second earned rest has nothing more to draw.
    #expect(e.snapshot?.length == .seconds(20))
    let record = JournalRecord(engine: e, info: SessionInfo(id: "x", host: "h", planCount: 4))
    // Taken in full, the draw comes out of the bank again.
    #expect(BreakBank(cap: 1800, records: [session(-5000, planned: 120, elapsed: 0, completed: false), record]).seconds == 0)
  }
}
