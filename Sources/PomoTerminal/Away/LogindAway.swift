import PomoCore
import PomoPlatform

/// Away from logind on the system bus: the session's `Lock` and `Unlock` signals and its
/// `LockedHint` and `IdleHint` (`PropertiesChanged`), and the manager's `PrepareForSleep`.
/// Each is carried out as `pomo away --cause …` and `pomo back` would be, through the same
/// path as keys and the control socket.
///
/// Only signals from the connection that owns `org.freedesktop.login1` are believed, and only
/// for pomo's own session. `back` is sent only for the cause this watcher sent `away` for, so
/// an unlock does not end a time away that `pomo away` began. `IdleHint` counts once it has
/// stayed true for `idleAfter`, the span dated back to when it turned true. A bus that fails
/// ends the watcher, silently: the session runs on.
public final class LogindAway: SessionControl {
  /// Why there is no watcher. Never said in a session (a machine without logind is usual);
  /// the docs say what each means.
  public enum OpenError: Error, Equatable, CustomStringConvertible {
    case noBus(DBusError)
    case noLogind(DBusError)

    public var description: String {
      switch self {
      case .noBus(let error): "the system bus cannot be reached: \(error)"
      case .noLogind(let error): "logind does not answer on the system bus: \(error)"
      }
    }
  }

  private var connection: DBusConnection?
  /// pomo's session (an object path), and the unique name of logind's connection.
  public let session: String
  private let logind: String?
  private let idleAfter: Duration
  /// When `IdleHint` turned true, on the engine's clock, until the time away begins.
  private var idleSince: Duration?
  /// The cause this watcher told the session about, while it counts as away for it.
  private var awayFor: AwayCause?
  private var engine: SessionEngine?

  /// Opens the system bus of `environment` (`DBUS_SYSTEM_BUS_ADDRESS`, else the standard
  /// socket) and finds pomo's session there; each step within `timeout`.
  public static func open(
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
  /// process's, else "auto") and asks for its signals.
  public init(
    connection: DBusConnection, sessionID: String?, processID: UInt32, idleAfter: Duration,
    timeout: Duration = .seconds(2)
  ) throws(OpenError) {
    self.idleAfter = idleAfter
    var found: String?
    var lastError = DBusError.closed(midMessage: false)
    var owner: String?
    let calls: [DBusMessage] =
      (sessionID.map { [Logind.getSession($0)] } ?? []) + [
        Logind.getSessionByPID(processID), Logind.getSession("auto"),
      ]
    for call in calls where found == nil {
      do {
        let reply = try connection.call(call, timeout: timeout)
        if reply.signature == "o", let path = reply.body[0].string {
          found = path
          owner = reply.sender
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
    session = found
    logind = owner
    do {
      for rule in Logind.matchRules(session: found) + [LogindHints.matchRule(session: found)] {
        try connection.addMatch(rule, timeout: timeout)
      }
    } catch {
      connection.close()
      throw .noBus(error)
    }
    self.connection = connection
  }

  deinit { connection?.close() }

  public var descriptors: [Int32] { connection.map { [$0.fileDescriptor] } ?? [] }

  public func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    self.engine = engine
  }

  public func nextWake(_ engine: SessionEngine) -> Duration? {
    idleSince.map { $0 + idleAfter }
  }

  public func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine) {
    guard let connection, ready.contains(connection.fileDescriptor) || connection.hasSetAsideMessages else { return }
    connection.drain { message in
      handle(message, apply)
      return self.connection != nil
    }
    if connection.failure != nil { close() }
  }

  public func serveDue(now: Duration, apply: (SessionCommand) -> SessionEngine) {
    guard let since = idleSince, now >= since + idleAfter else { return }
    idleSince = nil
    leave(.idle, at: since, apply)
  }

  public func close() {
    connection?.close()
    connection = nil
  }

  private func handle(_ message: DBusMessage, _ apply: (SessionCommand) -> SessionEngine) {
    guard message.kind == .signal, logind == nil || message.sender == logind else { return }
    if let signal = LogindSignal(message) {
      switch signal {
      case .lock(let path) where path == session: leave(.lock, at: nil, apply)
      case .unlock(let path) where path == session: back(from: .lock, apply)
      case .prepareForSleep(true): leave(.sleep, at: nil, apply)
      case .prepareForSleep(false): back(from: .sleep, apply)
      default: break
      }
    } else if let hints = LogindHints(message), hints.session == session {
      if let locked = hints.locked {
        if locked { leave(.lock, at: nil, apply) } else { back(from: .lock, apply) }
      }
      if let idle = hints.idle {
        if idle {
          let now = engine?.clock.now() ?? .zero
          if idleAfter <= .zero { leave(.idle, at: now, apply) } else if idleSince == nil { idleSince = now }
        } else {
          idleSince = nil
          back(from: .idle, apply)
        }
      }
    }
  }

  private func leave(_ cause: AwayCause, at t: Duration?, _ apply: (SessionCommand) -> SessionEngine) {
    guard awayFor == nil else { return }
    let engine = apply(.away(cause, at: t))
    if engine.away?.cause == cause { awayFor = cause }
  }

  private func back(from cause: AwayCause, _ apply: (SessionCommand) -> SessionEngine) {
    guard awayFor == cause else { return }
    awayFor = nil
    _ = apply(.back)
  }
}
