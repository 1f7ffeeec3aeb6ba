import PomoJournal
import PomoCore
import PomoPlatform

/// The other end of the control socket: a command from another shell, or a follower.
public struct ControlClient: Sendable {
  public var folder: String
  public var socketPath: String { folder + "/" + ControlProtocol.socketName }

  public init(folder: String) {
    self.folder = folder
  }

  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// No socket, or a dead session's: nothing runs.
    case notRunning
    /// The socket exists but may not be reached (another user's folder, say).
    case unreachable(String, FileSystemError)
    /// The session closed the connection without a word (it refuses other users).
    case refused
    /// The session did not answer in time (stopped with Ctrl-Z, say).
    case noAnswer(Double)
    case session(String)

    public var description: String {
      switch self {
      case .notRunning: "no session is running"
      case .unreachable(let path, let error): "cannot reach the running session at \(path): \(error)"
      case .refused: "the running session refused the connection"
      case .noAnswer(let seconds):
        "the running session did not answer within \(Int(seconds)) s (is it stopped? 'fg' or 'kill -CONT' wakes it)"
      case .session(let message): "the running session answered: \(message)"
      }
    }
  }

  /// Sends one request and waits for its reply: the session's state after it (nil: none runs any more).
  public func send(_ request: ControlProtocol.Request, timeout: Double = 5) throws(Failure) -> SessionState? {
    let connection = try Connection(path: socketPath)
    defer { connection.close() }
    guard connection.write(ControlProtocol.encode(request)) else { throw .refused }
    switch connection.nextReply(timeout: timeout) {
    case .reply(.state(let state)): return state
    case .reply(.idle): return nil
    case .reply(.error(let message)): throw .session(message)
    case .reply(.tick), .reply(.summary): throw .refused
    case .timedOut: throw .noAnswer(timeout)
    case .closed: throw .refused
    }
  }

  /// Follows the session: calls `body` with each state it pushes, until it ends (returns
  /// true) or `body` returns false (returns false). Blocks in `read` between states.
  public func follow(_ body: (SessionState) -> Bool) throws(Failure) -> Bool {
    let connection = try Connection(path: socketPath)
    defer { connection.close() }
    guard connection.write(ControlProtocol.encode(.follow)) else { return true }
    var current: SessionState?
    while true {
      switch connection.nextReply(timeout: nil) {
      case .reply(.state(let state)):
        current = state
        if !body(state) { return false }
      case .reply(.tick(let time)):
        guard var state = current else { continue }
        state.updated = time
        current = state
        if !body(state) { return false }
      case .reply(.summary):
        continue
      case .reply(.idle), .reply(.error), .closed, .timedOut:
        return true
      }
    }
  }

  /// One connection and what it has read so far.
  final class Connection {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(path: String) throws(Failure) {
      do {
        fd = try UnixSocket.connect(path: path)
      } catch {
        throw UnixSocket.nobodyListens(error) ? .notRunning : .unreachable(path, error)
      }
    }

    func close() { UnixSocket.close(fd) }

    func write(_ bytes: [UInt8]) -> Bool {
      var bytes = bytes
      return Platform.writeAll(fd, &bytes) == 0
    }

    enum Next {
      case reply(ControlProtocol.Reply)
      case timedOut
      /// Closed, failed, or sent something that is not a reply.
      case closed
    }

    /// The next whole reply line; waits at most `timeout` seconds for it (nil: no limit).
    func nextReply(timeout: Double?) -> Next {
      let giveUp = timeout.map { Double(Platform.awakeNanoseconds()) / 1e9 + $0 }
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = buffer[..<newline]
          defer { buffer.removeSubrange(...newline) }
          return ControlProtocol.reply(line).map(Next.reply) ?? .closed
        }
        guard buffer.count <= ControlProtocol.replyLimit else { return .closed }
        if let giveUp {
          let left = giveUp - Double(Platform.awakeNanoseconds()) / 1e9
          guard left > 0 || UnixSocket.waitReadable(fd, milliseconds: 0) else { return .timedOut }
          guard UnixSocket.waitReadable(fd, milliseconds: Int32(max(0, min(left * 1000 + 1, 60_000)))) else { continue }
        }
        // Without a time limit, the (blocking) read itself is the wait.
        switch UnixSocket.receive(fd, limit: 16 * 1024) {
        case .bytes(let bytes): buffer += bytes
        case .nothing: continue
        case .end: return .closed
        }
      }
    }
  }
}

/// Follows the running session without blocking, for an event loop that also waits on other
/// things (`pomo attach` waits on keys too): poll `fd`, then `read()`.
public final class Follower {
  private let connection: ControlClient.Connection
  private var current: SessionState?
  /// The summary the session sent as it ended (head and parts), once it has.
  public private(set) var summary: (head: String, parts: [String])?

  /// The socket to wait on for readability.
  public var fd: Int32 { connection.fd }

  public init(_ client: ControlClient) throws(ControlClient.Failure) {
    connection = try ControlClient.Connection(path: client.socketPath)
    guard connection.write(ControlProtocol.encode(.follow)) else {
      connection.close()
      throw .refused
    }
  }

  deinit { connection.close() }

  /// After `fd` polled readable: what arrived. `state` is the latest the session showed;
  /// `ended` once it has gone (its final state, if any, comes with it).
  public func read() -> (state: SessionState?, ended: Bool) {
    while true {
      switch connection.nextReply(timeout: 0.001) {
      case .reply(.state(let state)):
        current = state
      case .reply(.tick(let time)):
        current?.updated = time
      case .reply(.summary(let head, let parts)):
        summary = (head, parts)
      case .reply(.idle), .reply(.error), .closed:
        return (current, true)
      case .timedOut:
        return (current, false)
      }
    }
  }
}
