import PomoCore
import PomoPlatform

/// The buttons of pomo's desktop notifications, and what a click on each does: the pure part
/// of `DesktopNotifications`, decided from the engine alone.
///
/// After focus: "Start break" (only while the phase waits, in confirm mode), "+5 min",
/// "Skip break"; after a break: "Start focus" (confirm mode), "+5 min"; the warning before
/// the end: "+5 min"; a reminder that a phase still waits (the config's `"remind"`): "Start
/// break" or "Start focus", and "Snooze 10 min". The end of the session has none: there is
/// nothing left to steer.
package enum NotificationButtons {
  /// The keys `ActionInvoked` names.
  package enum Key: String, CaseIterable, Sendable {
    /// Goes on to the next phase of one that waits (`pomo next`).
    case next
    /// Adds five minutes to the phase under way (`pomo extend 5m`); a phase that waits
    /// counts down again.
    case extend
    /// Skips the break (`pomo skip`); while focus waits, the break starts and is skipped at once.
    case skip
    /// Puts off the next reminder of a phase that waits by ten minutes.
    case snooze
  }

  /// What "+5 min" adds.
  package static let extension5 = Duration.seconds(5 * 60)
  /// What "Snooze 10 min" puts the next reminder off by.
  package static let snooze10 = Duration.seconds(10 * 60)

  /// The buttons for the notification shown now: the warning before the end when `warning`,
  /// else the one for a phase whose time is up.
  package static func actions(_ engine: SessionEngine, warning: Bool) -> [NotificationRequest.Action] {
    keys(engine, warning: warning).map { NotificationRequest.Action(key: $0.rawValue, label: label($0, engine)) }
  }

  /// The keys of `actions`, in the order they are shown.
  package static func keys(_ engine: SessionEngine, warning: Bool) -> [Key] {
    guard let current = engine.currentPhase else { return [] }
    if warning { return engine.status == .running ? [.extend] : [] }
    switch engine.status {
    case .waiting:
      // The phase whose time is up is the current one; the next one waits to start.
      guard engine.index + 1 < engine.plan.phases.count else { return [.extend] }
      // A reminder asks one thing: start now, or later.
      if engine.reminders > 0 { return [.next, .snooze] }
      let next = engine.plan.phases[engine.index + 1]
      return [.next, .extend] + (current.kind == .work && next.kind == .rest ? [.skip] : [])
    case .running:
      // The phase that ended is behind; the current one has just started.
      guard let ended = engine.records.last?.phase else { return [.extend] }
      return [.extend] + (ended.kind == .work && current.kind == .rest ? [.skip] : [])
    default:
      return []
    }
  }

  /// The label of `key`'s button.
  package static func label(_ key: Key, _ engine: SessionEngine) -> String {
    switch key {
    case .next:
      let next = engine.plan.phases.indices.contains(engine.index + 1) ? engine.plan.phases[engine.index + 1] : nil
      return next?.kind == .rest ? "Start break" : "Start focus"
    case .extend: return "+5 min"
    case .skip: return "Skip break"
    case .snooze: return "Snooze 10 min"
    }
  }

  /// The commands a click on `key` carries out in `engine` as it stands, in order, or nil when
  /// the button no longer applies (the session moved on before the click arrived). "Skip
  /// break" while focus waits is two: start the break, then skip it.
  package static func commands(_ key: Key, _ engine: SessionEngine, warning: Bool) -> [SessionCommand]? {
    guard keys(engine, warning: warning).contains(key) else { return nil }
    switch key {
    case .next: return [.next]
    case .extend: return [.extend(extension5)]
    case .skip: return engine.status == .waiting ? [.next, .skip] : [.skip]
    case .snooze: return [.snooze(snooze10)]
    }
  }
}
