/// A signal from logind that pomo acts on.
package enum LogindSignal: Equatable, Sendable {
  /// The session at this path is to lock its screen.
  case lock(session: String)
  /// The session at this path is to unlock its screen.
  case unlock(session: String)
  /// The machine is about to sleep (true), or has woken (false).
  case prepareForSleep(Bool)

  /// The signal `message` is, or nil when it is none of these (or has the wrong arguments).
  package init?(_ message: DBusMessage) {
    guard message.kind == .signal, let path = message.path else { return nil }
    switch (message.interface, message.member, message.signature) {
    case (Logind.sessionInterface, "Lock", ""): self = .lock(session: path)
    case (Logind.sessionInterface, "Unlock", ""): self = .unlock(session: path)
    case (Logind.managerInterface, "PrepareForSleep", "b"):
      guard let sleeping = message.body[0].bool else { return nil }
      self = .prepareForSleep(sleeping)
    default: return nil
    }
  }
}
