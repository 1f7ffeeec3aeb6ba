import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Starts helper programs (hooks, notifiers) without a shell and without waiting for them.
///
/// Each child runs in its own process group with stdin, stdout and stderr on /dev/null (stdin
/// on a pipe holding `input`, when given), so it can neither read the user's keys nor
/// scribble on the display. A small watchdog process
/// (CPlatform), in a session of its own, ends the whole group (SIGTERM, then SIGKILL a second
/// later) as soon as the program exits or after `timeout`, whichever comes first, even when
/// pomo has exited by then; pomo reaps the watchdog on a background thread.
package enum Spawner {
  /// The most input a child may be given: what a pipe holds before a writer waits (64 KiB
  /// on Linux, 16 KiB at first on macOS), so it is written at once.
  package static let inputLimit = 16384

  @discardableResult
  package static func launch(
    _ argv: [String], environment: [String: String], input: [UInt8]? = nil, timeout: Duration = .seconds(10)
  ) -> Bool {
    guard let watchdog = spawn(argv, environment: environment, input: input, timeout: timeout) else { return false }
    // With no thread to be had, the watchdog is left for the system to reap when pomo ends.
    Parallel.detached {
      var code: Int32 = 0
      while waitpid(watchdog, &code, 0) < 0 && errno == EINTR {}
    }
    return true
  }

  /// Starts a program as `launch` does and waits until it and its group are gone (at most
  /// `timeout`, then the group is ended): for commands whose order matters, such as
  /// Timewarrior's `start` and `stop`. Whether it could be started.
  @discardableResult
  package static func run(_ argv: [String], environment: [String: String], timeout: Duration = .seconds(10)) -> Bool {
    guard let watchdog = spawn(argv, environment: environment, input: nil, timeout: timeout) else { return false }
    var code: Int32 = 0
    while waitpid(watchdog, &code, 0) < 0 && errno == EINTR {}
    return true
  }

  /// Runs a program (found on the environment's PATH) and returns its exit status and what it
  /// wrote on stdout (at most `limit` bytes), with stdin and stderr on /dev/null; nil when it
  /// cannot be started or does not end within `timeout` (it is then killed).
  package static func output(
    _ argv: [String], environment: [String: String], timeout: Duration = .seconds(5), limit: Int = 1 << 20
  ) -> (status: Int32, output: [UInt8])? {
    guard let program = argv.first, let path = resolve(program, path: environment["PATH"]) else { return nil }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    // Bound to pomo (`cplatform_spawn_bound`): a pomo killed while it waits takes the program
    // and all it started with it, so nothing turns do-not-disturb on after a recovery turned
    // it off.
    let pid = withCArrays(argv, environment) { cplatform_spawn_bound(path, $0, $1, fds[1]) }
    close(fds[1])
    defer { close(fds[0]) }
    guard pid > 0 else { return nil }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    let deadline = Platform.bootMilliseconds() + Int64(timeout.components.seconds) * 1000
    var ended = false
    while !ended {
      let left = deadline - Platform.bootMilliseconds()
      guard left > 0 else { break }
      var poller = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Int32(min(left, 1000)))
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { ended = true } else if out.count < limit { out += chunk[0..<min(count, limit - out.count)] }
    }
    // The program's whole group, its guard too.
    if !ended { kill(-pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard ended else { return nil }
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return (code, out)
  }

  /// The watchdog's pid, once the program is started under it.
  private static func spawn(
    _ argv: [String], environment: [String: String], input: [UInt8]?, timeout: Duration
  ) -> Int32? {
    guard let program = argv.first, !program.isEmpty else { return nil }
    // The path is found here: after fork only async-signal-safe calls may run.
    guard let path = resolve(program, path: environment["PATH"]) else { return nil }
    // The input waits in a pipe's buffer (at most `inputLimit`, less than any pipe holds), so
    // writing it never blocks, and the child reads it to its end whenever it likes.
    var ends: [Int32] = [-1, -1]
    if let input {
      guard input.count <= inputLimit, pipe(&ends) == 0 else { return nil }
      // Neither end leaks into another child; the watchdog gives the read end as stdin.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      let written = input.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
      close(ends[1])
      guard written == input.count else {
        close(ends[0])
        return nil
      }
    }
    defer { if ends[0] >= 0 { close(ends[0]) } }
    let seconds = Int32(max(1, timeout.components.seconds))
    let watchdog = withCArrays(argv, environment) { cplatform_spawn_with_deadline(path, $0, $1, seconds, ends[0]) }
    return watchdog > 0 ? watchdog : nil
  }

  /// `argv` and `environment` as the NULL-ended C arrays `exec` takes, while `body` runs.
  package static func withCArrays<R>(
    _ argv: [String], _ environment: [String: String],
    _ body: ([UnsafeMutablePointer<CChar>?], [UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    return body(cArgs, cEnv)
  }

  /// Text from a file (a phase's name, a summary) as an argument no program can take for an
  /// option: one that starts with "-" gets a leading space, which speech and notifications
  /// read the same, and which getopt and its kin never parse.
  package static func inertText(_ text: String) -> String {
    text.hasPrefix("-") ? " " + text : text
  }

  /// A path from a file as an argument no program can take for an option: a relative one
  /// that starts with "-" is written "./-…", the same file.
  package static func inertPath(_ path: String) -> String {
    path.hasPrefix("-") ? "./" + path : path
  }

  /// The program to run for `name`: a path as it is when it can be executed, else the first
  /// match on PATH; nil when there is none.
  package static func resolve(_ name: String, path: String?) -> String? {
    guard !name.isEmpty else { return nil }
    if name.contains("/") {
      var info = stat()
      return access(name, X_OK) == 0 && stat(name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? name : nil
    }
    return find(name, path: path)
  }

  /// The full path of `name` on PATH, or nil.
  package static func find(_ name: String, path: String?) -> String? {
    for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      var info = stat()
      if access(candidate, X_OK) == 0 && stat(candidate, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
        return candidate
      }
    }
    return nil
  }
}
