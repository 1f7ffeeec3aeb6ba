import Foundation

/// A real dunst on a private desk: its own `dbus-daemon` as the session bus and its own Xvfb
/// (on a display number Xvfb picks itself, `-displayfd`), so nothing of the machine's desktop
/// is touched. `dunstctl` asks it as a user would.
package final class DunstDesk {
  package let bus: DBusDaemon
  package let display: String
  private let xvfb: Process
  private let dunst: Process

  /// Starts the bus, the X server and dunst, and waits (each at most `timeout` seconds) until
  /// dunst answers `dunstctl is-paused`.
  package init(timeout: TimeInterval = 60) async throws {
    bus = try await DBusDaemon()
    let folder = bus.folder
    let printed = folder.file("display")
    _ = FileManager.default.createFile(atPath: printed, contents: nil)
    let xvfb = Process()
    self.xvfb = xvfb
    xvfb.executableURL = URL(fileURLWithPath: RequiredTool.path(of: "Xvfb") ?? "/usr/bin/Xvfb")
    // Xvfb finds a free display itself and prints its number on stdout.
    xvfb.arguments = ["-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "640x480x24"]
    xvfb.environment = ["PATH": RequiredTool.searchPath]
    let out = FileHandle(forWritingAtPath: printed)
    xvfb.standardOutput = out
    xvfb.standardError = FileHandle.nullDevice
    try xvfb.run()
    try? out?.close()
    var number: String?
    _ = await waitUntil(timeout) {
      number = folder.read("display").flatMap { $0.split(separator: "\n").first.map(String.init) }
      return number != nil || !xvfb.isRunning
    }
    guard let number, Int(number) != nil else {
      kill(xvfb.processIdentifier, SIGKILL)
      xvfb.waitUntilExit()
      bus.stop()
      throw DBusDaemon.Failure(description: "Xvfb printed no display number within \(timeout) s")
    }
    display = ":" + number
    let dunst = Process()
    self.dunst = dunst
    dunst.executableURL = URL(fileURLWithPath: RequiredTool.path(of: "dunst") ?? "/usr/bin/dunst")
    // An empty configuration: dunst's defaults, never the user's dunstrc.
    dunst.arguments = ["-config", try folder.write("dunstrc", "")]
    dunst.environment = ["PATH": RequiredTool.searchPath, "DISPLAY": display, "LC_ALL": "C.UTF-8"]
      .merging(bus.environment) { $1 }
    dunst.standardOutput = FileHandle.nullDevice
    dunst.standardError = FileHandle.nullDevice
    try dunst.run()
    guard await waitUntil(timeout, { await self.isPaused() != nil || !dunst.isRunning }), await isPaused() != nil else {
      stop()
      throw DBusDaemon.Failure(description: "dunst did not answer 'dunstctl is-paused' within \(timeout) s")
    }
  }

  /// What a client of this desk needs: the bus's address and the display.
  package var environment: [String: String] {
    ["DISPLAY": display].merging(bus.environment) { $1 }
  }

  /// `dunstctl ARGS` on this desk: its output, trimmed; nil when it failed.
  package func dunstctl(_ arguments: String...) async -> String? {
    let program = RequiredTool.path(of: "dunstctl") ?? "/usr/bin/dunstctl"
    let environment = ["PATH": RequiredTool.searchPath].merging(environment) { $1 }
    guard let result = try? await runProgram([program] + arguments, environment: environment), result.status == 0
    else { return nil }
    return result.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// `true` or `false`, as dunst says; nil when it does not answer.
  package func isPaused() async -> String? { await dunstctl("is-paused") }

  /// Stops dunst, the X server and the bus (killed, as `DBusDaemon.stop` explains), and waits.
  package func stop() {
    for child in [dunst, xvfb] where child.isRunning {
      kill(child.processIdentifier, SIGKILL)
      child.waitUntilExit()
    }
    bus.stop()
  }

  deinit { stop() }
}

extension RequiredTool {
  /// The virtual X server dunst draws on (Debian's xvfb).
  package static let xvfb = program("Xvfb")
  package static let dunst = program("dunst")
  /// dunst's control program, a script that runs dbus-send (Debian's dbus-bin).
  package static let dunstctl = RequiredTool(
    name: "dunstctl and dbus-send", isInstalled: path(of: "dunstctl") != nil && path(of: "dbus-send") != nil)
  /// GLib's gsettings with GNOME's notification settings (Debian's libglib2.0-bin and
  /// gsettings-desktop-schemas): the GNOME backend, on a keyfile of the test's own.
  package static let gnomeSettings = RequiredTool(
    name: "gsettings with the org.gnome.desktop.notifications schema",
    isInstalled: path(of: "gsettings") != nil
      && FileManager.default.fileExists(
        atPath: "/usr/share/glib-2.0/schemas/org.gnome.desktop.notifications.gschema.xml")
  )
}
