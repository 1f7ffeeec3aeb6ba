#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// posix_spawn's attributes for a program that must start as a new program does, whatever the
/// session's loop does with its signals: none blocked, and those pomo handles or ignores at
/// their defaults. `flags` adds what else the child needs (a group or a session of its own).
enum SpawnAttributes {
  static let defaults = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD]

  /// `body` with the attributes made, destroyed after.
  static func with<R>(flags: Int32, _ body: (inout posix_spawnattr_t) -> R) -> R {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var reset = sigset_t()
    sigemptyset(&reset)
    for signal in defaults { sigaddset(&reset, signal) }
    posix_spawnattr_setsigdefault(&attributes, &reset)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF) | flags))
    return body(&attributes)
  }
}
