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
///
/// Its steps live in extensions beside this file, one for each thing a person can do (pause,
/// skip, extend, go away, count reps, mark, void) and one for each step they share (phases,
/// cues, clocks); so its state is internal to the module rather than private, and only those
/// extensions change it.
package struct SessionEngine: Sendable {
  package enum Status: Equatable, Sendable {
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

  /// The plan as it runs: a rest earned from an open phase is re-timed in it when it begins.
  package internal(set) var plan: Plan
  package private(set) var clock: SessionClock
  /// Whether a question for reps still open when the last phase ends holds the session until
  /// it closes: false when nobody can answer it (no keys are read), so the session never
  /// waits 30 s for nothing.
  package let asksAtEnd: Bool

  package internal(set) var status: Status = .notStarted
  package internal(set) var index = 0
  package internal(set) var records: [PhaseRecord] = []
  /// Clock and wall time of the session's start, to turn clock times into timestamps.
  package private(set) var startTime: Duration = .zero
  package private(set) var startWall: Double = 0
  package internal(set) var totalPaused: Duration = .zero
  package internal(set) var totalSlept: Duration = .zero
  /// Why the session stopped early: "quit" (q, Ctrl-C) or "signal" (SIGTERM, SIGHUP).
  package internal(set) var stopReason: Interruption?

  package internal(set) var phaseStart: Duration = .zero
  package internal(set) var deadline: Duration = .zero
  package internal(set) var pausedAt: Duration?
  var phasePaused: Duration = .zero
  var phaseSlept: Duration = .zero
  var phaseExtended: Duration = .zero
  /// Overtime of earlier waits in this phase (a `+` during a wait starts the countdown again).
  package internal(set) var earlierOvertime: Duration = .zero
  var phaseWaited = false
  var lastCue: Int?
  var saidHalfway = false
  /// Whether the current phase has warned that its time is nearly up (`warnBefore`).
  package internal(set) var warned = false
  /// The rounds marked so far in the current phase, when it counts them.
  package internal(set) var roundCount = 0
  /// The open question for the reps of a phase that ended, if any.
  package internal(set) var question: RepsQuestion?
  /// When the current run without a pause began (the start, or the last resume).
  var runStart: Duration = .zero
  var longestEndedRun: Duration = .zero
  var lastBoot: Duration = .zero
  var lastAwake: Duration = .zero
  /// How far the wall clock stood from the session's clock at the last look.
  var wallOffset = 0.0
  /// The wall clock's steps against the session's clock so far, in seconds, each counted by
  /// its size: the session's times never follow a step, and this says that one happened.
  package internal(set) var clockStepSeconds = 0.0

  /// How long before `start()` the session began (`pomo start --ago 10m`): its record starts
  /// then, and its phases have that much less left (a phase already over ends at once).
  package let startedAgo: Duration
  /// The wall-clock instant the plan must end at (`--until`, `@14:30`), if any: the last
  /// phase is fitted to it as the session starts.
  let endsAt: Double?
  /// What the session is about, as it will be recorded: changed while it runs by `pomo tag`,
  /// `pomo untag` and `pomo note`.
  package internal(set) var tags: [String]
  package internal(set) var note: String?
  /// Break time banked earlier today and not yet drawn: the first earned rest of the session
  /// adds it as an extension (so the record says how much was drawn, and the bank, worked out
  /// from the journal, takes it out once it is taken).
  package internal(set) var bank: Duration
  /// The phase that drew on the bank, and how much, once one has.
  package internal(set) var bankDraw: (phase: Int, amount: Duration)?
  /// The interruptions marked in the current phase so far (`pomo mark`, the keys `i` and `e`).
  package internal(set) var marks: [PhaseMark] = []
  /// Whether `pomo void --stop` ended the session: its running Pomodoro is void, never counted
  /// as done, and the session's record is void.
  package internal(set) var voided = false
  /// Why the last Pomodoro was voided, when a reason was given.
  package internal(set) var voidReason: String?
  /// What each kind of phase does while the person is away.
  package let awayRules: AwayRules
  /// Whether the person is away now, since when and why.
  package internal(set) var away: AwayState?
  /// The spans away of the current phase that have closed.
  var phaseAway: [AwaySpan] = []
  /// The open question after time away under the `ask` policy.
  package internal(set) var awayQuestion: AwayQuestion?
  var awayEpisodes = 0
  var awaySpanCount = 0
  /// When the person last came back: a time away never starts before it.
  var lastBack: Duration = .zero
  /// How often a phase that waits for you nudges again (the config's `"remind"`); nil: never.
  package var remindEvery: Duration?
  /// When the phase that waits nudges next, once it has been worked out (see `reminderDue`).
  var nextReminder: Duration?
  /// The nudges given in the current wait: the notification's buttons follow it.
  package internal(set) var reminders = 0

  package init(
    plan: Plan, clock: SessionClock, asksAtEnd: Bool = true, startedAgo: Duration = .zero, tags: [String] = [],
    note: String? = nil, bank: Duration = .zero, away: AwayRules = .counting, endsAt: Double? = nil
  ) {
    self.endsAt = endsAt
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

  package var isFinished: Bool {
    if case .finished = status { return true }
    return false
  }

  package var currentPhase: PlannedPhase? { isFinished ? nil : plan.phases[index] }

  /// Running, paused or waiting: a phase is under way.
  var isActive: Bool {
    status == .running || status == .paused || status == .waiting
  }

  /// Whether the current phase is open and under way: it counts up and can still be paused.
  var inOpenPhase: Bool { isActive && plan.phases[index].open }

  /// The record of plan phase `i` once it has ended (several can end in one step).
  package func record(ofPhase i: Int) -> PhaseRecord? {
    records.last { $0.phase.index == i }
  }

  /// When plan phase `i` started: its record's start, or the current phase's.
  package func startTime(ofPhase i: Int) -> Duration {
    record(ofPhase: i)?.start ?? phaseStart
  }

  /// The wall-clock time (Unix seconds) of a time on the engine's clock.
  package func wallTime(_ t: Duration) -> Double {
    startWall + TimeText.seconds(t - startTime)
  }

  package mutating func start() -> [SessionEvent] {
    guard status == .notStarted else { return [] }
    let now = clock.now()
    let begun = now - startedAgo
    startTime = begun
    startWall = clock.wallSeconds() - TimeText.seconds(startedAgo)
    if let endsAt, let last = plan.phases.indices.last {
      // What setting up took comes off the last phase, read on the clock the start is: the
      // session ends at `endsAt` to the millisecond however long the setting up took.
      let left = Duration.milliseconds(Int64(((endsAt - startWall) * 1000).rounded(.up)))
      plan.phases[last].duration = max(.milliseconds(1), left - plan.phases[last].offset)
    }
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
  package mutating func tick() -> [SessionEvent] {
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
}
