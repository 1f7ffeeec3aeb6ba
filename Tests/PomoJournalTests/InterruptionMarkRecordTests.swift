import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Marks and void, from the engine to the journal record it makes: the marks land in their
/// phases, and the record counts void, done and cut-short Pomodoros as the engine left them.
@Suite("Interruption marks and void, from the engine to the record")
struct InterruptionMarkRecordTests {
  /// 2 rounds of 10 s focus and 5 s rest.
  let bench = SessionBench(
    Preset(name: "t", round: [phase("focus", .work, 10), phase("break", .rest, 5)], rounds: 2), id: "x")

  @Test("marks land in the focus phase they were made in, with their wall time and note")
  func marksLandInTheirPhase() {
    var e = bench.engine()
    _ = e.start()
    let start = bench.clock.wall
    bench.clock.advance(.seconds(3))
    #expect(e.apply(.mark(.internal, "phone")) == [.marked(0, .internal)])
    bench.clock.advance(.seconds(2))
    #expect(e.apply(.mark(.external, nil)) == [.marked(0, .external)])
    #expect(e.snapshot?.marks == "' -")
    bench.clock.advance(.seconds(5))
    _ = e.tick()
    // The break has begun: the marks went with the focus phase, the new phase has none.
    #expect(e.currentPhase?.kind == .rest)
    #expect(e.marks.isEmpty)
    #expect(e.snapshot?.marks == "")
    #expect(
      e.records[0].marks == [
        PhaseMark(kind: .internal, at: start + 3, note: "phone"), PhaseMark(kind: .external, at: start + 5, note: nil),
      ])
    // The next focus phase keeps its own.
    bench.clock.advance(.seconds(5))
    _ = e.tick()
    _ = e.apply(.mark(.internal, ""))
    bench.clock.advance(.seconds(10))
    _ = e.tick()
    #expect(e.records.map(\.marks.count) == [2, 0, 1])
    #expect(e.records[2].marks.first?.note == nil, "an empty note is no note")
    let record = JournalRecord(engine: e, info: bench.info)
    #expect(record.phases.map(\.marks.count) == [2, 0, 1])
    #expect(record.phases.flatMap(\.marks).map(\.kind) == [.internal, .external, .internal])
  }

  @Test("void goes on: the Pomodoro is void, the same focus begins again, and the record is not void")
  func voidGoesOn() {
    var e = bench.engine(after: 16)
    // In the second focus phase (plan phase 2): the first Pomodoro and its break are done.
    bench.clock.advance(.seconds(2))
    let events = e.apply(.void("the boss"))
    #expect(events == [.phaseEnded(2, completed: false), .phaseStarted(2)])
    #expect(!e.isFinished && !e.voided && e.voidReason == "the boss")
    #expect(e.index == 2 && e.currentPhase?.kind == .work)
    // The new Pomodoro has the whole focus again.
    #expect(e.deadline - bench.clock.clock.now() == .seconds(10))
    #expect(e.records.map(\.void) == [false, false, true])
    // It runs to its end, then the last break: the session completes.
    bench.clock.advance(.seconds(15))
    _ = e.tick()
    #expect(e.status == .finished(completed: true))
    let record = JournalRecord(engine: e, info: bench.info)
    #expect(record.status == .completed && record.interruption == nil)
    #expect(record.phases.map(\.void) == [false, false, true, false, false])
    #expect(record.voidPomodoros == 1 && record.donePomodoros == 2 && record.cutShortPomodoros == 0)
    #expect(record.focusSeconds == 20 && record.voidSeconds == 3)
    let summary = SessionSummary.parts(e)
    #expect(summary.head.hasPrefix("Completed t:"))
    #expect(summary.parts.contains("void 0:03"))
  }

  @Test("void --stop ends the session at once: the Pomodoro not completed, the record void with its reason")
  func voidEndsTheSession() {
    var e = bench.engine(after: 16)
    // In the second focus phase: the first Pomodoro and its break are done.
    _ = e.apply(.mark(.external, "call"))
    bench.clock.advance(.seconds(1))
    let events = e.apply(.void("the boss", stop: true))
    #expect(events.contains(.sessionEnded(completed: false)))
    #expect(e.isFinished && e.voided && e.voidReason == "the boss")
    #expect(e.records.map(\.completed) == [true, true, false])
    #expect(e.records.last?.marks.count == 1)
    let record = JournalRecord(engine: e, info: bench.info)
    #expect(record.status == .void)
    #expect(record.voidReason == "the boss")
    #expect(record.interruption == nil)
    #expect(record.lastVoid == 2 && record.voidPomodoros == 1 && record.donePomodoros == 1)
    // The void Pomodoro is not focus; the one done before it is.
    #expect(record.focusSeconds == 10)
    #expect(record.voidSeconds == 2)
    let summary = SessionSummary.parts(e)
    #expect(summary.head.hasPrefix("Voided t:"))
    #expect(summary.parts.contains("void 0:02"))
    #expect(summary.parts.contains("marks -"))
  }

  @Test("a focus extended and then skipped or stopped after its planned time is a done Pomodoro")
  func extendedThenSkippedIsDone() {
    for stop in [false, true] {
      let clock = FakeClock()
      var e = clock.engine(Preset(name: "t", round: [phase("focus", .work, 10)]))
      _ = e.start()
      clock.advance(.seconds(8))
      _ = e.apply(.extend(.seconds(5)))
      clock.advance(.seconds(3))
      _ = e.apply(stop ? .stop : .skip)
      #expect(e.records.map(\.completed) == [true], "stop: \(stop)")
      let record = JournalRecord(engine: e, info: SessionInfo(id: "x", host: "h", planCount: 1))
      #expect(record.donePomodoros == 1 && record.cutShortPomodoros == 0, "stop: \(stop)")
      #expect(stop ? record.status == .interrupted : record.status == .completed, "stop: \(stop)")
    }
    // Skipped before its planned time, it is cut short.
    let clock = FakeClock()
    var e = clock.engine(Preset(name: "t", round: [phase("focus", .work, 10)]))
    _ = e.start()
    clock.advance(.seconds(8))
    _ = e.apply(.extend(.seconds(5)))
    _ = e.apply(.skip)
    #expect(e.records.map(\.completed) == [false])
  }
}
