#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension Platform {
  /// Whether a process with this id exists (it may be another user's). A zombie (a process
  /// that has ended and waits for a parent that does not reap it, as under a container's
  /// init) does not: it runs nothing and holds nothing.
  package static func processExists(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    guard kill(pid, 0) == 0 || errno == EPERM else { return false }
    return processState(pid).map { $0 != UInt8(ascii: "Z") && $0 != UInt8(ascii: "X") } ?? true
  }

  /// Whether the process is stopped (Ctrl-Z, SIGSTOP, a debugger): the state letter in
  /// `/proc/PID/stat` is `T` or `t`. Nil where the system does not say (no /proc).
  package static func processIsStopped(_ pid: Int32) -> Bool? {
    processState(pid).map { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") }
  }

  /// The state letter in `/proc/PID/stat`; nil where the system does not say (no /proc).
  private static func processState(_ pid: Int32) -> UInt8? {
    guard pid > 0, let bytes = try? readFile("/proc/\(pid)/stat", limit: 4096) else { return nil }
    // "PID (COMMAND) STATE …": the command may hold spaces and parentheses; the state
    // follows the last ')'.
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return nil }
    return bytes[close + 2]
  }

  /// Milliseconds on the clock that runs through suspend: the deadlines a client puts on its
  /// requests, which a session compares with its own reading of the same clock.
  package static func bootMilliseconds() -> Int64 { bootNanoseconds() / 1_000_000 }

  /// The path with every link and `.`/`..` resolved (`realpath`), or nil when it does not exist.
  package static func resolvedPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
