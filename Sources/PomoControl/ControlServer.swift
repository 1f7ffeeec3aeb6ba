import PomoCore
import PomoJournal
import PomoPlatform
import PomoSession

/// The running session's control socket: commands from other shells, and a feed of states
/// for followers (`pomo status --follow`).
///
/// It is opened only by the process that holds the session lock, so a live socket always
/// belongs to the running session. Everything is non-blocking and driven by the session's
/// own event loop: no thread, no timer of its own. Only this user's processes are answered
/// (the kernel's SO_PEERCRED, never anything the peer says).
package final class ControlServer: SessionControl {
  package let folder: String
  package let socketPath: String
  private var listener: Int32
  private var ownership: FileLock?
  private let userID: UInt32
  private let makeState: (SessionEngine) -> SessionState?
  private let offset: (Double) -> Int
  /// Milliseconds on the boot clock: what a timed request's deadline is compared with.
  private let bootMilliseconds: () -> Int64
  private var connections: [Int32: Connection] = [:]
  private var accepted = 0
  /// The time the feed asked the loop to wake at; reaching it means followers see a change.
  private var feedWake: Duration?
  private var serving = false
  private var ended = false

  /// At most this many connections that do not follow at once; past it, the oldest goes.
  package static let connectionLimit = 64
  /// At most this many followers at once; past it, the oldest is told so and dropped, so that
  /// followers (bars, panes, forgotten ones) never lock out steering or a new follower.
  package static let followerLimit = 64
  /// What one connection may send in one turn of the loop, so none can hold up the session.
  package static let readPerTurn = 64 * 1024

  private struct Connection {
    var order: Int
    var buffer: [UInt8] = []
    var following = false
  }

  package enum OpenError: Error, Equatable, CustomStringConvertible {
    case folder(String, FileSystemError)
    /// Another session (of another state folder) listens in this folder.
    case taken(String)
    case socket(String, FileSystemError)

    package var description: String {
      switch self {
      case .folder(let path, let error): "cannot use the folder \(path): \(error)"
      case .taken(let path): "another session listens at \(path)"
      case .socket(let path, let error): "cannot listen at \(path): \(error)"
      }
    }
  }

  /// Listens in `folder` (made 0700) at the socket named for `stateFolder` (0600). The caller
  /// holds the session lock; a socket file already there is a dead session's, and is replaced.
  ///
  /// - Parameter makeState: the session's state as `current.json` holds it, with the plan
  ///   to come cut to `ControlProtocol.upcomingLimit` phases (it is sent many times a minute).
  package init(
    folder: String, stateFolder: String, makeState: @escaping (SessionEngine) -> SessionState?,
    offset: @escaping (Double) -> Int, bootMilliseconds: (@Sendable () -> Int64)? = nil
  ) throws(OpenError) {
    self.folder = folder
    socketPath = folder + "/" + ControlProtocol.socketName(stateFolder: stateFolder)
    self.makeState = makeState
    self.offset = offset
    self.bootMilliseconds = bootMilliseconds ?? { Platform.bootMilliseconds() }
    userID = UnixSocket.userID
    do {
      try Platform.makePrivateFolder(folder)
    } catch {
      throw .folder(folder, error)
    }
    let path = socketPath
    // The socket is named for the state folder, so this lock is taken only by another
    // session of the same profile (which its state folder's lock already keeps out).
    do {
      ownership = try FileLock.tryAcquire(folder + "/" + ControlProtocol.lockName(stateFolder: stateFolder))
    } catch {
      throw .folder(folder, error)
    }
    guard ownership != nil else { throw .taken(path) }
    // Made under a name of its own and renamed into place once listening, so that the
    // socket at `path` always accepts, and a follower watching the folder sees it arrive.
    let fresh = path + ".\(Platform.processID)"
    Platform.removeFile(fresh)
    do {
      listener = try UnixSocket.listen(path: fresh, mode: 0o600, backlog: 128)
    } catch {
      ownership?.release()
      throw .socket(path, error)
    }
    do {
      try Platform.moveFile(fresh, to: path)
    } catch {
      UnixSocket.close(listener)
      Platform.removeFile(fresh)
      ownership?.release()
      throw .socket(path, error)
    }
  }

  deinit { close() }

  package var descriptors: [Int32] {
    (listener >= 0 ? [listener] : []) + connections.keys.sorted()
  }

  private var followers: [Int32] { connections.filter(\.value.following).map(\.key) }

  package func close() {
    if listener >= 0 {
      Platform.removeFile(socketPath)
      UnixSocket.close(listener)
      listener = -1
    }
    for fd in connections.keys { UnixSocket.close(fd) }
    connections = [:]
    ownership?.release()
    ownership = nil
  }

  // MARK: - Serving

  package func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine) {
    serving = true
    defer {
      serving = false
      if ended { close() }
    }
    if listener >= 0 && ready.contains(listener) { acceptWaiting() }
    for fd in ready.sorted() where connections[fd] != nil {
      read(fd, apply)
    }
  }

  private func acceptWaiting() {
    while let fd = UnixSocket.accept(listener) {
      guard UnixSocket.peerUserID(fd) == userID else {
        UnixSocket.close(fd)  // Another user: not a word.
        continue
      }
      // Followers have their own table: a new connection makes room only among the others,
      // by the oldest, so a command always gets in whatever follows.
      let waiting = connections.filter { !$0.value.following }
      if waiting.count >= Self.connectionLimit, let oldest = waiting.min(by: { $0.value.order < $1.value.order }) {
        drop(oldest.key)
      }
      accepted += 1
      connections[fd] = Connection(order: accepted)
    }
  }

  private func read(_ fd: Int32, _ apply: (SessionCommand) -> SessionEngine) {
    var taken = 0
    while taken < Self.readPerTurn, connections[fd] != nil {
      switch UnixSocket.receive(fd, limit: ControlProtocol.requestLimit) {
      case .nothing:
        return
      case .end:
        drop(fd)  // A request without its newline is dropped with the connection.
        return
      case .bytes(let bytes):
        taken += bytes.count
        // A follower has nothing more to ask; what it sends is ignored.
        guard connections[fd]?.following == false else { continue }
        connections[fd]?.buffer += bytes
        handleLines(fd, apply)
      }
    }
  }

  private func handleLines(_ fd: Int32, _ apply: (SessionCommand) -> SessionEngine) {
    while let connection = connections[fd], !connection.following {
      guard let newline = connection.buffer.firstIndex(of: 0x0A) else {
        if connection.buffer.count >= ControlProtocol.requestLimit {
          refuse(fd, ControlProtocol.RequestProblem.tooLong)
        }
        return
      }
      let line = connection.buffer[..<newline]
      connections[fd]?.buffer.removeSubrange(...newline)
      switch ControlProtocol.request(line) {
      case .failure(let problem):
        refuse(fd, problem)
      case .success(.command(let command)):
        carryOut(command, for: fd, apply)
      case .success(.timed(let command, let until)):
        // Read after its client gave up (the session was stopped, the machine asleep): that
        // client has said it failed, so it must never take effect.
        guard bootMilliseconds() <= until else {
          refuse(fd, .late)
          return
        }
        carryOut(command, for: fd, apply)
      case .success(.state):
        send(fd, reply(ended ? nil : lastEngine))
      case .success(.follow):
        makeRoomForFollower()
        connections[fd]?.following = true
        connections[fd]?.buffer = []
        send(fd, reply(ended ? nil : lastEngine))
      }
    }
  }

  /// Carries out a command and answers it; the followers hear of the change only after the
  /// one who asked has its answer, so however many follow, a command's round trip stays short.
  private func carryOut(_ command: SessionCommand, for fd: Int32, _ apply: (SessionCommand) -> SessionEngine) {
    // A command that does not apply now (`rep` outside an AMRAP phase) says why, and changes nothing.
    if !ended, let problem = lastEngine?.problem(with: command) {
      refuse(fd, .notNow(problem))
      return
    }
    heldFeed = []
    asker = (fd, answered: false)
    let engine = ended ? nil : apply(command)
    let answered = asker?.answered == true
    asker = nil
    let held = heldFeed ?? []
    heldFeed = nil
    if !answered {
      // The command that ended the session hears its summary, as the followers do.
      if engine?.isFinished == true, let summary = endSummary {
        send(fd, ControlProtocol.encode(.summary(head: summary.head, parts: summary.parts), offset: offset))
      }
      send(fd, reply(engine))
    }
    guard !held.isEmpty else { return }
    for follower in followers { send(follower, held) }
  }

  /// The connection whose command is being carried out, and whether it has its answer yet.
  private var asker: (fd: Int32, answered: Bool)?
  /// The connection whose command ended the session: it has the summary, and hears `idle`
  /// once the session has finished ending.
  private var endedBy: Int32?

  /// Answers the command being carried out as soon as the engine has it, before the
  /// listeners (and their bridges to other programs) hear of it: the state after it, or the
  /// summary of the session it ended (`idle` follows when the session has ended).
  package var feedsFollowers: Bool { true }

  package func commandApplied(_ engine: SessionEngine) {
    guard let fd = asker?.fd, asker?.answered == false, !ended else { return }
    asker?.answered = true
    if engine.isFinished {
      let summary = SessionSummary.parts(engine)
      send(fd, ControlProtocol.encode(.summary(head: summary.head, parts: summary.parts), offset: offset))
      endedBy = fd
    } else {
      send(fd, reply(engine))
    }
    // The followers hear of the change after the one who asked, as ever.
    let held = heldFeed ?? []
    heldFeed = nil
    for follower in followers where !held.isEmpty { send(follower, held) }
  }

  /// The summary the session ended with, for the command that ended it.
  private var endSummary: (head: String, parts: [String])?

  /// While a command is carried out: the feed's lines, sent once it is answered.
  private var heldFeed: [UInt8]?

  /// With the follower table full, the oldest follower hears why and goes.
  private func makeRoomForFollower() {
    let following = connections.filter(\.value.following)
    guard following.count >= Self.followerLimit,
      let oldest = following.min(by: { $0.value.order < $1.value.order })
    else { return }
    let message = Self.evictedMessage
    _ = UnixSocket.sendAll(oldest.key, ControlProtocol.encode(.error(message), offset: offset))
    drop(oldest.key)
  }

  /// What the oldest follower hears when a newer one takes its place.
  package static let evictedMessage =
    "dropped: \(followerLimit) followers is the most a session feeds, and a newer one took the place of this, the oldest"

  private func refuse(_ fd: Int32, _ problem: ControlProtocol.RequestProblem) {
    _ = UnixSocket.sendAll(fd, ControlProtocol.encode(.error(problem.description), offset: offset))
    drop(fd)
  }

  private func reply(_ engine: SessionEngine?) -> [UInt8] {
    guard let engine, !engine.isFinished, var state = makeState(engine) else {
      return ControlProtocol.encode(.idle, offset: offset)
    }
    state.record.phases = []
    return ControlProtocol.encode(.state(state), offset: offset)
  }

  /// Sends a whole line, or drops a connection that cannot take it now: a slow reader never
  /// holds up the session.
  private func send(_ fd: Int32, _ bytes: [UInt8]) {
    guard connections[fd] != nil else { return }
    if !UnixSocket.sendAll(fd, bytes) { drop(fd) }
  }

  private func drop(_ fd: Int32) {
    guard connections.removeValue(forKey: fd) != nil else { return }
    UnixSocket.close(fd)
  }

  // MARK: - The feed

  /// The engine as of the last step, for `state` and a new follower's first line.
  private var lastEngine: SessionEngine?

  package func nextWake(_ engine: SessionEngine) -> Duration? {
    // Followers see what a one-cell display would: every second, every percent.
    feedWake = followers.isEmpty ? nil : engine.nextWake(.display(barCells: 1))
    return feedWake
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    lastEngine = engine
    if engine.isFinished {
      finish(summary: SessionSummary.parts(engine))
      return
    }
    let now = engine.clock.now()
    let due = feedWake.map { now >= $0 } ?? false
    guard !events.isEmpty || due else { return }
    feedWake = nil
    let followers = self.followers
    guard !followers.isEmpty else { return }
    // A change of state sends the state; a change of the time shown, only the time.
    let line = events.isEmpty ? ControlProtocol.encode(.tick(engine.wallTime(now)), offset: offset) : reply(engine)
    if heldFeed != nil {
      heldFeed! += line
      return
    }
    for fd in followers { send(fd, line) }
  }

  /// The session ended: followers hear `idle`, the socket goes at once (so nobody connects
  /// to a session that is ending), and connections close once any reply is sent.
  private func finish(summary: (head: String, parts: [String])? = nil) {
    guard !ended else { return }
    ended = true
    endSummary = summary
    let idle = ControlProtocol.encode(.idle, offset: offset)
    let said = summary.map { ControlProtocol.encode(.summary(head: $0.head, parts: $0.parts), offset: offset) } ?? []
    for fd in followers {
      send(fd, said + idle)
      drop(fd)
    }
    if let fd = endedBy { send(fd, idle) }
    if listener >= 0 {
      Platform.removeFile(socketPath)
      UnixSocket.close(listener)
      listener = -1
    }
    if !serving { close() }
  }
}
