import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A program that pomo starts and ends itself, rather than leaving it to a watchdog as
/// `Spawner.launch` does: the tick's player, which plays a minute of ticks and is ended when
/// focus pauses or ends.
///
/// It leads a process group of its own, with stdin, stdout and stderr on /dev/null, no
/// descriptor of pomo's, and the signals as a new program has them (none blocked or ignored,
/// whatever the session's loop does with them). It is reaped without a thread: each look at
/// it (`hasEnded`, `end`) takes its exit if it has one, and its group is signalled only while
/// it has not been reaped, so a pid the system has handed out again is never signalled.
package final class ChildProcess {
  package let pid: pid_t
  private var reaped = false
  private var endedAt: Int64?

  init(pid: pid_t) { self.pid = pid }

  /// Starts `argv` (its program found on the environment's PATH); nil when it cannot be.
  package static func start(_ argv: [String], environment: [String: String]) -> ChildProcess? {
    guard let program = argv.first, let path = Spawner.resolve(program, path: environment["PATH"]) else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    _ = cplatform_spawn_close_from(&actions, 3)
    var pid: pid_t = 0
    let started = SpawnAttributes.with(flags: Int32(POSIX_SPAWN_SETPGROUP)) { attributes in
      posix_spawnattr_setpgroup(&attributes, 0)
      return Spawner.withCArrays(argv, environment) { posix_spawn(&pid, path, &actions, &attributes, $0, $1) }
    }
    return started == 0 ? ChildProcess(pid: pid) : nil
  }

  /// Whether it has exited (and been reaped).
  package var hasEnded: Bool {
    // What it left in its group is killed as it is taken back; -1 (ECHILD): someone else took
    // it back, and it is gone either way.
    if !reaped && cplatform_reap_group(pid) != 0 { reaped = true }
    return reaped
  }

  /// Asks it and its group to end (SIGTERM); one that is still there a second after the first
  /// ask is killed at the next (SIGKILL). Whether it has ended.
  @discardableResult
  package func end() -> Bool {
    if hasEnded { return true }
    let now = Platform.bootMilliseconds()
    if let endedAt, now - endedAt >= 1000 {
      kill(-pid, SIGKILL)
    } else if endedAt == nil {
      endedAt = now
      kill(-pid, SIGTERM)
    }
    return hasEnded
  }

  /// Ends it for good before pomo moves on (the session is over): SIGTERM, a wait of at most
  /// `graceMilliseconds`, then SIGKILL and its exit taken.
  package func endNow(graceMilliseconds: Int64 = 200) {
    if end() { return }
    let until = Platform.bootMilliseconds() + graceMilliseconds
    while Platform.bootMilliseconds() < until {
      if hasEnded { return }
      var pause = timespec(tv_sec: 0, tv_nsec: 5_000_000)
      nanosleep(&pause, nil)
    }
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    reaped = true
  }
}
