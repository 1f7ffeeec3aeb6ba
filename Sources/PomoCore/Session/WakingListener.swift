/// A listener that needs the session's loop to wake at a moment of its own, besides the
/// engine's deadlines and the controls' (do-not-disturb coming back on once an alert has
/// had time to show).
public protocol WakingListener: SessionListener {
  /// The next instant on the engine's clock to be told at, or nil.
  func nextWake(_ engine: SessionEngine) -> Duration?
}
