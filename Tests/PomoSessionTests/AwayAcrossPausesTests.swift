@testable import PomoSession
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// One rule for time away, whatever happens while away: focus is the time the phase ran, less
/// the time it ran while you were away unless that is kept; time the away policy paused it is
/// put in only when kept; a pause of your own is never focus. `pomo stop`, a crash recovered,
/// and `status` while it runs all record the same.
@Suite("Time away across pauses and resumes")
struct AwayAcrossPausesTests {
  /// A step of a script: at this second of the session (from its start), this command.
  typealias Step = (at: Int, command: SessionCommand)

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var policy: AwayPolicy
    var steps: [Step]
    /// When `pomo stop` ends it.
    var stop: Int
    /// Seconds of focus as recorded, and after `pomo edit --keep-away`.
    var focus: Double
    var kept: Double
    var testDescription: String { "\(policy.rawValue): \(name)" }
  }

  static let away = SessionCommand.away(.command)

  static let cases: [Case] = [
    // run: the time away counts in the phase and comes off its focus unless kept.
    Case(
      name: "away, pause inside, back, resume after", policy: .run,
      steps: [(2, away), (4, .pause), (10, .back), (12, .resume)], stop: 14, focus: 4, kept: 6),
    Case(
      name: "away, pause and resume inside", policy: .run,
      steps: [(2, away), (4, .pause), (6, .resume), (10, .back)], stop: 12, focus: 4, kept: 10),
    Case(
      name: "pause before, resume inside", policy: .run,
      steps: [(2, .pause), (4, away), (6, .resume), (10, .back)], stop: 12, focus: 4, kept: 8),
    Case(
      name: "pause before, resume after", policy: .run,
      steps: [(2, .pause), (4, away), (8, .back), (10, .resume)], stop: 12, focus: 4, kept: 4),
    Case(
      name: "pause after coming back", policy: .run,
      steps: [(2, away), (6, .back), (8, .pause), (10, .resume)], stop: 12, focus: 6, kept: 10),
    Case(name: "stopped while away", policy: .run, steps: [(2, away)], stop: 10, focus: 2, kept: 10),
    Case(
      name: "stopped while away, paused inside", policy: .run, steps: [(2, away), (4, .pause)], stop: 10,
      focus: 2, kept: 4),
    // pause: the phase pauses while away; kept, that time is put in.
    Case(name: "away and back", policy: .pause, steps: [(2, away), (8, .back)], stop: 10, focus: 4, kept: 10),
    // A pause by hand while the policy holds the phase is yours: back leaves it paused, and
    // only the time before it is a span that keeping puts in.
    Case(
      name: "a pause inside is your own, and back leaves it paused", policy: .pause,
      steps: [(2, away), (4, .pause), (8, .back)], stop: 10, focus: 2, kept: 4),
    Case(
      name: "a pause inside, back, resume after", policy: .pause,
      steps: [(2, away), (4, .pause), (8, .back), (10, .resume)], stop: 12, focus: 4, kept: 6),
    Case(
      name: "a pause inside, stopped while away", policy: .pause, steps: [(2, away), (4, .pause)], stop: 10,
      focus: 2, kept: 4),
    Case(
      name: "pause before, resume inside", policy: .pause,
      steps: [(2, .pause), (4, away), (6, .resume), (10, .back)], stop: 12, focus: 4, kept: 8),
    Case(
      name: "pause before, resume after", policy: .pause,
      steps: [(2, .pause), (4, away), (8, .back), (10, .resume)], stop: 12, focus: 4, kept: 4),
    Case(
      name: "resume inside is coming back", policy: .pause, steps: [(2, away), (4, .resume), (6, .back)],
      stop: 10, focus: 8, kept: 10),
    Case(
      name: "pause before, resume and pause inside, resume after", policy: .pause,
      steps: [(2, .pause), (4, away), (6, .resume), (8, .pause), (10, .back), (12, .resume)], stop: 14,
      focus: 4, kept: 6),
    Case(
      name: "pause after coming back", policy: .pause,
      steps: [(2, away), (6, .back), (8, .pause), (10, .resume)], stop: 12, focus: 6, kept: 10),
    Case(name: "stopped while away", policy: .pause, steps: [(2, away)], stop: 10, focus: 2, kept: 10),
    Case(
      name: "pause before, stopped while away", policy: .pause, steps: [(2, .pause), (4, away)], stop: 10,
      focus: 2, kept: 2),
    // ask: counts as run does until answered (left unanswered here).
    Case(
      name: "away, pause inside, back, resume after", policy: .ask,
      steps: [(2, away), (4, .pause), (10, .back), (12, .resume)], stop: 14, focus: 4, kept: 6),
    Case(
      name: "pause before, resume inside", policy: .ask,
      steps: [(2, .pause), (4, away), (6, .resume), (10, .back)], stop: 12, focus: 4, kept: 8),
    Case(
      name: "pause before, resume after", policy: .ask,
      steps: [(2, .pause), (4, away), (8, .back), (10, .resume)], stop: 12, focus: 4, kept: 4),
    Case(
      name: "pause after coming back", policy: .ask,
      steps: [(2, away), (6, .back), (8, .pause), (10, .resume)], stop: 12, focus: 6, kept: 10),
  ]

  static let info = SessionInfo(id: "s1", host: "h", planCount: 1)

  /// One focus phase of 100 s, none of which ends here, with `policy` for focus.
  func engine(_ policy: AwayPolicy, _ clock: FakeClock) -> SessionEngine {
    var e = clock.engine(Preset(name: "t", round: [phase("go", .work, 100)], rounds: 1), away: AwayRules(work: policy))
    _ = e.start()
    return e
  }

  /// Runs the steps up to second `end` on a fake clock, brought to `end` (every step when nil).
  func play(_ c: Case, clock: FakeClock, until end: Int? = nil) -> SessionEngine {
    var e = engine(c.policy, clock)
    var now = 0
    for step in c.steps where step.at <= (end ?? Int.max) {
      clock.advance(.seconds(step.at - now))
      now = step.at
      _ = e.apply(step.command)
    }
    if let end {
      clock.advance(.seconds(end - now))
      _ = e.tick()
    }
    return e
  }

  func focus(_ record: JournalRecord) -> (Double, Double) {
    var keep = Correction.Changes()
    keep.keptAway = true
    return (record.focusSeconds, Fold.applying(keep, to: record).focusSeconds)
  }

  /// The state file as a reader finds it: written and read back.
  func saved(_ e: SessionEngine) throws -> SessionState {
    let state = try #require(SessionState(engine: e, info: Self.info, pid: 42))
    return try SessionState(bytes: Array(state.json(offset: { _ in 0 }).text.utf8))
  }

  @Test("a pause or resume while away splits the span: focus is the time run less the time run away", arguments: cases)
  func stopped(_ c: Case) {
    let clock = FakeClock()
    var e = play(c, clock: clock, until: c.stop)
    _ = e.apply(.stop)
    let record = JournalRecord(engine: e, info: Self.info)
    let (focus, kept) = focus(record)
    #expect(focus == c.focus)
    #expect(kept == c.kept)
    // Paused time is never focus: kept, no more than the phase ran plus what the policy paused.
    let phase = record.phases[0]
    let policyPaused = phase.away.filter(\.paused).reduce(0) { $0 + $1.seconds }
    #expect(kept <= phase.elapsedSeconds + policyPaused)
    #expect(phase.elapsedSeconds + phase.pausedSeconds == Double(c.stop))
  }

  @Test("the summary a session prints counts focus as its record does", arguments: cases)
  func summary(_ c: Case) {
    let clock = FakeClock()
    var e = play(c, clock: clock, until: c.stop)
    _ = e.apply(.stop)
    let record = JournalRecord(engine: e, info: Self.info)
    #expect(TimeText.seconds(SessionSummary.total(e, .work)) == record.focusSeconds)
    #expect(SessionSummary.parts(e).parts.first == "focus \(TimeText.clock(.seconds(c.focus)))")
  }

  @Test("a crash while away records what pomo stop at that moment would, the open span closed", arguments: cases)
  func crashed(_ c: Case) throws {
    let stopClock = FakeClock()
    var stopped = play(c, clock: stopClock, until: c.stop)
    _ = stopped.apply(.stop)
    let expected = JournalRecord(engine: stopped, info: Self.info)

    let clock = FakeClock()
    let state = try saved(play(c, clock: clock, until: c.stop))
    let recovered = state.interruptedRecord(lastKnown: state.updated)
    #expect(recovered.phases[0].away == expected.phases[0].away)
    #expect(recovered.phases[0].elapsedSeconds == expected.phases[0].elapsedSeconds)
    #expect(recovered.phases[0].pausedSeconds == expected.phases[0].pausedSeconds)
    #expect(recovered.phases[0].end == expected.phases[0].end)
    #expect(recovered.pausedSeconds == expected.pausedSeconds)
    #expect(focus(recovered) == (c.focus, c.kept))
  }

  @Test("status while it runs counts the time away now as the record will", arguments: cases)
  func live(_ c: Case) throws {
    // The state as the session last wrote it, at its last step, read at the stop's moment.
    let clock = FakeClock()
    let last = c.steps.last!.at
    let state = try saved(play(c, clock: clock, until: last))
    let record = state.interruptedRecord(lastKnown: state.updated + Double(c.stop - last))
    #expect(focus(record) == (c.focus, c.kept))
  }
}
