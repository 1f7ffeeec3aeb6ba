import PomoCore
import PomoPlatform

extension InhibitHolder {
  /// How long each call to a bus may take: a session's step waits for it.
  package static let callTimeout = Duration.seconds(2)

  /// logind's inhibitor (`Inhibit("idle:sleep", "pomo", reason, "block")`) on `connection`,
  /// a system bus that passes file descriptors. Letting go closes the descriptor logind
  /// gave; should pomo die first, the kernel closes it, and logind lets go all the same.
  ///
  /// `connection` is the inhibitor's own. A call that fails closes it: logind may yet answer a
  /// call that timed out, and its descriptor would then wait, unread, in the socket, holding
  /// the machine awake for the rest of the session. Closed, the socket drops it.
  package static func logind(_ connection: DBusConnection, timeout: Duration = callTimeout) -> InhibitHolder {
    InhibitHolder(name: "logind") { reason in
      do {
        let fd = try Logind.inhibit(
          what: Logind.idleAndSleep, who: "pomo", why: reason, mode: "block", on: connection, timeout: timeout)
        return .held(release: { fd.close() })
      } catch {
        connection.close()
        return .failed("\(error)")
      }
    }
  }

  /// The screen saver's inhibitor (`org.freedesktop.ScreenSaver.Inhibit("pomo", reason)`) on
  /// `connection`, a session bus. Letting go is `UnInhibit(cookie)`; should pomo die first,
  /// its connection closes and the screen saver forgets the cookie.
  package static func screenSaver(_ connection: DBusConnection, timeout: Duration = callTimeout) -> InhibitHolder {
    InhibitHolder(name: "the screen saver") { reason in
      do {
        let cookie = try ScreenSaver.inhibit(application: "pomo", reason: reason, on: connection, timeout: timeout)
        return .held(release: { try? ScreenSaver.unInhibit(cookie: cookie, on: connection, timeout: timeout) })
      } catch {
        return .failed("\(error)")
      }
    }
  }

  /// macOS: `caffeinate` with `flag` (`-i` keeps the machine from idle sleep, `-d` the
  /// display on) bound to pomo by `-w PID`, so it ends with pomo however pomo ends; letting
  /// go ends it. Not tested: pomo's tests run on Linux.
  package static func caffeinate(_ flag: String, environment: [String: String]) -> InhibitHolder {
    InhibitHolder(name: "caffeinate") { _ in
      let argv = ["caffeinate", flag, "-w", String(Platform.processID)]
      guard let child = ChildProcess.start(argv, environment: environment) else {
        return .failed("'\(argv.joined(separator: " "))' cannot be started")
      }
      return .held(release: { child.endNow() })
    }
  }
}
