import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Single-key input: the terminal without line editing or echo, restored on every way out.
///
/// Signals stay on (ISIG), so Ctrl-C and Ctrl-Z arrive as SIGINT and SIGTSTP and are handled
/// in one place with `kill` from outside.
package final class RawMode {
  package let fd: Int32
  private var saved = termios()
  package private(set) var isActive = false

  package init(fd: Int32) {
    self.fd = fd
  }

  /// Enters single-key mode; false when `fd` is not a terminal.
  @discardableResult
  package func enter() -> Bool {
    guard !isActive else { return true }
    guard tcgetattr(fd, &saved) == 0 else { return false }
    cplatform_guard_terminal(fd)  // Even a crash puts the terminal back.
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return false }
    isActive = true
    return true
  }

  package func restore() {
    guard isActive else { return }
    var original = saved
    tcsetattr(fd, TCSANOW, &original)
    cplatform_unguard_terminal()
    isActive = false
  }

  deinit { restore() }
}
