#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension Platform {
  /// Whether a process with this id exists (it may be another user's).
  package static func processExists(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
  }

  /// Whether the process is stopped (Ctrl-Z, SIGSTOP, a debugger): the state letter in
  /// `/proc/PID/stat` is `T` or `t`. Nil where the system does not say (no /proc).
  package static func processIsStopped(_ pid: Int32) -> Bool? {
    guard pid > 0, let bytes = try? readFile("/proc/\(pid)/stat", limit: 4096) else { return nil }
    // "PID (COMMAND) STATE …": the command may hold spaces and parentheses; the state
    // follows the last ')'.
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return nil }
    let state = bytes[close + 2]
    return state == UInt8(ascii: "T") || state == UInt8(ascii: "t")
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
