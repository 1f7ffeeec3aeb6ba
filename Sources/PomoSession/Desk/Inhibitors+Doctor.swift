import PomoCore
import PomoPlatform

extension Inhibitors {
  /// What answers for `"inhibit"` and `"break_lock"` here, one line each: logind on the
  /// system bus (the sleep inhibitor, which needs file descriptors passed, and the lock of
  /// pomo's own session), the screen saver on the session bus, `caffeinate` on macOS, and the
  /// config's own lock command when it names one; for each that is missing, why. Nothing is
  /// inhibited or locked: only asked.
  package static func doctor(
    environment: [String: String], processID: UInt32 = UInt32(Platform.processID), breakLockCommand: [String]? = nil,
    timeout: Duration = InhibitHolder.callTimeout
  ) -> [String] {
    var lines: [String] = []
    #if canImport(Darwin)
      let caffeinate = Spawner.resolve("caffeinate", path: environment["PATH"])
      lines.append(
        caffeinate.map { "sleep and screen: caffeinate found (\($0)); pomo runs it with -w bound to itself" }
          ?? "sleep and screen: caffeinate is not found on PATH; nothing keeps the Mac awake")
    #else
      // The two buses asked side by side: one that accepts and never answers costs its timeout
      // once.
      final class Found: @unchecked Sendable { var lines: [String] = [] }
      let system = Found()
      let asking = Parallel.background {
        system.lines = systemBusLines(environment: environment, processID: processID, timeout: timeout)
      }
      let session = sessionBusLine(environment: environment, timeout: timeout)
      asking.wait()
      lines += system.lines + [session]
    #endif
    if let program = breakLockCommand?.first {
      lines.append(
        Spawner.resolve(program, path: environment["PATH"]) != nil
          ? "break lock: \"break_lock_command\" runs '\(DoNotDisturbMark.shown(breakLockCommand ?? []))' instead of logind"
          : "break lock: \"break_lock_command\"'s program '\(program)' is not found or not executable; breaks will not lock"
      )
    }
    return lines
  }

  /// logind: whether it answers, passes the inhibitor's descriptor, and finds pomo's session.
  private static func systemBusLines(environment: [String: String], processID: UInt32, timeout: Duration) -> [String] {
    let connection: DBusConnection
    do {
      connection = try DBusConnection(address: .systemBus(environment: environment), timeout: timeout, unixFDs: true)
    } catch {
      return [
        "sleep inhibitor: missing: the system bus cannot be reached: \(error)",
        "break lock: missing: the system bus cannot be reached (set \"break_lock_command\" to lock another way)",
      ]
    }
    defer { connection.close() }
    let placed = "on the system bus (\(connection.address))"
    guard (try? connection.listNames(timeout: timeout))?.contains(Logind.service) == true else {
      return [
        "sleep inhibitor: missing: \(Logind.service) is not \(placed) (no systemd-logind or elogind runs)",
        "break lock: missing: logind is not \(placed) (set \"break_lock_command\" to lock another way)",
      ]
    }
    var lines = [
      connection.passesUnixFDs
        ? "sleep inhibitor: logind answers \(placed), and the bus passes file descriptors: \"idle:sleep\" can be held"
        : "sleep inhibitor: missing: logind answers \(placed), but the bus does not pass file descriptors, which its inhibitor is"
    ]
    do {
      let id = try Logind.ownSessionID(
        sessionID: environment["XDG_SESSION_ID"], processID: processID, on: connection, timeout: timeout)
      lines.append("break lock: logind's LockSession on pomo's session \"\(id)\"")
    } catch {
      lines.append(
        "break lock: missing: logind finds no session of pomo's: \(error) (set \"break_lock_command\" to lock another way)"
      )
    }
    return lines
  }

  /// The screen saver: whether `org.freedesktop.ScreenSaver` has an owner on the session bus.
  private static func sessionBusLine(environment: [String: String], timeout: Duration) -> String {
    let connection: DBusConnection
    do {
      connection = try DBusConnection.sessionBus(environment: environment, timeout: timeout)
    } catch {
      return "screen inhibitor: missing: the session bus cannot be reached: \(error)"
    }
    defer { connection.close() }
    guard let names = try? connection.listNames(timeout: timeout) else {
      return "screen inhibitor: missing: the session bus does not list its names"
    }
    return names.contains(ScreenSaver.service)
      ? "screen inhibitor: \(ScreenSaver.service) answers on the session bus"
      : "screen inhibitor: missing: no \(ScreenSaver.service) on the session bus (GNOME, KDE and Xfce provide one; a bare window manager does not)"
  }
}
