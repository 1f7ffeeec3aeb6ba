import PomoCore
import PomoJournal
import PomoPlatform
import PomoSession

/// The other end of the control socket: a command from another shell, or a follower.
///
/// It believes nothing it has not checked: the folder must be this user's, a real folder of
/// mode 0700; the socket this user's; and the process listening on it this user's (the
/// kernel's `SO_PEERCRED`, `getpeereid` on macOS). The socket is named for the profile's state
/// folder, so a session of another profile sharing the runtime folder is never reached.
package struct ControlClient: Sendable {
  package var folder: String
  package var socketPath: String
  /// The profile's state file (`current.json`): the running session says there when it has
  /// no control socket, and why.
  package var stateFile: String?

  package init(folder: String, stateFolder: String, stateFile: String? = nil) {
    self.folder = folder
    socketPath = folder + "/" + ControlProtocol.socketName(stateFolder: stateFolder)
    self.stateFile = stateFile
  }

  package enum Failure: Error, Equatable, CustomStringConvertible {
    /// No socket, or a dead session's: nothing runs.
    case notRunning
    /// The socket exists but may not be reached (another user's folder, say).
    case unreachable(String, FileSystemError)
    /// The folder, the socket or the process listening is not this user's alone.
    case untrusted(String, reason: String)
    /// The running session has no control socket (its state file says why).
    case noControl(pid: Int32, reason: String)
    /// The session closed the connection without a word (it refuses other users).
    case refused
    /// The session did not answer in time; the command will never be applied.
    case noAnswer(Double)
    /// The session's process is stopped (Ctrl-Z, SIGSTOP): the command was not sent, or (when
    /// it stopped while the command waited, `after` seconds) will never be applied.
    case suspended(pid: Int32, after: Double?)
    case session(String)

    package var description: String {
      switch self {
      case .notRunning: "no session is running"
      case .unreachable(let path, let error): "cannot reach the running session at \(path): \(error)"
      case .untrusted(let path, let reason):
        "will not trust the control socket \(path): \(reason); set XDG_RUNTIME_DIR to a folder only you can write"
      case .noControl(let pid, let reason):
        "the running session (pid \(pid)) cannot be steered: it has no control socket (\(reason))"
      case .refused: "the running session refused the connection"
      case .noAnswer(let seconds):
        "the running session did not answer within \(Int(seconds)) s, so nothing changed (the command will not be applied later)"
      case .suspended(let pid, nil):
        "the session is suspended (pid \(pid) is stopped, as by Ctrl-Z), so nothing changed; 'fg' in its terminal (or 'kill -CONT \(pid)') lets it go on"
      case .suspended(let pid, let seconds?):
        "the session is suspended (pid \(pid) is stopped) and did not answer within \(Int(seconds)) s, so nothing changed (the command will not be applied later); 'fg' in its terminal (or 'kill -CONT \(pid)') lets it go on"
      case .session(let message): "the running session answered: \(message)"
      }
    }
  }

  /// Sends one request and waits for its reply: the session's state after it (nil: none runs any more).
  ///
  /// A command carries a deadline `timeout` seconds away, which the session checks: when no
  /// answer came by then (and a moment more, for the answer to travel), the command has not
  /// taken effect and never will.
  package func send(
    _ request: ControlProtocol.Request, timeout: Double = 5
  ) throws(Failure) -> SessionState? {
    switch try answer(request, timeout: timeout) {
    case .state(let state): state
    case .ended: nil
    }
  }

  /// What the session answered a request with.
  package enum Answer: Sendable {
    /// The session after the request.
    case state(SessionState)
    /// No session any more; when the request ended it, the summary its own terminal would
    /// print (head and parts, as `SessionSummary.parts` gives them).
    case ended(summary: (head: String, parts: [String])?)
  }

  /// Sends one request and waits for its answer: the session's state after it, or its end
  /// and (when the request ended it) its summary. A command carries a deadline, as in `send`.
  package func answer(
    _ request: ControlProtocol.Request, timeout: Double = 5
  ) throws(Failure) -> Answer {
    // A stopped session (Ctrl-Z) reads nothing until it runs again: say so now, not after the wait.
    if case .command = request, let pid = sessionPID(), Platform.processIsStopped(pid) == true {
      throw .suspended(pid: pid, after: nil)
    }
    let connection = try connect()
    defer { connection.close() }
    var request = request
    if case .command(let command) = request {
      request = .timed(command, until: Platform.bootMilliseconds() + Int64(timeout * 1000))
    }
    guard connection.write(ControlProtocol.encode(request)) else { throw .refused }
    switch connection.nextReply(timeout: timeout + Self.grace) {
    case .reply(.state(let state)): return .state(state)
    case .reply(.idle): return .ended(summary: nil)
    case .reply(.summary(let head, let parts)):
      // The session ended with this request; `idle` follows.
      _ = connection.nextReply(timeout: Self.grace)
      return .ended(summary: (head, parts))
    case .reply(.error(let message)): throw .session(message)
    case .reply(.tick): throw .refused
    case .timedOut:
      if let pid = sessionPID(), Platform.processIsStopped(pid) == true { throw .suspended(pid: pid, after: timeout) }
      throw .noAnswer(timeout)
    case .closed, .watchedClosed: throw .refused
    }
  }

  /// How long past a request's deadline a client still waits for the answer to arrive.
  static let grace = 1.0

  /// Follows the session: calls `body` with each state it pushes, until it ends (returns
  /// true) or `body` returns false (returns false). Blocks in `poll` between states; with
  /// `watching` (the follower's output), it also returns false as soon as that output's
  /// reader has gone, so a follower nobody reads never lingers.
  package func follow(watching output: Int32? = nil, _ body: (SessionState) -> Bool) throws(Failure) -> Bool {
    let connection = try connect()
    defer { connection.close() }
    guard connection.write(ControlProtocol.encode(.follow)) else { return true }
    var current: SessionState?
    while true {
      switch connection.nextReply(timeout: nil, watching: output) {
      case .reply(.state(let state)):
        current = state
        if !body(state) { return false }
      case .reply(.tick(let time)):
        guard var state = current else { continue }
        state.tick(to: time)
        current = state
        if !body(state) { return false }
      case .reply(.summary):
        continue
      case .reply(.error(let message)):
        throw .session(message)
      case .watchedClosed:
        return false
      case .reply(.idle), .closed, .timedOut:
        return true
      }
    }
  }

  /// A connection to this profile's session, once the folder, the socket and the process
  /// listening have been found to be this user's.
  func connect() throws(Failure) -> Connection {
    let me = UnixSocket.userID
    switch FileStatus.of(folder) {
    case .failure(let error) where error.isNotFound:
      throw whyNotRunning(.notRunning)
    case .failure(let error):
      throw whyNotRunning(.untrusted(socketPath, reason: "cannot look at the folder \(folder): \(error)"))
    case .success(let status):
      guard status.kind == .folder else {
        throw whyNotRunning(.untrusted(socketPath, reason: "\(folder) is \(status.kindText), not a folder"))
      }
      guard status.owner == me else {
        throw whyNotRunning(
          .untrusted(socketPath, reason: "the folder \(folder) belongs to user \(status.owner), not to you (\(me))"))
      }
      switch FileStatus.of(socketPath) {
      case .failure(let error) where error.isNotFound:
        throw whyNotRunning(.notRunning)
      case .failure(let error):
        throw whyNotRunning(.unreachable(socketPath, error))
      case .success(let socket):
        // Only a folder nobody else may write keeps the socket from being swapped.
        guard status.permissions & 0o777 == 0o700 else {
          throw whyNotRunning(
            .untrusted(
              socketPath, reason: "the folder \(folder) has mode \(Self.octal(status.permissions)), not 0700"))
        }
        guard socket.kind == .socket else {
          throw whyNotRunning(.untrusted(socketPath, reason: "it is \(socket.kindText), not a socket"))
        }
        guard socket.owner == me else {
          throw whyNotRunning(.untrusted(socketPath, reason: "it belongs to user \(socket.owner), not to you (\(me))"))
        }
      }
    }
    let connection: Connection
    do {
      connection = try Connection(path: socketPath)
    } catch .notRunning {
      throw whyNotRunning(.notRunning)
    } catch {
      throw error
    }
    let peer = UnixSocket.peerUserID(connection.fd)
    guard peer == me else {
      connection.close()
      throw .untrusted(
        socketPath,
        reason: "the process listening runs as user \(peer.map(String.init) ?? "unknown"), not as you (\(me))")
    }
    return connection
  }

  /// The failure to report when the socket cannot be used: the session's own account of why
  /// it has none, when one runs and says so, else `failure`.
  private func whyNotRunning(_ failure: Failure) -> Failure {
    guard let stateFile, let state = SessionState.read(path: stateFile), Platform.processExists(state.pid) else {
      return failure
    }
    if let problem = state.controlProblem { return .noControl(pid: state.pid, reason: problem) }
    // A session runs, yet nothing listens here: its socket is in another runtime folder.
    guard case .notRunning = failure else { return failure }
    return .noControl(
      pid: state.pid, reason: "its socket is not \(socketPath); was it started with another XDG_RUNTIME_DIR?")
  }

  /// The running session's pid, from the state file.
  private func sessionPID() -> Int32? {
    guard let stateFile, let state = SessionState.read(path: stateFile) else { return nil }
    return state.pid
  }

  static func octal(_ mode: UInt32) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
      /// The watched output's reader has gone.
      case watchedClosed
    }

    /// The next whole reply line; waits at most `timeout` seconds for it (nil: no limit), on
    /// the boot clock, which the session's deadlines use too.
    func nextReply(timeout: Double?, watching output: Int32? = nil) -> Next {
      let giveUp = timeout.map { Double(Platform.bootNanoseconds()) / 1e9 + $0 }
      while true {
        if let newline = buffer.firstIndex(of: 0x0A) {
          let line = buffer[..<newline]
          defer { buffer.removeSubrange(...newline) }
          return ControlProtocol.reply(line).map(Next.reply) ?? .closed
        }
        guard buffer.count <= ControlProtocol.replyLimit else { return .closed }
        if let giveUp {
          let left = giveUp - Double(Platform.bootNanoseconds()) / 1e9
          guard left > 0 || UnixSocket.waitReadable(fd, milliseconds: 0) else { return .timedOut }
          guard UnixSocket.waitReadable(fd, milliseconds: Int32(max(0, min(left * 1000 + 1, 60_000)))) else { continue }
        } else if let output {
          switch UnixSocket.wait(for: fd, milliseconds: -1, watching: output) {
          case .readable: break
          case .timedOut: continue
          case .watchedClosed: return .watchedClosed
          }
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
