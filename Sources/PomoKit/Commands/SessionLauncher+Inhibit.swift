import PomoCore
import PomoPlatform
import PomoSession

extension SessionLauncher {
  /// What keeps the machine awake and the screen on (`"inhibit"`) and locks breaks
  /// (`"break_lock"`), as listeners; returns what lets go of all they hold and closes their
  /// bus connections, to run on every way the session ends. A session that is a workout (a
  /// workout plan, or the big display) is one for both. What cannot be reached is one
  /// warning each; the session runs without it.
  static func addInhibitors(
    plan: Plan, setup: Setup, _ context: Context, to listeners: inout [SessionListener]
  ) -> () -> Void {
    let config = setup.config
    guard config.inhibit.isOn || config.breakLock.isOn else { return {} }
    let environment = context.environment
    let errors = context.errors
    let warn: (String) -> Void = { errors.write($0 + "\n") }
    let workout = plan.isWorkout || setup.big
    var connections: [DBusConnection] = []
    /// A connection of its own to the system bus, passing file descriptors, for each of the
    /// two: the sleep inhibitor closes its own when logind does not answer in time, so a reply
    /// that comes late drops its descriptor with the socket instead of holding the machine
    /// awake unseen, and the break lock keeps its connection.
    func systemBus() -> Result<DBusConnection, DBusError> {
      let opened = Result { () throws(DBusError) in
        try DBusConnection(
          address: .systemBus(environment: environment), timeout: InhibitHolder.callTimeout, unixFDs: true)
      }
      if case .success(let connection) = opened {
        connection.filter = DBusMessageFilter()
        connections.append(connection)
      }
      return opened
    }
    var inhibitors: Inhibitors?
    if config.inhibit.isOn {
      var sleep: InhibitHolder?
      var screen: InhibitHolder?
      #if canImport(Darwin)
        if config.inhibit.sleep != .off { sleep = .caffeinate("-i", environment: environment) }
        if config.inhibit.screen != .off { screen = .caffeinate("-d", environment: environment) }
      #else
        if config.inhibit.sleep != .off {
          switch systemBus() {
          case .success(let connection) where connection.passesUnixFDs: sleep = .logind(connection)
          case .success:
            warn("pomo: warning: \"inhibit\": the system bus does not pass file descriptors; the machine may sleep")
          case .failure(let error):
            warn("pomo: warning: \"inhibit\": the system bus cannot be reached: \(error); the machine may sleep")
          }
        }
        if config.inhibit.screen != .off {
          do {
            let connection = try DBusConnection.sessionBus(environment: environment, timeout: InhibitHolder.callTimeout)
            connection.filter = DBusMessageFilter()
            connections.append(connection)
            screen = .screenSaver(connection)
          } catch {
            warn("pomo: warning: \"inhibit\": the session bus cannot be reached: \(error); the screen may go dark")
          }
        }
      #endif
      if sleep != nil || screen != nil {
        let zone = context.zone
        let listener = Inhibitors(
          settings: config.inhibit, workout: workout, sleep: sleep, screen: screen,
          clockTime: { zone.clockTime($0) }, warn: warn)
        listeners.append(listener)
        inhibitors = listener
      }
    }
    if config.breakLock.isOn && !workout {
      var lock: (() -> String?)?
      if let command = config.breakLock.command {
        lock = BreakLock.commandLocker(command, environment: environment)
      } else {
        switch systemBus() {
        case .success(let connection):
          do {
            let id = try Logind.ownSessionID(
              sessionID: environment["XDG_SESSION_ID"], processID: UInt32(Platform.processID), on: connection,
              timeout: InhibitHolder.callTimeout)
            lock = BreakLock.logindLocker(connection, sessionID: id)
          } catch {
            warn(
              "pomo: warning: \"break_lock\": logind finds no session of pomo's: \(error); breaks do not lock (see \"break_lock_command\")"
            )
          }
        case .failure(let error):
          warn(
            "pomo: warning: \"break_lock\": the system bus cannot be reached: \(error); breaks do not lock (see \"break_lock_command\")"
          )
        }
      }
      if let lock {
        listeners.append(BreakLock(breaks: config.breakLock.breaks, workout: workout, lock: lock, warn: warn))
      }
    }
    return {
      inhibitors?.close()
      for connection in connections { connection.close() }
    }
  }
}
