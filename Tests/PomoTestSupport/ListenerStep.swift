import PomoCore

/// Runs `action` on the engine and tells `listener` what it did, as the event loop would:
/// the one step of a listener's tests (alerts, do-not-disturb, the Timewarrior bridge).
package func step(
  _ listener: SessionListener, _ e: inout SessionEngine, _ action: (inout SessionEngine) -> [SessionEvent]
) {
  let events = action(&e)
  listener.sessionDidUpdate(e, events: events)
}
