import PomoSession

/// Follows the running session without blocking, for an event loop that also waits on other
/// things (`pomo attach` waits on keys too): poll `fd`, then `read()`.
package final class Follower {
  private let connection: ControlClient.Connection
  private var current: SessionState?
  /// The summary the session sent as it ended (head and parts), once it has.
  package private(set) var summary: (head: String, parts: [String])?

  /// The socket to wait on for readability.
  package var fd: Int32 { connection.fd }

  package init(_ client: ControlClient) throws(ControlClient.Failure) {
    connection = try client.connect()
    guard connection.write(ControlProtocol.encode(.follow)) else {
      connection.close()
      throw .refused
    }
  }

  deinit { connection.close() }

  /// After `fd` polled readable: what arrived. `state` is the latest the session showed;
  /// `ended` once it has gone (its final state, if any, comes with it).
  package func read() -> (state: SessionState?, ended: Bool) {
    while true {
      switch connection.nextReply(timeout: 0.001) {
      case .reply(.state(let state)):
        current = state
      case .reply(.tick(let time)):
        current?.tick(to: time)
      case .reply(.summary(let head, let parts)):
        summary = (head, parts)
      case .reply(.idle), .reply(.error), .closed, .watchedClosed:
        return (current, true)
      case .timedOut:
        return (current, false)
      }
    }
  }
}
