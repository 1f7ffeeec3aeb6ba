import PomoPlatform

/// The clocks a session reads, injected so tests drive virtual time instead of sleeping.
package struct SessionClock: Sendable {
  /// Time that keeps running while the machine sleeps; deadlines live on this clock.
  package var now: @Sendable () -> Duration
  /// Time that stops while the machine sleeps; the difference measures a suspend.
  package var awake: @Sendable () -> Duration
  /// Seconds since 1970, for the timestamps people read. A session reads it once, at its
  /// start, and after that only to notice a step (NTP, a VM's clock sync, an RTC in local time).
  package var wallSeconds: @Sendable () -> Double
  /// Which boot `now` counts from, so another process compares a boot-clock instant only with
  /// the same boot's clock; nil when unknown (then only the recorded times are trusted).
  package var bootID: @Sendable () -> String?

  package init(
    now: @escaping @Sendable () -> Duration, awake: @escaping @Sendable () -> Duration,
    wallSeconds: @escaping @Sendable () -> Double, bootID: @escaping @Sendable () -> String? = { nil }
  ) {
    self.now = now
    self.awake = awake
    self.wallSeconds = wallSeconds
    self.bootID = bootID
  }
}

/// What happened during one step of the engine, for the listeners.
package enum SessionEvent: Equatable, Sendable {
  case sessionStarted
  case phaseStarted(Int)
  case phaseEnded(Int, completed: Bool)
  case paused
  case resumed
  case extended(Int, by: Duration)
  /// The 3-2-1 cue: this many whole seconds remain in the phase.
  case cue(Int)
  /// The machine was asleep this long (measured against the awake clock).
  case slept(Duration)
  /// The wall clock was stepped by this many seconds against the session's own clock (an NTP
  /// step, a VM's clock sync): noticed and recorded, never counted as time in a phase.
  case clockStepped(Double)
  /// Phase `i`'s time is up and it waits for confirmation (a preset's `"advance": "confirm"`).
  case waiting(Int)
  /// Phase `i` was skipped (its `phaseEnded` follows).
  case skipped(Int)
  /// Half of phase `i`'s time is gone (only for plans with `halfway`).
  case halfway(Int)
  /// A round was marked in phase `i`, which counts them: this many so far.
  case counted(Int, Int)
  /// Phase `i` ended and asks for its reps (a `RepsQuestion` is open).
  case asking(Int)
  /// The question of phase `i` closed: answered with `reps`, or nil when skipped or timed out.
  case answered(Int, reps: Int?)
  /// Phase `i`'s time is nearly up: its `warnBefore` is left.
  case warning(Int)
  /// The session's tags or note changed (`pomo tag`, `pomo untag`, `pomo note`).
  case relabeled
  /// An interruption was marked in phase `i` (a focus phase).
  case marked(Int, PhaseMark.Kind)
  /// The person left (`pomo away`, a lock, an idle desk).
  case away(AwayCause)
  /// The person came back after this long away.
  case back(AwayCause, Duration)
  /// The session asks what to do with the time away (`ask`): keep, drop or end.
  case awayAsking
  /// The time away was kept (true) or dropped.
  case awayDecided(kept: Bool)
  case sessionEnded(completed: Bool)
}

/// What a listener needs to draw the current moment.
package struct SessionSnapshot: Equatable, Sendable {
  package var phase: PlannedPhase
  package var phaseCount: Int
  package var rounds: Int
  package var remaining: Duration
  /// The phase's planned duration plus any extensions.
  package var length: Duration
  package var paused: Bool
  /// How far through the whole plan, 0 to 1.
  package var sessionFraction: Double
  /// How long a phase whose time is up has waited for confirmation; nil unless it waits.
  package var overtime: Duration?
  /// The phase has warned that its time is nearly up (`warnBefore`): displays show it in red.
  package var warned = false
  /// Whether the rounds go on until stopped (then no count of rounds is shown).
  package var endless = false
  /// The rounds marked so far, when the phase counts them (an AMRAP).
  package var counted: Int?
  /// Break time banked earlier today that the session's first earned rest will draw; nil once
  /// drawn, or when there is none.
  package var bank: Duration?
  /// The open question for an earlier phase's reps, and that phase.
  package var question: RepsQuestion?
  package var questionPhase: PlannedPhase?
  /// The interruptions marked in the phase, as the technique writes them (`'' -`); empty when none.
  package var marks = ""
  /// Why the person is away, while they are.
  package var away: AwayCause?
  /// The question after time away, while it is open.
  package var awayQuestion: AwayQuestion?

  /// "3/8", or "3" when the rounds are endless; nil outside the rounds.
  package var roundText: String? { phase.round.map { endless ? "\($0)" : "\($0)/\(rounds)" } }

  package init(
    phase: PlannedPhase, phaseCount: Int, rounds: Int, remaining: Duration, length: Duration, paused: Bool,
    sessionFraction: Double, overtime: Duration? = nil
  ) {
    self.overtime = overtime
    self.phase = phase
    self.phaseCount = phaseCount
    self.rounds = rounds
    self.remaining = remaining
    self.length = length
    self.paused = paused
    self.sessionFraction = sessionFraction
  }

  /// How far through the phase, 0 to 1.
  package var fraction: Double {
    let total = TimeText.seconds(length)
    guard total > 0 else { return 1 }
    return min(1, max(0, 1 - TimeText.seconds(remaining) / total))
  }
}

extension SessionClock {
  /// The real clocks: CLOCK_BOOTTIME for deadlines (it runs through suspend), CLOCK_MONOTONIC
  /// to measure the suspend, and the wall clock for timestamps.
  package static let system = SessionClock(
    now: { .nanoseconds(Platform.bootNanoseconds()) },
    awake: { .nanoseconds(Platform.awakeNanoseconds()) },
    wallSeconds: { Platform.wallSeconds() },
    bootID: { SystemBoot.id })

  /// This boot's identity, read once per process (it cannot change while the process lives).
  private enum SystemBoot {
    static let id = Platform.bootID()
  }
}
