import Foundation
import PomoTestSupport
import Testing

/// pomo's own notifications in a real dunst under Xvfb on a private session bus: the bus
/// carries the phase end's buttons to dunst (a monitor on the bus reads the `Notify` call), dunst
/// shows the notification, and `dunstctl history` keeps it once closed. (dunst 1.9's history
/// does not list a notification's actions, so the buttons are read off the bus.)
@Suite("End to end: pomo's notifications in a real dunst", .endToEnd)
struct DunstNotificationsEndToEndTests {
  @Test(
    "dunst shows the end of focus with its buttons, and dunstctl history keeps pomo's notification",
    .requires(.xvfb, .dunst, .dunstctl, .dbusDaemon, .dbusMonitor), .hangLimit)
  func shownWithButtons() async throws {
    let desk = try await DunstDesk()
    defer { desk.stop() }
    let home = try PomoHome(
      presets: [
        "short":
          #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}, {"name": "breathe", "kind": "rest", "duration": "30s"}]}"#
      ],
      environment: desk.environment)
    defer { home.cleanUp() }
    try home.folder.write(".config/pomo/config.json", #"{"bell": false}"#)
    // The bus's own monitor, writing every Notify call it carries.
    let monitor = Process()
    monitor.executableURL = URL(fileURLWithPath: RequiredTool.path(of: "dbus-monitor") ?? "/usr/bin/dbus-monitor")
    monitor.arguments = ["--session", "interface='org.freedesktop.Notifications',member='Notify'"]
    monitor.environment = ["PATH": RequiredTool.searchPath].merging(desk.environment) { $1 }
    let seen = home.folder.file("monitor.out")
    _ = FileManager.default.createFile(atPath: seen, contents: nil)
    monitor.standardOutput = FileHandle(forWritingAtPath: seen)
    monitor.standardError = FileHandle.nullDevice
    try monitor.run()
    defer {
      kill(monitor.processIdentifier, SIGKILL)
      monitor.waitUntilExit()
    }
    // The monitor is on the bus once the bus has told it its name (and taken it away, as a
    // monitor's connection gives up its name).
    #expect(await waitUntil { (home.folder.read("monitor.out") ?? "").contains("member=NameLost") }, "no monitor")
    let session = try home.launch(["start", home.preset("short")], name: "session")
    #expect(await waitUntil { (await desk.dunstctl("count", "displayed") ?? "0") != "0" }, "dunst showed nothing")
    // dbus-monitor writes what it saw in its own time: wait for the call it shows.
    _ = await waitUntil {
      let seen = home.folder.read("monitor.out") ?? ""
      return seen.contains("string \"+5 min\"") && seen.contains("string \"Skip break\"")
    }
    let calls = home.folder.read("monitor.out") ?? ""
    // The end of focus, with its buttons: each action a key and a label.
    for label in ["+5 min", "Skip break"] {
      #expect(calls.contains("string \"\(label)\""), "no button \(label) in \(calls)")
    }
    #expect(await desk.dunstctl("close-all") != nil)
    #expect(await waitUntil { (await desk.dunstctl("history") ?? "").contains("\"pomo\"") })
    let history = await desk.dunstctl("history") ?? ""
    #expect(history.contains("focus") || history.contains("go"), "\(history)")
    #expect(try await home.run("stop").status == 0)
    await session.waitForExit()
  }
}

extension RequiredTool {
  /// The bus's monitor (Debian's dbus-bin).
  static let dbusMonitor = program("dbus-monitor")
}
