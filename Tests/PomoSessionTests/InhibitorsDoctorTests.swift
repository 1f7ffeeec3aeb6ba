import Foundation
import PomoSession
import PomoTestSupport
import Testing

/// `Inhibitors.doctor(environment:)`: what answers for `"inhibit"` and `"break_lock"`, and why
/// what is missing is missing, against private buses.
@Suite("Inhibitors: the doctor's lines", .requires(.dbusDaemon, .pythonDBus, .pythonGLib))
struct InhibitorsDoctorTests {
  @Test("with logind and a screen saver: each answers, logind passes descriptors and finds pomo's session")
  func allAnswer() async throws {
    let system = try await DBusDaemon(.system)
    let session = try await DBusDaemon(.session)
    defer {
      system.stop()
      session.stop()
    }
    try system.startPeer(DBusStandIns.logind)
    try session.startPeer(DBusStandIns.screenSaver, arguments: [session.folder.file("record.jsonl")])
    #expect(
      await waitUntil(60) {
        system.peerLog.contains("logind ready") && session.peerLog.contains("screen saver ready")
      })
    let lines = Inhibitors.doctor(
      environment: system.environment.merging(session.environment) { $1 }, timeout: .seconds(60))
    #expect(
      lines == [
        "sleep inhibitor: logind answers on the system bus (\(system.address)), and the bus passes file descriptors: \"idle:sleep\" can be held",
        "break lock: logind's LockSession on pomo's session \"1\"",
        "screen inhibitor: org.freedesktop.ScreenSaver answers on the session bus",
      ])
  }

  @Test("with neither bus, or buses where nobody answers, each line says what is missing and why")
  func missing() async throws {
    let nowhere = Inhibitors.doctor(
      environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"], breakLockCommand: ["no-such-locker"],
      timeout: .seconds(60))
    #expect(nowhere.count == 4, "\(nowhere)")
    #expect(nowhere[0].hasPrefix("sleep inhibitor: missing: the system bus cannot be reached: cannot connect"))
    #expect(nowhere[1].hasPrefix("break lock: missing: the system bus cannot be reached"))
    #expect(
      nowhere[2]
        == "screen inhibitor: missing: the session bus cannot be reached: no bus address: DBUS_SESSION_BUS_ADDRESS is not set"
    )
    #expect(
      nowhere[3]
        == "break lock: \"break_lock_command\"'s program 'no-such-locker' is not found or not executable; breaks will not lock"
    )

    let system = try await DBusDaemon(.system)
    let session = try await DBusDaemon(.session)
    defer {
      system.stop()
      session.stop()
    }
    let empty = Inhibitors.doctor(
      environment: system.environment.merging(session.environment) { $1 }, timeout: .seconds(60))
    #expect(
      empty == [
        "sleep inhibitor: missing: org.freedesktop.login1 is not on the system bus (\(system.address)) (no systemd-logind or elogind runs)",
        "break lock: missing: logind is not on the system bus (\(system.address)) (set \"break_lock_command\" to lock another way)",
        "screen inhibitor: missing: no org.freedesktop.ScreenSaver on the session bus (GNOME, KDE and Xfce provide one; a bare window manager does not)",
      ])
  }
}
