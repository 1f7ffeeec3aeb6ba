import PomoPlatform

/// Runs a plan's phases against a clock: a pure state machine with no timer of its own.
///
/// Each phase is a deadline on a clock that keeps running through suspend. Every call reads
/// the clock and computes `deadline - now`, so late ticks never cause drift, and a phase
/// that ended while the machine slept ends at its deadline, not at wake-up. The caller
/// decides when to call `tick()`; `nextWake(barCells:)` says when the display next changes.
///
/// A plan whose `advance` is `.confirm` does not start the next phase when a deadline passes:
/// the phase waits (`.waiting`) and its overtime is `now - deadline`, read from the clock like
/// the countdown, until `next`, `skip` (or space, through `.toggle`) goes on. The last phase
/// never waits: there is nothing to go on to, and the summary is the signal.
///
/// An open phase (Flowtime, `"duration": "open"`) has no deadline: it waits from its start, its
/// time counting up like overtime (pauses left out), until space, `next` or `skip` ends it. The
/// rest right after it is then re-timed to what the focus earned (the plan's `earnedRest`).
///
/// A question for reps still open when the last phase ends (the last phase's own, most often)
/// holds the session's end (`.asking`) until it is answered, skipped or its time is up, unless
/// the engine was told that nobody can answer (`asksAtEnd` false): then it ends at once.
public struct SessionEngine: Sendable {
  public enum Status: Equatable, Sendable {
    case notStarted
    case running
    case paused
    /// The phase's time is up and it waits for confirmation, counting overtime.
    case waiting
    /// Every phase has ended, and the session waits only for the open question for reps:
    /// it ends, completed, when the question closes.
    case asking
    case finished(completed: Bool)
  }

  /// A phase that has ended, for the summary and the journal.
  public struct PhaseRecord: Equatable, Sendable {
    public var phase: PlannedPhase
    /// Clock times (the engine's clock) of the phase's start and end.
    public var start: Duration
    public var end: Duration
    public var paused: Duration
    public var slept: Duration
    public var extended: Duration
    public var completed: Bool
    /// Time the phase spent waiting for confirmation after its time was up (part of
    /// `elapsed`); nil when it never waited.
    public var overtime: Duration? = nil
    /// The rounds marked in a phase that counts them (an AMRAP); nil for other phases.
    public var countedRounds: Int? = nil
    /// The reps given for a phase that asks for them; nil until (and unless) answered.
    public var reps: Int? = nil
    /// The interruptions marked while it ran (focus phases only).
    public var marks: [PhaseMark] = []
    /// Whether `pomo void` ended it: a void Pomodoro, never done nor cut short.
    public var void = false
    /// The spans of the phase during which the person was away.
    public var away: [AwaySpan] = []

    /// Time spent in the phase, pauses left out, overtime in.
    public var elapsed: Duration { end - start - paused }

    /// The time the phase counts for (focus, for a focus phase): its elapsed time with the
    /// time away left out unless kept, and the time the away policy paused it through put in
    /// when kept; never below zero. The journal's rule (`JournalPhase.creditedSeconds`).
    public var credited: Duration {
      var total = elapsed
      for span in away { total += span.length * AwayCredit.sign(paused: span.paused, kept: span.kept) }
      return max(.zero, total)
    }
  }

  /// The plan as it runs: a rest earned from an open phase is re-timed in it when it begins.
  public private(set) var plan: Plan
  package private(set) var clock: SessionClock
  /// Whether a question for reps still open when the last phase ends holds the session until
  /// it closes: false when nobody can answer it (no keys are read), so the session never
  /// waits 30 s for nothing.
  public let asksAtEnd: Bool

  public private(set) var status: Status = .notStarted
  public private(set) var index = 0
  public private(set) var records: [PhaseRecord] = []
  /// Clock and wall time of the session's start, to turn clock times into timestamps.
  public private(set) var startTime: Duration = .zero
  public private(set) var startWall: Double = 0
  public private(set) var totalPaused: Duration = .zero
  public private(set) var totalSlept: Duration = .zero
  /// Why the session stopped early: "quit" (q, Ctrl-C) or "signal" (SIGTERM, SIGHUP).
  public private(set) var stopReason: Interruption?

  public private(set) var phaseStart: Duration = .zero
  public private(set) var deadline: Duration = .zero
  public private(set) var pausedAt: Duration?
  private var phasePaused: Duration = .zero
  private var phaseSlept: Duration = .zero
  private var phaseExtended: Duration = .zero
  /// Overtime of earlier waits in this phase (a `+` during a wait starts the countdown again).
  public private(set) var earlierOvertime: Duration = .zero
  private var phaseWaited = false
  private var lastCue: Int?
  private var saidHalfway = false
  /// Whether the current phase has warned that its time is nearly up (`warnBefore`).
  public private(set) var warned = false
  /// The rounds marked so far in the current phase, when it counts them.
  public private(set) var roundCount = 0
  /// The open question for the reps of a phase that ended, if any.
  public private(set) var question: RepsQuestion?
  /// When the current run without a pause began (the start, or the last resume).
  private var runStart: Duration = .zero
  private var longestEndedRun: Duration = .zero
  private var lastBoot: Duration = .zero
  private var lastAwake: Duration = .zero
  /// How far the wall clock stood from the session's clock at the last look.
  private var wallOffset = 0.0
  /// The wall clock's steps against the session's clock so far, in seconds, each counted by
  /// its size: the session's times never follow a step, and this says that one happened.
  public private(set) var clockStepSeconds = 0.0

  /// A suspend shorter than this is scheduling noise, not sleep.
  package static let sleepThreshold: Duration = .milliseconds(500)
  /// A move of the wall clock against the session's clock smaller than this is NTP slewing
  /// or rounding (at most 0.5 ms a second), not a step.
  package static let stepThreshold = 1.0

  /// How long before `start()` the session began (`pomo start --ago 10m`): its record starts
  /// then, and its phases have that much less left (a phase already over ends at once).
  public let startedAgo: Duration
  /// What the session is about, as it will be recorded: changed while it runs by `pomo tag`,
  /// `pomo untag` and `pomo note`.
  public private(set) var tags: [String]
  public private(set) var note: String?
  /// Break time banked earlier today and not yet drawn: the first earned rest of the session
  /// adds it as an extension (so the record says how much was drawn, and the bank, worked out
  /// from the journal, takes it out once it is taken).
  public private(set) var bank: Duration
  /// The phase that drew on the bank, and how much, once one has.
  public private(set) var bankDraw: (phase: Int, amount: Duration)?
  /// The interruptions marked in the current phase so far (`pomo mark`, the keys `i` and `e`).
  public private(set) var marks: [PhaseMark] = []
  /// Whether `pomo void --stop` ended the session: its running Pomodoro is void, never counted
  /// as done, and the session's record is void.
  public private(set) var voided = false
  /// Why the last Pomodoro was voided, when a reason was given.
  public private(set) var voidReason: String?
  /// What each kind of phase does while the person is away.
  public let awayRules: AwayRules
  /// Whether the person is away now, since when and why.
  public private(set) var away: AwayState?
  /// The spans away of the current phase that have closed.
  private var phaseAway: [AwaySpan] = []
  /// The open question after time away under the `ask` policy.
  public private(set) var awayQuestion: AwayQuestion?
  private var awayEpisodes = 0
  private var awaySpanCount = 0
  /// When the person last came back: a time away never starts before it.
  private var lastBack: Duration = .zero

  public init(
    plan: Plan, clock: SessionClock, asksAtEnd: Bool = true, startedAgo: Duration = .zero, tags: [String] = [],
    note: String? = nil, bank: Duration = .zero, away: AwayRules = .counting
  ) {
    self.awayRules = away
    self.bank = max(.zero, bank)
    self.plan = plan
    self.clock = clock
    self.asksAtEnd = asksAtEnd
    self.startedAgo = max(.zero, startedAgo)
    self.tags = tags
    self.note = note
  }

  /// This engine as it stands now, its clocks stopped here: a listener on another thread that
  /// reads it later reads this moment, never the time it got round to it.
  package func frozen() -> SessionEngine {
    var copy = self
    let now = clock.now()
    let awake = clock.awake()
    let wall = clock.wallSeconds()
    let boot = clock.bootID()
    copy.clock = SessionClock(now: { now }, awake: { awake }, wallSeconds: { wall }, bootID: { boot })
    return copy
  }

  public var isFinished: Bool {
    if case .finished = status { return true }
    return false
  }

  public var currentPhase: PlannedPhase? { isFinished ? nil : plan.phases[index] }

  /// The record of plan phase `i` once it has ended (several can end in one step).
  public func record(ofPhase i: Int) -> PhaseRecord? {
    records.last { $0.phase.index == i }
  }

  /// When plan phase `i` started: its record's start, or the current phase's.
  public func startTime(ofPhase i: Int) -> Duration {
    record(ofPhase: i)?.start ?? phaseStart
  }

  /// The wall-clock time (Unix seconds) of a time on the engine's clock.
  public func wallTime(_ t: Duration) -> Double {
    startWall + TimeText.seconds(t - startTime)
  }

  // MARK: - Commands

  public mutating func start() -> [SessionEvent] {
    guard status == .notStarted else { return [] }
    let now = clock.now()
    let begun = now - startedAgo
    startTime = begun
    startWall = clock.wallSeconds() - TimeText.seconds(startedAgo)
    lastBoot = now
    lastAwake = clock.awake()
    status = .running
    runStart = begun
    var events: [SessionEvent] = [.sessionStarted]
    beginPhase(0, at: begun, &events)
    // Phases already over when it began that long ago end now, at their deadlines.
    return startedAgo > .zero ? events + tick() : events
  }

  /// Brings the state up to the clock's present: ends every phase whose deadline passed.
  public mutating func tick() -> [SessionEvent] {
    var events: [SessionEvent] = []
    let now = clock.now()
    let window = measureSleep(now: now, &events)
    measureStep(now: now, &events)
    // A suspend is time away: the phases due before it end first, then it is left as the
    // policy says (a focus paused from the moment the machine slept), and come back from now.
    var sleptAway = false
    if let window, away == nil, isActive {
      advance(to: window.0, sleepWindow: window, &events)
      if isActive {
        leave(at: window.0, cause: .sleep, announce: false, &events)
        sleptAway = true
      }
    }
    advance(to: now, sleepWindow: window, &events)
    if let window, !isFinished {
      phaseSlept += overlap(window, phaseStart, now)
    }
    if sleptAway { comeBack(at: now, &events) }
    return events + afterAdvance(now: now)
  }

  /// Ends every phase whose deadline is at or before `t`.
  private mutating func advance(
    to now: Duration, sleepWindow window: (Duration, Duration)?, _ events: inout [SessionEvent]
  ) {
    while status == .running && now >= deadline {
      let end = deadline
      if plan.waits(before: index + 1) {
        status = .waiting
        phaseWaited = true
        events.append(.waiting(index))
        break
      }
      endPhase(at: end, completed: true, sleepWindow: window, &events)
      beginPhase(index + 1, at: end, &events)
    }
  }

  /// What a tick does once the phases are up to the clock: questions, warnings, cues.
  private mutating func afterAdvance(now: Duration) -> [SessionEvent] {
    var events: [SessionEvent] = []
    if let question, now >= question.closes {
      self.question = nil
      events.append(.answered(question.phase, reps: nil))
      if status == .asking { end(&events) }
    }
    if status == .running && !warned, let at = warningTime, now >= at {
      warned = true
      events.append(.warning(index))
    }
    if status == .running && plan.halfway && !saidHalfway && now >= halfwayTime {
      saidHalfway = true
      events.append(.halfway(index))
    }
    if status == .running && plan.cue > 0 {
      let left = Int(TimeText.ceilSeconds(deadline - now))
      let length = Int(TimeText.ceilSeconds(plan.phases[index].duration + phaseExtended))
      if left >= 1 && left <= plan.cue && left < length && lastCue != left {
        lastCue = left
        events.append(.cue(left))
      }
    }
    return events
  }

  /// Space: pauses a running phase, or resumes a paused one with its deadline moved by the pause.
  /// A waiting phase is not paused (its overtime is the time until someone came back): space
  /// goes on to the next phase instead, if the phase was already waiting before this press.
  public mutating func togglePause() -> [SessionEvent] {
    let wasWaiting = status == .waiting
    var events = tick()
    let now = clock.now()
    switch status {
    case .waiting where wasWaiting:
      goOn(at: now, &events)
    case .running:
      pause(at: now, &events)
    case .paused where away?.pausedIt == true:
      // Going on by hand from a phase the away policy paused: you are back. Space shows a
      // paused phase and goes on from it; `pomo pause` is the way to make the pause your own.
      comeBack(at: now, &events)
    case .paused:
      resume(at: now, &events)
    default: break
    }
    return events
  }

  /// Whether the current phase is open and under way: it counts up and can still be paused.
  private var inOpenPhase: Bool { isActive && plan.phases[index].open }

  private mutating func pause(at now: Duration, _ events: inout [SessionEvent]) {
    closeAwaySpan(at: now)
    pausedAt = now
    longestEndedRun = max(longestEndedRun, now - runStart)
    status = .paused
    away?.phasePaused = true
    events.append(.paused)
  }

  /// Makes the away policy's pause the person's own from `now`: the span it paused through
  /// closes here, and the rest is a pause by hand (no span), which coming back does not end.
  private mutating func takeOverPause(at now: Duration, _ events: inout [SessionEvent]) {
    closeAwaySpan(at: now)
    away?.pausedIt = false
    events.append(.paused)
  }

  /// Moves the deadline by the pause, so an open phase's count up leaves the pause out as a
  /// countdown does; an open phase goes back to waiting for the person to go on.
  private mutating func resume(at now: Duration, _ events: inout [SessionEvent]) {
    closeAwaySpan(at: now)
    let pause = endPause(at: now)
    deadline += pause
    runStart = now
    status = plan.phases[index].open ? .waiting : .running
    // Going on while still away: the phase runs through the next piece, whatever paused it.
    away?.phasePaused = false
    away?.pausedIt = false
    events.append(.resumed)
  }

  /// Ends the current phase now, not completed, and starts the next. A waiting phase had its
  /// full time, so skipping it is going on: it ends completed, with its overtime.
  public mutating func skip() -> [SessionEvent] {
    var events = tick()
    guard isActive else { return events }
    let now = clock.now()
    events.append(.skipped(index))
    // An open phase has no time of its own to fall short of: skipping it ends it, completed.
    if inOpenPhase && status == .paused { resume(at: now, &events) }
    if status == .waiting {
      goOn(at: now, &events)
      return events
    }
    if status == .paused { runStart = now }
    _ = endPause(at: now)
    status = .running
    endPhase(at: now, completed: ranItsTime(at: now), sleepWindow: nil, &events)
    beginPhase(index + 1, at: now, &events)
    return events
  }

  /// Whether the current focus phase, not open, has run its planned time by `now` (pauses left
  /// out): one extended and then skipped or stopped past that time is a Pomodoro done all the
  /// same. A break keeps its own rule (what it left of its time goes to the break bank).
  private func ranItsTime(at now: Duration) -> Bool {
    let phase = plan.phases[index]
    return phase.kind == .work && !phase.open && now - phaseStart - phasePaused >= phase.duration
  }

  /// Confirms a waiting phase: it ends now, completed, and the next one starts. Does nothing
  /// unless the phase waits (a `pomo next` sent just before the deadline counts once it passed).
  public mutating func next() -> [SessionEvent] {
    var events = tick()
    if status == .waiting { goOn(at: clock.now(), &events) }
    return events
  }

  /// The time added to the session so far (`+`, `pomo extend`), in ended phases and the current one.
  public var added: Duration { records.reduce(.zero) { $0 + $1.extended } + phaseExtended }

  /// Adds time to the current phase. A waiting phase counts down again, `amount` from now;
  /// the overtime it had so far stays in its record.
  public mutating func extend(by amount: Duration) -> [SessionEvent] {
    var events = tick()
    // An open phase has no end to move.
    guard isActive, !plan.phases[index].open else { return events }
    if status == .waiting {
      let now = clock.now()
      earlierOvertime += now - deadline
      deadline = now
      status = .running
    }
    deadline += amount
    phaseExtended += amount
    lastCue = nil
    // Time added past the warning: it warns again when that runs low.
    if warned, let at = warningTime, clock.now() < at { warned = false }
    events.append(.extended(index, by: amount))
    return events
  }

  /// Stops the session: the current phase ends, not completed (a waiting phase had its time, so
  /// it ends completed, with its overtime).
  /// While the session asks for the last reps, every phase has ended: stopping skips the
  /// question, and the session ends completed.
  public mutating func quit(reason: Interruption = .quit) -> [SessionEvent] {
    var events = tick()
    if status == .asking { return events + answer(nil) }
    guard isActive else { return events }
    stopReason = reason
    let now = clock.now()
    if status != .paused { longestEndedRun = max(longestEndedRun, now - runStart) }
    _ = endPause(at: now)
    // An open phase stopped before half a second of it ran (q right after a break), a focus
    // of 0:00, was never begun: it is not recorded as a focus done.
    let unbegun = plan.phases[index].open && now - deadline < .milliseconds(500)
    endPhase(at: now, completed: (status == .waiting && !unbegun) || ranItsTime(at: now), sleepWindow: nil, &events)
    question = nil
    status = .finished(completed: false)
    events.append(.sessionEnded(completed: false))
    return events
  }

  /// Running, paused or waiting: a phase is under way.
  private var isActive: Bool {
    status == .running || status == .paused || status == .waiting
  }

  /// Ends a waiting phase now and starts the next.
  private mutating func goOn(at now: Duration, _ events: inout [SessionEvent]) {
    endPhase(at: now, completed: true, sleepWindow: nil, &events)
    status = .running
    beginPhase(index + 1, at: now, &events)
  }

  // MARK: - Reading

  /// The longest stretch without a pause: the one under way counts up to now, or to the end.
  public var longestRun: Duration {
    guard status == .running || status == .waiting else { return longestEndedRun }
    return max(longestEndedRun, clock.now() - runStart)
  }

  /// The moment half the current phase's time is gone: its deadline less half its length.
  private var halfwayTime: Duration {
    deadline - (plan.phases[index].duration + phaseExtended) / 2
  }

  /// When the current phase warns that its time is nearly up: `warnBefore` before its deadline,
  /// for a phase longer than that; nil when it does not warn.
  private var warningTime: Duration? {
    guard let warn = plan.phases[index].warnBefore, warn > .zero,
      plan.phases[index].duration + phaseExtended > warn
    else { return nil }
    return deadline - warn
  }

  /// The overtime of a waiting phase so far; nil unless the phase waits.
  public var overtime: Duration? {
    // An open phase shows its time so far the same way, paused or not.
    if inOpenPhase { return (pausedAt ?? clock.now()) - deadline }
    return status == .waiting ? earlierOvertime + (clock.now() - deadline) : nil
  }

  public var snapshot: SessionSnapshot? {
    guard let phase = currentPhase else { return nil }
    let now = pausedAt ?? clock.now()
    let length = phase.duration + phaseExtended
    let remaining = max(.zero, deadline - now)
    var snapshot = SessionSnapshot(
      phase: phase, phaseCount: plan.phases.count, rounds: plan.rounds, remaining: remaining, length: length,
      paused: status == .paused, sessionFraction: 0, overtime: overtime)
    snapshot.endless = plan.endless
    snapshot.warned = warned && status == .running
    snapshot.counted = phase.count == .rounds ? roundCount : nil
    snapshot.bank = bankDraw == nil && bank > .zero ? bank : nil
    snapshot.question = question
    snapshot.questionPhase = question.map { plan.phases[$0.phase] }
    snapshot.marks = PhaseMark.signs(marks)
    snapshot.away = away?.cause
    snapshot.awayQuestion = awayQuestion
    let total = TimeText.seconds(plan.total)
    if total > 0 {
      let done = TimeText.seconds(phase.offset) + snapshot.fraction * TimeText.seconds(phase.duration)
      snapshot.sessionFraction = min(1, done / total)
    }
    return snapshot
  }

  /// How finely the caller redraws: a live display changes every second, bar cell and
  /// percent; a plain log only at phase boundaries and cue seconds.
  public enum WakePrecision: Sendable {
    case display(barCells: Int)
    case boundaries
  }

  /// The clock time at which what is shown next changes: the countdown's next second, the
  /// bar's next eighth of a cell, the next percent, or the deadline; while a phase waits, the
  /// overtime's next second on a display (nothing changes in a plain log). Nil while paused or done.
  public func nextWake(_ precision: WakePrecision) -> Duration? {
    if status == .waiting, case .display = precision {
      let now = clock.now()
      let second: Int64 = 1_000_000_000
      let over = Self.nanos(now - deadline)
      return now + .nanoseconds(second - over % second)
    }
    guard status == .running, let snapshot else { return question?.closes }
    let now = clock.now()
    let remaining = deadline - now
    guard remaining > .zero else { return now }
    let nanosLeft = Self.nanos(remaining)
    let second: Int64 = 1_000_000_000
    let toNextSecond = nanosLeft % second == 0 ? second : nanosLeft % second
    var wait = nanosLeft
    if let question { wait = min(wait, max(0, Self.nanos(question.closes - now))) }
    if plan.halfway && !saidHalfway {
      let toHalfway = Self.nanos(halfwayTime - now)
      if toHalfway > 0 { wait = min(wait, toHalfway) }
    }
    if !warned, let at = warningTime {
      wait = min(wait, max(0, Self.nanos(at - now)))
    }
    switch precision {
    case .boundaries:
      if plan.cue > 0 && nanosLeft <= Int64(plan.cue + 1) * second { wait = toNextSecond }
    case .display(let barCells):
      wait = min(wait, toNextSecond)
      let length = Self.nanos(snapshot.length)
      let elapsed = length - nanosLeft
      for steps in [Int64(max(1, barCells) * 8), 100] where length > 0 {
        // The next step boundary k * length / steps strictly after `elapsed`.
        let k = Int64((Double(elapsed) * Double(steps) / Double(length)).rounded(.down)) + 1
        let at = Int64((Double(k) * Double(length) / Double(steps)).rounded(.up))
        if at > elapsed { wait = min(wait, at - elapsed) }
      }
    }
    return now + .nanoseconds(wait)
  }

  package static func nanos(_ d: Duration) -> Int64 {
    let (s, atto) = d.components
    return s * 1_000_000_000 + atto / 1_000_000_000
  }

  // MARK: - Steps

  private mutating func beginPhase(_ i: Int, at t: Duration, _ events: inout [SessionEvent]) {
    guard i < plan.phases.count else {
      longestEndedRun = max(longestEndedRun, t - runStart)
      if let question {
        if asksAtEnd {
          status = .asking
          return
        }
        self.question = nil
        events.append(.answered(question.phase, reps: nil))
      }
      end(&events)
      return
    }
    // A rest earned by the open phase that just ended is re-timed to what that focus earned.
    var earnedNow = false
    if i > 0, plan.earnedRestPhase(after: i - 1) == i, let earned = plan.earnedRest,
      let focus = record(ofPhase: i - 1)
    {
      plan = plan.retimed(i, to: earned.rest(after: focus.elapsed))
      earnedNow = true
    }
    index = i
    phaseStart = t
    deadline = t + plan.phases[i].duration
    // An open phase waits from its start: its time counts up from the deadline, set to now.
    if plan.phases[i].open { status = .waiting }
    phasePaused = .zero
    phaseSlept = .zero
    phaseExtended = .zero
    earlierOvertime = .zero
    phaseWaited = false
    lastCue = nil
    saidHalfway = false
    warned = false
    roundCount = 0
    marks = []
    phaseAway = []
    if earnedNow && bank > .zero {
      bankDraw = (i, bank)
      phaseExtended = bank
      deadline += bank
      bank = .zero
    }
    events.append(.phaseStarted(i))
    // A phase that starts while the person is away is away from its start.
    if away != nil { applyAwayPolicy(at: t, &events) }
  }

  private mutating func endPhase(
    at end: Duration, completed: Bool, sleepWindow: (Duration, Duration)?, _ events: inout [SessionEvent]
  ) {
    var slept = phaseSlept
    if let sleepWindow { slept += overlap(sleepWindow, phaseStart, end) }
    let overtime = phaseWaited ? earlierOvertime + (status == .waiting ? end - deadline : .zero) : nil
    var record = PhaseRecord(
      phase: plan.phases[index], start: phaseStart, end: end, paused: phasePaused, slept: slept,
      extended: phaseExtended, completed: completed, overtime: overtime)
    if record.phase.count == .rounds { record.countedRounds = roundCount }
    record.marks = marks
    closeAwaySpan(at: end)
    record.away = phaseAway
    phaseAway = []
    records.append(record)
    events.append(.phaseEnded(index, completed: completed))
    // The last phase asks only if someone can answer before the session ends.
    if record.phase.count == .reps && (asksAtEnd || index + 1 < plan.phases.count) {
      // A question still open from an earlier phase goes unanswered: this one is newer.
      if let question { events.append(.answered(question.phase, reps: nil)) }
      question = RepsQuestion(phase: index, closes: end + RepsQuestion.timeout)
      events.append(.asking(index))
    }
  }

  // MARK: - Away

  /// The person has left (`cause`), at `t` on the engine's clock (now, or earlier when the
  /// source knew it later: a suspend, an idle desk). Nothing while away already or not under way.
  public mutating func goAway(cause: AwayCause, at t: Duration? = nil) -> [SessionEvent] {
    var events = tick()
    guard away == nil, isActive else { return events }
    let now = clock.now()
    // Never before the phase or the last time away: a span is only ever in one phase.
    let since = max(min(t ?? now, now), phaseStart, lastBack)
    leave(at: since, cause: cause, announce: true, &events)
    return events
  }

  /// The person is back: the spans close, a phase the policy paused goes on, and under `ask`
  /// the session asks what to do with the time.
  public mutating func comeBack() -> [SessionEvent] {
    var events = tick()
    guard away != nil else { return events }
    comeBack(at: clock.now(), &events)
    return events
  }

  /// Answers the question after time away: keep the time (true) or drop it (false).
  public mutating func decideAway(keep: Bool) -> [SessionEvent] {
    var events = tick()
    guard let question = awayQuestion else { return events }
    awayQuestion = nil
    decide(episode: question.episode, keep: keep)
    events.append(.awayDecided(kept: keep))
    return events
  }

  /// The third answer: the session ends now, and the time away is dropped.
  public mutating func endAfterAway() -> [SessionEvent] {
    var events = tick()
    if let question = awayQuestion {
      awayQuestion = nil
      decide(episode: question.episode, keep: false)
      events.append(.awayDecided(kept: false))
    }
    return events + quit()
  }

  private mutating func leave(at t: Duration, cause: AwayCause, announce: Bool, _ events: inout [SessionEvent]) {
    awayEpisodes += 1
    // A question still open from an earlier time away is left undecided: that time stays out.
    awayQuestion = nil
    away = AwayState(
      since: t, cause: cause, episode: awayEpisodes, phaseSince: t, phasePaused: false, pausedIt: false,
      announced: announce)
    if announce { events.append(.away(cause)) }
    applyAwayPolicy(at: t, &events)
  }

  /// Opens the current phase's span at `t` and, under `pause`, pauses the phase from then.
  private mutating func applyAwayPolicy(at t: Duration, _ events: inout [SessionEvent]) {
    guard var state = away else { return }
    state.phaseSince = t
    state.pausedIt = false
    let pausable = status == .running || (status == .waiting && inOpenPhase)
    if pausable && awayRules.policy(for: plan.phases[index].kind) == .pause {
      pausedAt = t
      longestEndedRun = max(longestEndedRun, t - runStart)
      status = .paused
      state.pausedIt = true
    }
    state.phasePaused = status == .paused
    away = state
  }

  /// The most spans away a session records (about 130 bytes each in its journal line), so no
  /// desk that goes idle and back all day makes a record too long to write; past it, a phase's
  /// last span stretches to the new one's end (the time between counts as away), and a phase
  /// with none records none.
  package static let awaySpanLimit = 1000

  /// Closes the piece under way of the current phase's span away at `t`, if the person is
  /// away: a pause or resume while away opens the next piece, the phase's end closes the last.
  /// A piece the phase was paused through by hand is no span (`AwayState.recordsPiece`).
  private mutating func closeAwaySpan(at t: Duration) {
    guard var state = away else { return }
    if t > state.phaseSince && state.recordsPiece && awaySpanCount >= Self.awaySpanLimit {
      if !phaseAway.isEmpty { phaseAway[phaseAway.count - 1].end = t }
    } else if t > state.phaseSince && state.recordsPiece {
      awaySpanCount += 1
      phaseAway.append(
        AwaySpan(
          start: state.phaseSince, end: t, cause: state.cause, paused: state.phasePaused, episode: state.episode))
    }
    state.phaseSince = t
    away = state
  }

  private mutating func comeBack(at now: Duration, _ events: inout [SessionEvent]) {
    guard let state = away else { return }
    if isActive { closeAwaySpan(at: now) }
    away = nil
    lastBack = now
    if state.pausedIt && status == .paused && !isFinished {
      let pause = endPause(at: now)
      deadline += pause
      runStart = now
      status = plan.phases[index].open ? .waiting : .running
    }
    if state.announced { events.append(.back(state.cause, now - state.since)) }
    // Under `ask`, a phase that counted the time asks what to do with it.
    let spans = records.flatMap(\.away) + phaseAway
    let asks = records.contains { record in
      awayRules.policy(for: record.phase.kind) == .ask && record.away.contains { $0.episode == state.episode }
    }
    let asksNow = !isFinished && awayRules.policy(for: plan.phases[index].kind) == .ask
      && phaseAway.contains { $0.episode == state.episode }
    if (asks || asksNow) && spans.contains(where: { $0.episode == state.episode && !$0.paused }) {
      awayQuestion = AwayQuestion(episode: state.episode, cause: state.cause, length: now - state.since)
      events.append(.awayAsking)
    }
  }

  /// Marks every span of `episode` kept or dropped.
  private mutating func decide(episode: Int, keep: Bool) {
    for r in records.indices {
      for k in records[r].away.indices where records[r].away[k].episode == episode { records[r].away[k].kept = keep }
    }
    for k in phaseAway.indices where phaseAway[k].episode == episode { phaseAway[k].kept = keep }
  }

  /// The spans away of the current phase so far, the open one up to now.
  public var currentAway: [AwaySpan] {
    guard !isFinished else { return [] }
    var spans = closedAway
    if let open = openAway, open.end > open.start { spans.append(open) }
    return spans
  }

  /// The spans away of the current phase that have closed.
  public var closedAway: [AwaySpan] { isFinished ? [] : phaseAway }

  /// The piece of time away under way in the current phase, up to now (of no length at the
  /// moment the person leaves): it runs on until they come back, the phase pauses or resumes,
  /// or the phase ends. Nil when they are not away, or the phase is paused by hand.
  public var openAway: AwaySpan? {
    guard !isFinished, let state = away, state.recordsPiece else { return nil }
    return AwaySpan(
      start: state.phaseSince, end: max(state.phaseSince, clock.now()), cause: state.cause,
      paused: state.phasePaused, episode: state.episode)
  }

  /// Ends the session after its last phase, completed.
  private mutating func end(_ events: inout [SessionEvent]) {
    status = .finished(completed: true)
    events.append(.sessionEnded(completed: true))
  }

  /// Closes a pause in progress, counting it against the phase; returns its length.
  private mutating func endPause(at now: Duration) -> Duration {
    guard let pausedAt else { return .zero }
    let pause = now - pausedAt
    phasePaused += pause
    totalPaused += pause
    self.pausedAt = nil
    return pause
  }

  /// Compares how far the two clocks moved since the last look; a gap is time asleep.
  private mutating func measureSleep(now: Duration, _ events: inout [SessionEvent]) -> (Duration, Duration)? {
    guard status != .notStarted else { return nil }
    let awake = clock.awake()
    let slept = (now - lastBoot) - (awake - lastAwake)
    lastBoot = now
    lastAwake = awake
    guard slept > Self.sleepThreshold else { return nil }
    totalSlept += slept
    events.append(.slept(slept))
    return (now - slept, now)
  }

  /// Compares the wall clock with the session's own (its start's wall time plus the boot
  /// clock): a jump between two looks is a step of the wall clock, which the session notes
  /// and otherwise ignores, so no step is ever counted as time in a phase.
  private mutating func measureStep(now: Duration, _ events: inout [SessionEvent]) {
    guard status != .notStarted, !isFinished else { return }
    let offset = clock.wallSeconds() - wallTime(now)
    let step = offset - wallOffset
    guard abs(step) >= Self.stepThreshold else { return }
    wallOffset = offset
    clockStepSeconds += abs(step)
    events.append(.clockStepped(step))
  }

  private func overlap(_ window: (Duration, Duration), _ from: Duration, _ to: Duration) -> Duration {
    let start = max(window.0, from)
    let end = min(window.1, to)
    return end > start ? end - start : .zero
  }
}

/// Why a session stopped before its end. The journal writes the raw value; a value a newer
/// pomo wrote is kept as it is.
public enum Interruption: Equatable, Sendable {
  /// `q`, Ctrl-C, or a command to stop.
  case quit
  /// SIGTERM, SIGHUP, or a closed output pipe.
  case signal
  /// pomo was killed or the machine lost power; recorded by the next pomo.
  case crash
  /// A focus phase was skipped before its end (`s`, `pomo skip`): the session ran on, or
  /// ended, cut short all the same (`JournalRecord.isCutShort`).
  case skip
  case other(String)

  public init(rawValue: String) {
    switch rawValue {
    case "quit": self = .quit
    case "signal": self = .signal
    case "crash": self = .crash
    case "skip": self = .skip
    default: self = .other(rawValue)
    }
  }

  public var rawValue: String {
    switch self {
    case .quit: "quit"
    case .signal: "signal"
    case .crash: "crash"
    case .skip: "skip"
    case .other(let text): text
    }
  }
}

/// What a person can ask of a running session, from a key or from another shell: one type, so
/// every way in reaches the engine the same way.
public enum SessionCommand: Equatable, Sendable {
  case pause
  case resume
  case toggle
  case skip
  case extend(Duration)
  case stop
  /// Continue a phase that waits for confirmation (a preset's `"advance": "confirm"`).
  case next
  /// Mark a round done in a phase that counts them (`"count": "rounds"`): `r`, `pomo rep`.
  case rep
  /// Answer the open question for a phase's reps (`"count": "reps"`): Enter, `pomo rep N`.
  case reps(Int)
  /// Add tags the session does not have yet (`pomo tag`).
  case tag([String])
  /// Take tags off the session (`pomo untag`).
  case untag([String])
  /// Set the session's note, or take it off with nil (`pomo note`).
  case note(String?)
  /// Mark an interruption in the running focus phase (`pomo mark`, the keys `i` and `e`).
  case mark(PhaseMark.Kind, String?)
  /// Void the running Pomodoro (`pomo void [REASON]`): that round's focus begins again, or with
  /// `stop` the session ends there (`pomo void --stop`).
  case void(String?, stop: Bool = false)
  /// The person left, for `cause`; at a time on the engine's clock when the source knew it
  /// later (`pomo away`, logind, an idle desk).
  case away(AwayCause, at: Duration? = nil)
  /// The person is back (`pomo back`, an unlock, a wake-up).
  case back
  /// Keep the time away the session asks about (`pomo keep`, `k`).
  case keepAway
  /// Drop it (`pomo drop`, `d`).
  case dropAway
  /// End the session instead (`q` while it asks).
  case endAfterAway
}

extension SessionEngine {
  /// Carries out `command` now; the events it caused, for the listeners.
  public mutating func apply(_ command: SessionCommand) -> [SessionEvent] {
    switch command {
    case .pause: pauseIfRunning()
    case .resume: status == .paused ? togglePause() : tick()
    case .toggle: togglePause()
    case .skip: skip()
    case .extend(let amount): extend(by: amount)
    case .stop: quit()
    case .next: next()
    case .rep: countRound()
    case .reps(let n): answer(n)
    case .tag(let more):
      relabel { engine in
        for tag in more where !tag.isEmpty && !engine.tags.contains(tag) { engine.tags.append(tag) }
      }
    case .untag(let less): relabel { $0.tags.removeAll { less.contains($0) } }
    case .note(let text): relabel { $0.note = text.flatMap { $0.isEmpty ? nil : $0 } }
    case .mark(let kind, let note): mark(kind, note: note)
    case .void(let reason, let stop): void(reason: reason, stop: stop)
    case .away(let cause, let at): goAway(cause: cause, at: at)
    case .back: comeBack()
    case .keepAway: decideAway(keep: true)
    case .dropAway: decideAway(keep: false)
    case .endAfterAway: endAfterAway()
    }
  }

  /// Pauses a running phase, or an open one (which waits, so space would end it instead). A
  /// phase the away policy holds paused becomes the person's own pause from now: coming back
  /// leaves it paused, and the time from here is a pause, never time away that keeping puts in.
  private mutating func pauseIfRunning() -> [SessionEvent] {
    var events = tick()
    if status == .running || (status == .waiting && inOpenPhase) {
      pause(at: clock.now(), &events)
    } else if status == .paused && away?.pausedIt == true {
      takeOverPause(at: clock.now(), &events)
    }
    return events
  }

  /// Changes what the session is about, after bringing it up to the clock.
  private mutating func relabel(_ change: (inout SessionEngine) -> Void) -> [SessionEvent] {
    var events = tick()
    guard !isFinished else { return events }
    change(&self)
    events.append(.relabeled)
    return events
  }

  /// Why `command` cannot be carried out now, for a command from another shell to say so
  /// (a key that does not apply is only ignored); nil when it can.
  public func problem(with command: SessionCommand) -> String? {
    switch command {
    case .rep:
      guard isActive, currentPhase?.count == .rounds else {
        return "no AMRAP phase is running: 'pomo rep' counts rounds in a phase with \"count\": \"rounds\""
      }
      return nil
    case .reps(let n):
      guard PhaseCount.range.contains(n) else {
        return "reps are a whole number from \(PhaseCount.range.lowerBound) to \(PhaseCount.range.upperBound), got \(n)"
      }
      guard question != nil else {
        return "no phase is asking for reps: 'pomo rep N' answers a phase with \"count\": \"reps\" once it ends"
      }
      return nil
    case .mark:
      guard inFocus else {
        return "no focus phase is running: 'pomo mark' marks an interruption of a running Pomodoro, not of a break"
      }
      guard marksInSession < PhaseMark.limit else {
        return "this session has \(PhaseMark.limit) marks, the most it keeps"
      }
      return nil
    case .void:
      guard !plan.isWorkout else {
        return "a workout has no Pomodoro to void: 'pomo stop' ends it, 'pomo skip' skips a phase"
      }
      guard inFocus else {
        return "no focus phase is running: 'pomo void' ends a running Pomodoro, not a break ('pomo stop' ends the session)"
      }
      return nil
    case .extend:
      guard !inOpenPhase else {
        return "the phase is open: it runs until you end it ('pomo next'), so it has no end to extend"
      }
      return nil
    case .keepAway, .dropAway:
      guard awayQuestion != nil else {
        return "no time away waits for an answer: 'pomo keep' and 'pomo drop' answer the \"ask\" away policy"
      }
      return nil
    default:
      return nil
    }
  }

  /// The marks of the whole session so far.
  public var marksInSession: Int { records.reduce(marks.count) { $0 + $1.marks.count } }

  /// Whether a focus phase is under way (running, paused or waiting), so it can be marked or voided.
  public var inFocus: Bool { isActive && currentPhase?.kind == .work }

  /// Marks an interruption in the running focus phase, now; nothing outside one.
  public mutating func mark(_ kind: PhaseMark.Kind, note: String?) -> [SessionEvent] {
    var events = tick()
    guard inFocus, marksInSession < PhaseMark.limit else { return events }
    let note = note.flatMap { $0.isEmpty ? nil : String($0.prefix(PhaseMark.noteLimit)) }
    marks.append(PhaseMark(kind: kind, at: wallTime(clock.now()), note: note))
    events.append(.marked(index, kind))
    return events
  }

  /// Voids the running Pomodoro, as the technique says of one that was interrupted for good:
  /// the phase ends, not completed (even one waiting past its time) and void, and a new
  /// Pomodoro begins: the same focus phase, from its start. With `stop`, the session ends there
  /// instead, its record void. Nothing outside a focus phase.
  public mutating func void(reason: String?, stop: Bool = false) -> [SessionEvent] {
    var events = tick()
    guard inFocus, !plan.isWorkout else { return events }
    voidReason = reason.flatMap { $0.isEmpty ? nil : $0 }
    if stop {
      voided = true
      events += quit(reason: .quit)
    } else {
      let now = clock.now()
      if status == .paused { runStart = now }
      _ = endPause(at: now)
      status = .running
      endPhase(at: now, completed: false, sleepWindow: nil, &events)
      records[records.count - 1].void = true
      beginPhase(index, at: now, &events)
      return events
    }
    if let last = records.indices.last {
      records[last].completed = false
      records[last].void = true
    }
    return events
  }

  /// One more round in the current phase, if it counts them.
  public mutating func countRound() -> [SessionEvent] {
    var events = tick()
    guard isActive, currentPhase?.count == .rounds else {
      return events
    }
    roundCount = min(roundCount + 1, PhaseCount.range.upperBound)
    events.append(.counted(index, roundCount))
    return events
  }

  /// The reps for the phase that asks, on its record; nothing without an open question or
  /// for a number out of range.
  public mutating func answer(_ reps: Int?) -> [SessionEvent] {
    var events = tick()
    guard let question else { return events }
    if let reps, !PhaseCount.range.contains(reps) { return events }
    self.question = nil
    if let reps, let at = records.lastIndex(where: { $0.phase.index == question.phase }) {
      records[at].reps = reps
    }
    events.append(.answered(question.phase, reps: reps))
    if status == .asking { end(&events) }
    return events
  }

  /// A key typed while a question is open: digits add to the answer, Backspace takes one
  /// back, Enter answers (or skips, with nothing typed) and `q` skips. Nil for any other key,
  /// which then does what it always does.
  public mutating func answerKey(_ key: UInt8) -> [SessionEvent]? {
    guard var question else { return nil }
    switch key {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      question.warning = nil
      if question.typed.count < RepsQuestion.digits {
        question.typed.append(Character(Unicode.Scalar(key)))
      } else {
        question.warning = "at most \(PhaseCount.range.upperBound) reps"
      }
    case 0x7F, 0x08:
      question.warning = nil
      if !question.typed.isEmpty { question.typed.removeLast() }
    case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
      return answer(Int(question.typed))
    case UInt8(ascii: "q"), UInt8(ascii: "Q"):
      return answer(nil)
    case UInt8(ascii: "-"), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "."), UInt8(ascii: "+"):
      question.warning = "reps are a whole number from 0 to \(PhaseCount.range.upperBound)"
    default:
      return nil
    }
    self.question = question
    return tick()
  }

  /// The command a key stands for while a session runs in the terminal.
  public static func command(forKey key: UInt8) -> SessionCommand? {
    switch key {
    case UInt8(ascii: " "), UInt8(ascii: "p"): .toggle
    case UInt8(ascii: "s"): .skip
    case UInt8(ascii: "+"), UInt8(ascii: "="): .extend(.seconds(60))
    case UInt8(ascii: "q"), UInt8(ascii: "Q"): .stop
    case UInt8(ascii: "r"), UInt8(ascii: "R"): .rep
    case UInt8(ascii: "i"), UInt8(ascii: "I"): .mark(.internal, nil)
    case UInt8(ascii: "e"), UInt8(ascii: "E"): .mark(.external, nil)
    // Enter (a carriage return in raw mode, a newline from a pipe) goes on from a waiting phase.
    case UInt8(ascii: "\r"), UInt8(ascii: "\n"): .next
    default: nil
    }
  }
}
