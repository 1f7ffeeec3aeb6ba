import PomoCore
import PomoPlatform

/// Locks the screen once as a break starts (`"break_lock"`), so the break is taken away from
/// the desk: logind's `LockSession` on pomo's own session, or the config's command.
///
/// - Once a break: unlocking during the break never brings another lock, nor does a pause
///   and resume or a `+`.
/// - Never a trap: the lock is the desktop's own, which the person unlocks as ever; `s` or
///   `pomo skip` ends the break, `q` or `pomo stop` the session. A break reached by skipping a
///   break is not locked, and no lock comes after the session ends.
/// - A short grace (a tenth of the break, 3 s at most) lets the break's notification show
///   before the screen goes; a break skipped within it is not locked.
/// - Never in a workout (the screen is what you follow), never at the start of a session,
///   and with `"long"` only for a long break: a rest longer than the plan's shortest rest
///   (the last phase, which `--until` may cut, is not counted among those).
/// - A lock that fails is one warning; the rest of the session does not try again.
package final class BreakLock: SessionListener {
  package let breaks: BreakLockSettings.Breaks
  package let workout: Bool
  /// Locks the screen: nil when it did, else why not.
  private let lock: () -> String?
  private let warn: (String) -> Void
  package let maximumGrace: Duration

  /// The break already dealt with: locked, or chosen not to be.
  private var decided: Int?
  /// The break whose lock is due, and when.
  private var pending: (index: Int, at: Duration)?
  /// The last break that was skipped.
  private var skippedBreak: Int?
  private var givenUp = false
  /// How many times the screen was locked.
  package private(set) var lockCount = 0

  package static let defaultGrace: Duration = .seconds(3)

  package init(
    breaks: BreakLockSettings.Breaks, workout: Bool, maximumGrace: Duration = defaultGrace,
    lock: @escaping () -> String?, warn: @escaping (String) -> Void
  ) {
    self.breaks = breaks
    self.workout = workout
    self.maximumGrace = maximumGrace
    self.lock = lock
    self.warn = warn
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    for case .skipped(let i) in events where engine.plan.phases.indices.contains(i) {
      if engine.plan.phases[i].kind == .rest { skippedBreak = i }
    }
    guard breaks != .none, !workout, !givenUp, engine.status == .running, let phase = engine.currentPhase,
      phase.kind == .rest
    else {
      if engine.currentPhase?.index != pending?.index { pending = nil }
      return
    }
    let i = phase.index
    guard decided != i else { return }
    let now = engine.clock.now()
    if let pending, pending.index == i {
      if now >= pending.at { lockNow(i) }
      return
    }
    pending = nil
    if i == 0 || skippedBreak == i - 1 || (breaks == .long && !Self.isLong(i, in: engine.plan)) {
      decided = i
      return
    }
    let grace = min(maximumGrace, phase.duration / 10)
    if grace <= .zero {
      lockNow(i)
    } else {
      pending = (i, now + grace)
    }
  }

  package func nextWake(_ engine: SessionEngine) -> Duration? {
    guard engine.status == .running, let pending, pending.index == engine.index else { return nil }
    return pending.at
  }

  /// Whether rest phase `i` is a long break: longer than the shortest rest of the plan. The
  /// last phase is not counted among the rests it is compared with, as `--until` may have cut
  /// it short.
  package static func isLong(_ i: Int, in plan: Plan) -> Bool {
    let rests = plan.phases.dropLast().filter { $0.kind == .rest && !$0.open }.map(\.duration)
    guard let shortest = rests.min(), plan.phases.indices.contains(i) else { return false }
    return plan.phases[i].kind == .rest && plan.phases[i].duration > shortest
  }

  private func lockNow(_ i: Int) {
    decided = i
    pending = nil
    lockCount += 1
    if let why = lock() {
      givenUp = true
      warn("pomo: warning: cannot lock the screen for the break: \(why); breaks go on without it")
    }
  }
}
