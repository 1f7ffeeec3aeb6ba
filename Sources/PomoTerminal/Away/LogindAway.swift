import PomoCore
import PomoPlatform

/// Away from logind on the system bus: the session's `Lock` and `Unlock` signals and its
/// `LockedHint` and `IdleHint` (`PropertiesChanged`, and read once when the watcher opens),
/// and the manager's `PrepareForSleep`. Each is carried out as `pomo away --cause …` and
/// `pomo back` would be, through the same path as keys and the control socket.
///
/// Each cause is kept apart: lock, idle and sleep each begin and end by their own signals,
/// and the session is away while any holds. `away` is sent when a cause begins and the session
/// is not away; `back` when the last cause ends, and only if the session is still in the time
/// away this watcher began (so an unlock never ends a `pomo away`). A time away ended another
/// way (`pomo back`, `toggle`, a key) is the person's word: what the watcher held is forgotten,
/// and the next `Lock` is heard afresh.
///
/// Only signals from the connection that owns `org.freedesktop.login1` are believed, and only
/// for pomo's own session; when logind restarts, its new connection is believed, the session
/// found again and its hints read again. Every other message is skipped on its header
/// (`DBusMessageFilter`), so another user's flood cannot hold a `Lock` back. `IdleHint` counts
/// once it has stayed true for `idleAfter`, the span dated back to when it turned true. A bus
/// that fails ends the watcher, silently: the session runs on.
package final class LogindAway: SessionControl {
  /// Why there is no watcher. Never said in a session (a machine without logind is usual);
  /// the docs say what each means.
  package enum OpenError: Error, Equatable, CustomStringConvertible {
    case noBus(DBusError)
    case noLogind(DBusError)

    package var description: String {
      switch self {
      case .noBus(let error): "the system bus cannot be reached: \(error)"
      case .noLogind(let error): "logind does not answer on the system bus: \(error)"
      }
    }
  }

  /// The time away this watcher began, as the engine holds it.
  private struct Began: Equatable {
    var since: Duration
    var cause: AwayCause

    init?(_ state: AwayState?) {
      guard let state else { return nil }
      since = state.since
      cause = state.cause
    }
  }

  private var connection: DBusConnection?
  /// pomo's session (an object path).
  package private(set) var session: String
  /// The unique name of logind's connection: nil while no connection owns the name, and then
  /// nothing is believed.
  private var logind: String?
  /// The call that found the session, made again when logind restarts.
  private let finder: DBusMessage
  private let idleAfter: Duration
  private let sendTimeout: Duration
  /// When `IdleHint` turned true, on the engine's clock, until the time away begins.
  private var idleSince: Duration?
  /// The causes in force, as logind last told them (lock, idle, sleep); forgotten when the
  /// person ends the time away another way.
  package private(set) var causes: Set<AwayCause> = []
  /// The time away this watcher began, while the session is in it.
  private var began: Began?
  /// The serials of the calls whose answers are awaited: the session found again, its hints.
  private var finding: UInt32?
  private var readingHints: UInt32?
  private var engine: SessionEngine?

  /// Opens the system bus of `environment` (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard
  /// socket) and finds pomo's session there; each step within `timeout`.
  package static func open(
    environment: [String: String], idleAfter: Duration, processID: UInt32, timeout: Duration = .seconds(2)
  ) -> Result<LogindAway, OpenError> {
    let connection: DBusConnection
    do {
      connection = try DBusConnection.systemBus(environment: environment, timeout: timeout)
    } catch {
      return .failure(.noBus(error))
    }
    return Result { () throws(OpenError) in
      try LogindAway(
        connection: connection, sessionID: environment["XDG_SESSION_ID"], processID: processID, idleAfter: idleAfter,
        timeout: timeout)
    }
  }

  /// Uses `connection`, an open system bus: finds the session (`XDG_SESSION_ID`, else the
  /// process's, else "auto"), asks for its signals and for its hints as they stand, which are
  /// acted on once the session runs.
  package init(
    connection: DBusConnection, sessionID: String?, processID: UInt32, idleAfter: Duration,
    timeout: Duration = .seconds(2)
  ) throws(OpenError) {
    self.idleAfter = idleAfter
    sendTimeout = timeout
    // Until logind is known, replies only: nothing another connection sends is decoded.
    connection.filter = DBusMessageFilter()
    var found: (path: String, owner: String?, call: DBusMessage)?
    var lastError = DBusError.closed(midMessage: false)
    let calls: [DBusMessage] =
      (sessionID.map { [Logind.getSession($0)] } ?? []) + [
        Logind.getSessionByPID(processID), Logind.getSession("auto"),
      ]
    for call in calls where found == nil {
      do {
        let reply = try connection.call(call, timeout: timeout)
        if reply.signature == "o", let path = reply.body[0].string {
          found = (path, reply.sender, call)
        }
      } catch {
        lastError = error
        if connection.failure != nil { break }
      }
    }
    guard let found else {
      connection.close()
      throw .noLogind(lastError)
    }
    session = found.path
    logind = found.owner
    finder = found.call
    connection.filter = Self.filter(owner: found.owner)
    do {
      let rules =
        [DBusNameOwnerChanged.matchRule(name: Logind.service)] + Logind.matchRules(session: found.path) + [
          LogindHints.matchRule(session: found.path)
        ]
      for rule in rules { try connection.addMatch(rule, timeout: timeout) }
      // The hints as they stand: a session begun while the screen is locked is away from its start.
      readingHints = try connection.send(Logind.getHints(session: found.path), timeout: timeout)
    } catch {
      connection.close()
      throw .noBus(error)
    }
    self.connection = connection
  }

  deinit { connection?.close() }

  /// What the watcher reads: replies, the owner changes of logind's name, and logind's own signals.
  private static func filter(owner: String?) -> DBusMessageFilter {
    DBusMessageFilter(signals: Set([DBusNameOwnerChanged.filterSignal]).union(owner.map(Logind.filterSignals) ?? []))
  }

  package var descriptors: [Int32] { connection.map { [$0.fileDescriptor] } ?? [] }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    self.engine = engine
    // The time away this watcher began was ended another way: the person's word is taken.
    if let began, Began(engine.away) != began {
      self.began = nil
      causes = []
    }
  }

  package func nextWake(_ engine: SessionEngine) -> Duration? {
    idleSince.map { $0 + idleAfter }
  }

  package func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine) {
    guard let connection, ready.contains(connection.fileDescriptor) || connection.hasSetAsideMessages else { return }
    connection.drain { message in
      handle(message, apply)
      return self.connection != nil
    }
    if connection.failure != nil { close() }
  }

  package func serveDue(now: Duration, apply: (SessionCommand) -> SessionEngine) {
    guard let since = idleSince, now >= since + idleAfter else { return }
    idleSince = nil
    begin(.idle, at: since, apply)
  }

  package func close() {
    connection?.close()
    connection = nil
  }

  private func handle(_ message: DBusMessage, _ apply: (SessionCommand) -> SessionEngine) {
    switch message.kind {
    case .methodReturn, .error:
      answered(message, apply)
    case .signal:
      if let change = DBusNameOwnerChanged(message) {
        if change.name == Logind.service { follow(change.newOwner) }
        return
      }
      guard let logind, message.sender == logind else { return }
      if let signal = LogindSignal(message) {
        switch signal {
        case .lock(let path) where path == session: begin(.lock, at: nil, apply)
        case .unlock(let path) where path == session: end(.lock, apply)
        case .prepareForSleep(true): begin(.sleep, at: nil, apply)
        case .prepareForSleep(false): end(.sleep, apply)
        default: break
        }
      } else if let hints = LogindHints(message), hints.session == session {
        take(hints, apply)
      }
    default:
      break
    }
  }

  /// The answer to the session found again, or to its hints read.
  private func answered(_ message: DBusMessage, _ apply: (SessionCommand) -> SessionEngine) {
    guard let serial = message.replySerial else { return }
    if serial == finding {
      finding = nil
      if message.kind == .methodReturn, message.signature == "o", let path = message.body[0].string,
        path != session
      {
        session = path
        for rule in Logind.matchRules(session: path) + [LogindHints.matchRule(session: path)] {
          send(DBusConnection.addMatchCall(rule))
        }
      }
      readingHints = send(Logind.getHints(session: session))
    } else if serial == readingHints {
      readingHints = nil
      if let hints = LogindHints(session: session, reply: message) { take(hints, apply) }
    }
  }

  /// logind's name has a new owner (a restart), or none: only the new owner is believed, and
  /// the session and its hints are read again from it.
  private func follow(_ owner: String?) {
    logind = owner
    connection?.filter = Self.filter(owner: owner)
    readingHints = nil
    finding = owner == nil ? nil : send(finder)
  }

  /// Sends `message` without waiting for its answer: its serial, nil when the bus failed
  /// (the watcher then ends).
  @discardableResult
  private func send(_ message: DBusMessage) -> UInt32? {
    guard let connection else { return nil }
    do {
      return try connection.send(message, timeout: sendTimeout)
    } catch {
      close()
      return nil
    }
  }

  /// The lock and idle state as logind says it stands.
  private func take(_ hints: LogindHints, _ apply: (SessionCommand) -> SessionEngine) {
    if let locked = hints.locked {
      if locked { begin(.lock, at: nil, apply) } else { end(.lock, apply) }
    }
    if let idle = hints.idle {
      if idle {
        guard !causes.contains(.idle) else { return }
        let now = engine?.clock.now() ?? .zero
        if idleAfter <= .zero { begin(.idle, at: now, apply) } else if idleSince == nil { idleSince = now }
      } else {
        idleSince = nil
        end(.idle, apply)
      }
    }
  }

  /// `cause` holds from `t` (now when nil): the session goes away for it unless it already is.
  private func begin(_ cause: AwayCause, at t: Duration?, _ apply: (SessionCommand) -> SessionEngine) {
    causes.insert(cause)
    guard engine?.away == nil else { return }
    let engine = apply(.away(cause, at: t))
    if engine.away?.cause == cause { began = Began(engine.away) }
  }

  /// `cause` no longer holds: the session comes back once none does, if it is still in the
  /// time away this watcher began.
  private func end(_ cause: AwayCause, _ apply: (SessionCommand) -> SessionEngine) {
    guard causes.remove(cause) != nil, causes.isEmpty, let began, Began(engine?.away) == began else { return }
    self.began = nil
    _ = apply(.back)
  }
}
