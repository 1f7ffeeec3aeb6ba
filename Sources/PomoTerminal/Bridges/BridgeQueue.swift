import Dispatch
import PomoCore

/// The bridges to other programs (Timewarrior, Taskwarrior), run on a thread of their own, in
/// the order the session's updates came: the session never waits for a `timew` or a `task`
/// that takes seconds, so it answers commands, writes its state and feeds status bars at once.
///
/// Each bridge is touched only on the queue's thread. `finish` waits for what is still queued:
/// the session's pomo calls it once the session has ended and given up its lock, so the last
/// `timew stop` still runs, and the next session is not kept waiting for it.
public final class BridgeQueue: SessionListener, @unchecked Sendable {
  private let bridges: [SessionListener]
  private let queue = DispatchQueue(label: "pomo.bridges")

  public init(_ bridges: [SessionListener]) {
    self.bridges = bridges
  }

  public func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    queue.async {
      for bridge in self.bridges { bridge.sessionDidUpdate(engine, events: events) }
    }
  }

  /// Returns once every update queued so far has reached every bridge.
  public func finish() {
    queue.sync {}
  }
}
