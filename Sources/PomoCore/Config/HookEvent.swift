/// The moments a hook can run at: the `hooks` keys of the config and the values of `POMO_EVENT`.
package enum HookEvent: String, CaseIterable, Sendable {
  case phaseStart = "phase_start"
  /// A phase's time is up (a waiting phase's, when it starts to wait), or it was skipped or stopped.
  case phaseEnd = "phase_end"
  case sessionEnd = "session_end"
  /// The phase's time is nearly up (`"warn_before"`).
  case phaseWarning = "phase_warning"
  case pause
  case resume
  case skip
  case extend
  /// The session stopped before its end (`q`, Ctrl-C, `pomo stop`, a signal).
  case stop
}
