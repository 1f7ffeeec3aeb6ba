import PomoPlatform

/// Something that follows a running session: the display, the alerts, the journal, the state
/// file. The runner owns the only clock; listeners are told after every step and own no timer.
package protocol SessionListener: AnyObject {
  func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent])

  /// When the listener next needs a step (a tick due on the second, a follower's next visible
  /// change), or nil: the loop wakes at the earliest of what the engine and its listeners ask.
  func nextWake(_ engine: SessionEngine) -> Duration?

  /// pomo is about to stop (Ctrl-Z): the timer runs on while nothing of pomo's does, so what
  /// the listener switched for the running phase is put back now. After `fg` the next step
  /// comes as ever, and the listener switches again what the session then wants.
  func sessionWillSuspend(_ engine: SessionEngine)

  /// Whether it keeps what other programs read of the session (the state file, the journal):
  /// such a listener hears of a change before a command's sender gets its answer, so the
  /// `pomo status` that follows a `pomo pause` sees the pause.
  var keepsRecord: Bool { get }
}

extension SessionListener {
  package var keepsRecord: Bool { false }
  package func nextWake(_ engine: SessionEngine) -> Duration? { nil }
  package func sessionWillSuspend(_ engine: SessionEngine) {}
}

extension SessionEngine {
  /// The wall time now, on the engine's clock.
  package var startWallNow: Double { wallTime(clock.now()) }
}
