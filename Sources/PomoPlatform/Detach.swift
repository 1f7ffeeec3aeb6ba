import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Starting pomo again in the background, in a session of its own, for `start --detach`.
///
/// The child's stdin and stdout are /dev/null and its stderr is a pipe back to the parent
/// until the child says it runs (`detachedReady`): so the parent can show what the child
/// said (a warning, or why it could not start) and exit with the right status, and closing
/// the terminal afterwards cannot reach the session.
package enum Detach {
  /// What `finishDetaching` writes when the session holds its lock and runs.
  package static let readyMarker = "\u{1}pomo-ready\n"

  /// This program's own path, to start it again.
  package static func executablePath() -> String? {
    Platform.systemExecutablePath()
  }

  /// Starts `argv` (argv[0] a full path) with no terminal, in a new session, its signals at
  /// their defaults; returns its pid and the read end of its stderr.
  package static func spawn(_ argv: [String], environment: [String: String]) throws(FileSystemError) -> (
    pid: Int32, stderr: Int32
  ) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .current }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
    _ = cplatform_spawn_close_from(&actions, 3)
    var pid: pid_t = 0
    let result = SpawnAttributes.with(flags: Int32(cplatform_spawn_setsid_flag())) { attributes in
      Spawner.withCArrays(argv, environment) { posix_spawn(&pid, argv[0], &actions, &attributes, $0, $1) }
    }
    _ = Glibc_or_Darwin_close(fds[1])
    guard result == 0 else {
      _ = Glibc_or_Darwin_close(fds[0])
      throw FileSystemError(code: result)
    }
    return (pid, fds[0])
  }

  /// Reads the child's stderr until it says it runs (true) or ends (false); everything else
  /// it wrote goes to `forward`.
  package static func awaitReady(_ fd: Int32, forward: (String) -> Void) -> Bool {
    defer { _ = Glibc_or_Darwin_close(fd) }
    var pending: [UInt8] = []
    let marker = Array(readyMarker.utf8)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 {
        if !pending.isEmpty { forward(String(decoding: pending, as: UTF8.self)) }
        return false
      }
      pending += buffer[0..<n]
      if let at = pending.firstRange(of: marker) {
        forward(String(decoding: pending[..<at.lowerBound], as: UTF8.self))
        return true
      }
      if let newline = pending.lastIndex(of: 0x0A) {
        forward(String(decoding: pending[...newline], as: UTF8.self))
        pending.removeSubrange(...newline)
      }
    }
  }

  /// The child's exit status (128+N when a signal N ended it).
  package static func waitForExit(_ pid: Int32) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// A detached session's log is started afresh once it grows past this.
  static let logLimit: Int64 = 1 << 20

  /// In the child, once the session runs: tells the parent, and sends stderr to `log` (in
  /// the state folder), since nobody reads the pipe any more: what the session says from
  /// then on (a journal it could not write, with the record) is kept there. /dev/null only
  /// when the log cannot be opened.
  package static func finishDetaching(log: String) {
    Platform.write(2, readyMarker)
    let fresh = Platform.fileSize(log) > logLimit ? O_TRUNC : 0
    var fd = Glibc_or_Darwin_open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | fresh, 0o600)
    if fd < 0 { fd = Glibc_or_Darwin_open("/dev/null", O_WRONLY | O_CLOEXEC, 0) }
    if fd >= 0 {
      dup2(fd, 2)
      _ = Glibc_or_Darwin_close(fd)
    }
  }
}
