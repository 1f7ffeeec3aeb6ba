import PomoPlatform

/// A way into a running session from outside its terminal: the control socket, the buttons of
/// the desktop notifications. The event loop waits on the descriptors of each beside the keys
/// and signals, hands it those that are ready, and it carries out each command it reads
/// through `apply`, the same way keys are.
package protocol SessionControl: SessionListener {
  /// The descriptors to wait on for reading.
  var descriptors: [Int32] { get }

  /// Reads from the ready descriptors and carries out what they ask. `apply` runs a command
  /// through the session (engine and listeners) and returns the engine as it then stands.
  func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine)

  /// Stops listening; called once the session has ended, before its lock is let go.
  func close()

  /// Carries out what is due by time alone, with nothing to read (an idle desk that has now
  /// been idle long enough); called on every turn of the loop.
  func serveDue(now: Duration, apply: (SessionCommand) -> SessionEngine)

  /// The command `apply` is carrying out has changed the engine, and what keeps the record
  /// (the state file) has heard of it, the other listeners not yet: whoever sent the command
  /// may have its answer now. What the listeners
  /// then do (a bridge to another program may take seconds) is the session's own business,
  /// never a reason to tell the sender that its command failed.
  func commandApplied(_ engine: SessionEngine)

  /// Whether it feeds followers (`pomo status --follow`): such a control hears of a change
  /// first, before any listener, so a status bar never waits for a slow command.
  var feedsFollowers: Bool { get }
}

extension SessionControl {
  package var feedsFollowers: Bool { false }
  package func serveDue(now: Duration, apply: (SessionCommand) -> SessionEngine) {}
  package func commandApplied(_ engine: SessionEngine) {}
}
