import Foundation
import Testing

extension Process {
  /// Waits, suspended, until the process has exited (see `waitUntil`). One still running after
  /// `timeout` seconds fails the test, and is killed and reaped so its status can be read.
  package func waitForExit(timeout: TimeInterval = 60, sourceLocation: SourceLocation = #_sourceLocation) async {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning && Date() < deadline { await pause(milliseconds: 10) }
    if isRunning {
      Issue.record("\(executableURL?.path ?? "a process") did not exit in \(timeout) s", sourceLocation: sourceLocation)
      kill(processIdentifier, SIGKILL)
    }
    // At once now: it has exited, or SIGKILL ends it.
    waitUntilExit()
  }
}
