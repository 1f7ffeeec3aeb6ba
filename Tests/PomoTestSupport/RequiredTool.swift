import Foundation
import Testing

/// Something a test needs beyond the toolchain: a program, a file another package installs, or
/// a Python module. A test that needs one that is missing is skipped with the reason shown
/// (`.requires(.zsh)`), never failed and never passed in silence; `Scripts/test-deps.sh`
/// installs every one, and `.ci/run` fails when any test was skipped.
package struct RequiredTool: Sendable {
  /// What the skip message calls it.
  package let name: String
  /// Whether it is here, worked out once.
  package let isInstalled: Bool

  package init(name: String, isInstalled: @autoclosure () -> Bool) {
    self.name = name
    self.isInstalled = isInstalled()
  }

  /// Where the tests look for programs: the system's folders, never the caller's PATH.
  package static let searchPath = "/usr/local/bin:/usr/bin:/bin"

  /// A program's full path on the search path, if it is installed.
  package static func path(of program: String) -> String? {
    for folder in searchPath.split(separator: ":") {
      let path = "\(folder)/\(program)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  /// A program on the search path.
  package static func program(_ name: String) -> RequiredTool {
    RequiredTool(name: name, isInstalled: path(of: name) != nil)
  }

  /// A module that `python3` on the search path can import.
  package static func pythonModule(_ module: String) -> RequiredTool {
    RequiredTool(
      name: "python3 with its \(module) module",
      isInstalled: {
        guard let python = path(of: "python3") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
      }())
  }

  package static let bash = program("bash")
  package static let zsh = program("zsh")
  package static let fish = program("fish")
  package static let mandoc = program("mandoc")
  package static let man = program("man")
  package static let espeak = program("espeak-ng")
  package static let python = program("python3")
  package static let timewarrior = program("timew")
  /// git, to ask which commit HEAD names (a clone has it).
  package static let git = program("git")
  /// Taskwarrior's `task` (Debian's taskwarrior).
  package static let taskwarrior = program("task")
  /// ALSA's player (Debian's alsa-utils): `aplay -D null` plays the sounds pomo makes.
  package static let aplay = program("aplay")
  /// util-linux's `setpriv`: runs a process as another user (nobody), as root may.
  package static let setpriv = program("setpriv")
  /// Debian's faketime: its library, preloaded into a session to step that session's wall
  /// clock (`FAKETIME_TIMESTAMP_FILE`, read again at every call with `FAKETIME_NO_CACHE=1`).
  package static let libfaketime = RequiredTool(name: "faketime (libfaketime)", isInstalled: libfaketimePath != nil)

  /// Where libfaketime is, whatever the machine's multiarch folder.
  package static var libfaketimePath: String? {
    let folders =
      ["/usr/lib/faketime"]
      + ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? []).sorted().map {
        "/usr/lib/\($0)/faketime"
      }
    return folders.map { $0 + "/libfaketime.so.1" }.first { FileManager.default.fileExists(atPath: $0) }
  }
  package static let bashCompletion = RequiredTool(
    name: "bash-completion", isInstalled: FileManager.default.fileExists(atPath: Shells.bashCompletion))
  /// The system's time zone files (Debian's tzdata), for the tests that use real zones.
  package static let zoneinfo = RequiredTool(
    name: "tzdata (/usr/share/zoneinfo)",
    isInstalled: ["Europe/Berlin", "America/New_York", "Asia/Tokyo"].allSatisfy {
      FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/" + $0)
    })
  package static let jsonschema = pythonModule("jsonschema")
  /// The reference D-Bus daemon, which the D-Bus tests start as a private session bus and as
  /// a stand-in system bus.
  package static let dbusDaemon = program("dbus-daemon")
  /// dbus-monitor (Debian's dbus-bin): what went over a private bus.
  package static let dbusMonitor = program("dbus-monitor")
  /// python3-dbus and python3-gi: the stand-in notification server and logind.
  package static let pythonDBus = pythonModule("dbus.mainloop.glib")
  package static let pythonGLib = pythonModule("gi.repository.GLib")
  package static let icalendar = pythonModule("icalendar")
  /// mpv, Debian's MPRIS plugin for it (mpv-mpris) and playerctl: real players on a private
  /// session bus for the music that follows the phases, read back as a user would.
  package static let mpv = program("mpv")
  package static let mpvMPRIS = RequiredTool(
    name: "mpv-mpris (\(MPVPlayers.plugin))", isInstalled: FileManager.default.fileExists(atPath: MPVPlayers.plugin))
  package static let playerctl = program("playerctl")

  /// The message a skipped test shows.
  package var skipReason: String { "\(name) is not installed: run Scripts/test-deps.sh" }
}

extension Trait where Self == ConditionTrait {
  /// Skips the test, with the reason shown, unless every tool is installed.
  package static func requires(_ tools: RequiredTool...) -> Self {
    let missing = tools.filter { !$0.isInstalled }
    return .enabled(
      if: missing.isEmpty,
      Comment(rawValue: missing.map(\.skipReason).joined(separator: "; ")))
  }
}
