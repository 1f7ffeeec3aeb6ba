import CPlatform
import Dispatch

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Starts helper programs (hooks, notifiers) without a shell and without waiting for them.
///
/// Each child runs in its own process group with stdin, stdout and stderr on /dev/null, so it
/// can neither read the user's keys nor scribble on the display. It is reaped on a background
/// thread and its whole group is killed if it is still running after `timeout`.
public enum Spawner {
  @discardableResult
  public static func launch(_ argv: [String], environment: [String: String], timeout: Duration = .seconds(10)) -> Bool {
    guard let program = argv.first, !program.isEmpty else { return false }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }
    cplatform_spawn_close_from(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setpgroup(&attributes, 0)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for s in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH, SIGPIPE] { sigaddset(&defaults, s) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

    let cArgs = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      cArgs.forEach { free($0) }
      cEnv.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawnp(&pid, program, &actions, &attributes, cArgs, cEnv)
    guard status == 0 else { return false }
    let child = Child(pid: pid)
    DispatchQueue.global().async {
      var code: Int32 = 0
      while waitpid(child.pid, &code, 0) < 0 && errno == EINTR {}
      child.markDone()
    }
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      child.killIfRunning()
    }
    return true
  }

  /// A child's pid, guarded so it is never killed after it was reaped (its pid may be reused).
  private final class Child: @unchecked Sendable {
    let pid: pid_t
    private let queue = DispatchQueue(label: "pomo.child")
    private var done = false

    init(pid: pid_t) { self.pid = pid }

    func markDone() {
      queue.sync { done = true }
    }

    func killIfRunning() {
      queue.sync {
        if !done { _ = kill(-pid, SIGKILL) }
      }
    }
  }

  /// The full path of `name` on PATH, or nil.
  public static func find(_ name: String, path: String?) -> String? {
    for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }
}
