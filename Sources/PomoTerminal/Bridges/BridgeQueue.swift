import Dispatch
import PomoCore

/// The bridges to other programs (Timewarrior, Taskwarrior), run on a thread of their own, in
/// the order the session's updates came: the session never waits for a `timew` or a `task`
/// that takes seconds, so it answers commands, writes its state and feeds status bars at once.
///
/// Each bridge is touched only on the queue's thread, and reads the engine as it stood at the
/// update (`SessionEngine.frozen`): a `timew` run late still carries the session's own times.
/// `finish` waits for what is still queued: the session's pomo calls it once the session has
/// ended, before it gives up its lock, so the next session's bridges never run beside these
/// (a `pomo start` meanwhile waits for the ending session).
package final class BridgeQueue: SessionListener, @unchecked Sendable {
  private let bridges: [SessionListener]
  private let queue = DispatchQueue(label: "pomo.bridges")

  package init(_ bridges: [SessionListener]) {
    self.bridges = bridges
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    // The moment of the update, whenever the queue gets to it.
    let engine = engine.frozen()
    queue.async {
      for bridge in self.bridges { bridge.sessionDidUpdate(engine, events: events) }
    }
  }

  /// Returns once every update queued so far has reached every bridge.
  package func finish() {
    queue.sync {}
  }
}
