import PomoCore
import PomoPlatform

extension BreakLock {
  /// Locks session `id` through logind (`LockSession`) on `connection`, a system bus; only
  /// when logind answers a ping first, so that a lock a hung bus holds never comes late.
  package static func logindLocker(
    _ connection: DBusConnection, sessionID id: String, timeout: Duration = InhibitHolder.callTimeout
  ) -> () -> String? {
    {
      do {
        try Logind.ping(on: connection, timeout: timeout)
      } catch {
        return "logind does not answer (\(error)), and a lock asked of it now could come long after the break"
      }
      do {
        try Logind.lockSession(id: id, on: connection, timeout: timeout)
        return nil
      } catch {
        return "logind's LockSession(\"\(id)\") failed: \(error)"
      }
    }
  }

  /// Locks by running `argv` (`"break_lock_command"`) without a shell, for at most 5 s.
  package static func commandLocker(_ argv: [String], environment: [String: String]) -> () -> String? {
    {
      let shown = DoNotDisturbMark.shown(argv)
      guard let result = Spawner.output(argv, environment: environment, timeout: .seconds(5), limit: 4096) else {
        return "'\(shown)' could not be run or did not finish"
      }
      return result.status == 0 ? nil : "'\(shown)' exited with status \(result.status)"
    }
  }
}
