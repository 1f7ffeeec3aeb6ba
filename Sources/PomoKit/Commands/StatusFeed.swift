import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoSession

/// `pomo status --follow`: a line at every visible change, pushed by the running session,
/// and the idle form between sessions. It never polls: it blocks reading the session's
/// socket, and between sessions it blocks on a watch of the socket's folder.
enum StatusFeed {
  /// Prints `render(state)` whenever it changes, until stdout's reader goes. Returns the exit status.
  /// With `json`, lines go out as JSON output does (escaped to ASCII where the locale needs it).
  static func run(_ context: Context, json: Bool, render: (SessionState?) -> String) -> Int32 {
    let client = context.paths.controlClient
    let socketName = String(client.socketPath.split(separator: "/").last ?? "")
    var last: String?
    /// Prints the line if it differs from the last; false once nobody reads or a write failed.
    func show(_ state: SessionState?) -> Bool {
      let line = render(state)
      if line != last {
        if json { context.writeJSON(line + "\n") } else { context.output.write(line + "\n") }
        last = line
      }
      return context.output.takesMore
    }
    // The follower leaves as soon as its output's reader goes, not at its next line.
    let watched = (context.output as? FileDescriptorOutput)?.fd
    while true {
      // The watch comes first: a session that starts between a failed connect and the wait is
      // still seen.
      let made = (try? Platform.makePrivateFolder(client.folder)) != nil
      let folderWatch = made ? FolderWatch(folder: client.folder) : nil
      while true {
        do {
          let ended = try client.follow(watching: watched, show)
          if !ended { return ExitCode.success }
        } catch .notRunning {
        } catch .untrusted(let path, let reason) {
          // Nothing from that socket can be believed, now or later: say why, never "idle".
          context.errors.write("Error: \(ControlClient.Failure.untrusted(path, reason: reason))\n")
          return ExitCode.failure
        } catch .noControl(let pid, let reason) {
          context.errors.write("Error: \(ControlClient.Failure.noControl(pid: pid, reason: reason))\n")
          return ExitCode.failure
        } catch .session(let message) {
          // Dropped by the session (too many followers): said once, and not tried again.
          context.errors.write("Error: \(message)\n")
          return ExitCode.failure
        } catch {
          context.errors.write("pomo: warning: \(error)\n")
        }
        if !show(nil) { return ExitCode.success }
        guard let folderWatch else {
          // No way to watch the folder (not Linux, or it cannot be made): look again in a second.
          Platform.sleep(seconds: 1)
          break
        }
        if folderWatch.wait(for: socketName) == .folderGone { break }
      }
    }
  }
}
