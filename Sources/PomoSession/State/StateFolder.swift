import PomoCore
import PomoJournal
import PomoPlatform

/// The folder that holds the running session (`current.json`) and the two locks that say
/// whether it is alive, in `$XDG_STATE_HOME/pomo`.
///
/// The running session holds a lock on the folder itself for its whole life (a lock file
/// could be deleted by a cleaner while held, letting a second session in); the kernel drops
/// it when that process ends, however it ends, so the lock (not a pid) answers "is it alive".
/// `check.lock` is held for a moment by whoever looks at the session lock or records a dead
/// session, so those checks never race: of twenty `start`s at once exactly one runs, and
/// ten `status`es over a dead session append one recovery record.
package struct StateFolder: Sendable {
  package var directory: String

  package init(directory: String) {
    self.directory = directory
  }

  package var stateFile: String { directory + "/current.json" }
  /// A session that waits for its time (`--at`), while its pomo holds the session lock.
  package var pendingFile: String { directory + "/waiting.json" }
  package var checkLock: String { directory + "/check.lock" }

  /// Why this process may not run a session.
  package enum ClaimError: Error, Equatable, CustomStringConvertible {
    /// Another session holds the lock; its state when it could be read.
    case running(SessionState?)
    /// Another pomo holds the lock while it waits to start a session at a time.
    case waiting(PendingStart)
    /// The folder cannot be created, written or locked.
    case unusable(String, FileSystemError)
    /// Another pomo held the check lock for seconds (it should take milliseconds).
    case busy(String)

    package var description: String {
      switch self {
      case .running(let state?):
        "a session is already running (\(state.record.preset), pid \(state.pid)); see 'pomo status'"
      case .running(nil):
        "a session is already running; see 'pomo status'"
      case .waiting(let pending):
        "a session is waiting to start (\(TextLayout.inert(pending.preset)), pid \(pending.pid)); see 'pomo status', and 'pomo stop' cancels it"
      case .unusable(let folder, let error):
        "cannot use the state folder \(folder): \(error); pomo keeps the running session there and will not run one without it"
      case .busy(let folder):
        "the state folder \(folder) stays locked by another pomo; try again"
      }
    }
  }

  package static let checkTimeout = 10.0

  /// Makes this process the one running session. Returns the lock to hold until the session
  /// ends, and the line to tell the user if a dead session was recorded on the way.
  /// With `environment`, recovery turns back the do-not-disturb a dead session left on.
  package func claim(
    journal: Journal, environment: [String: String]? = nil
  ) throws(ClaimError) -> (lock: FileLock, recovered: String?) {
    // A session whose state file is gone but whose pomo still holds the lock is ending (it
    // turns do-not-disturb back, say): it is waited for, up to `endingWait`, not refused.
    let giveUp = Platform.bootNanoseconds() + Int64(Self.endingWait * 1e9)
    while true {
      let locks: (check: FileLock, session: FileLock?)?
      do throws(FileSystemError) {
        try Platform.makeDirectories(directory)
        guard Platform.isWritableFolder(directory) else { throw FileSystemError.permissionDenied }
        locks = try self.locks()
      } catch {
        throw .unusable(directory, error)
      }
      guard let locks else { throw .busy(directory) }
      defer { locks.check.release() }
      if let session = locks.session {
        if Platform.fileExists(pendingFile) { Platform.removeFile(pendingFile) }
        return (session, Recovery.recordDead(statePath: stateFile, journal: journal, environment: environment))
      }
      if let pending = readPending() { throw .waiting(pending) }
      if Platform.fileExists(stateFile) || Platform.bootNanoseconds() > giveUp {
        throw .running(SessionState.read(path: stateFile))
      }
      locks.check.release()
      Platform.sleep(seconds: 0.05)
    }
  }

  /// How long a `start` waits for a session that is ending (its record written, its lock held).
  package static let endingWait = 10.0

  /// The check lock (nil when another pomo held it for `checkTimeout`) and, while it is held,
  /// the session lock (nil while a session holds it).
  private func locks() throws(FileSystemError) -> (check: FileLock, session: FileLock?)? {
    guard let check = try FileLock.acquire(checkLock, timeout: Self.checkTimeout) else { return nil }
    return (check, try FileLock.tryAcquire(directory, folder: true))
  }

  /// The running session, if one is alive. A state file left by a dead one is recorded in
  /// the journal and removed on the way; the returned message says so.
  package func inspect(
    journal: Journal, environment: [String: String]? = nil
  ) -> (running: SessionState?, message: String?) {
    guard Platform.fileExists(stateFile) || Platform.fileExists(Recovery.keptFile(statePath: stateFile)) else {
      return (nil, nil)
    }
    let locks: (check: FileLock, session: FileLock?)?
    do {
      locks = try self.locks()
    } catch {
      return (nil, "pomo: warning: cannot check the running session in \(directory): \(error)")
    }
    guard let locks else { return (nil, "pomo: warning: \(ClaimError.busy(directory))") }
    defer { locks.check.release() }
    guard let session = locks.session else { return (SessionState.read(path: stateFile), nil) }
    defer { session.release() }
    return (nil, Recovery.recordDead(statePath: stateFile, journal: journal, environment: environment))
  }

  /// The session waiting for its time, if its pomo is alive (holds the session lock); a file
  /// left by one that died is removed on the way.
  package func pending() -> PendingStart? {
    guard Platform.fileExists(pendingFile), let locks = try? self.locks() else { return nil }
    defer { locks.check.release() }
    guard let session = locks.session else { return readPending() }
    defer { session.release() }
    Platform.removeFile(pendingFile)
    return nil
  }

  /// Says that this pomo, holding the session lock, waits to start a session.
  package func writePending(_ pending: PendingStart) throws(FileSystemError) {
    try Platform.writeAtomically(pending.text, to: pendingFile)
  }

  /// The wait is over (the session begins, or the wait was cancelled).
  package func removePending() {
    Platform.removeFile(pendingFile)
  }

  private func readPending() -> PendingStart? {
    (try? Platform.readFile(pendingFile, limit: 4096)).flatMap(PendingStart.init(bytes:))
  }
}
