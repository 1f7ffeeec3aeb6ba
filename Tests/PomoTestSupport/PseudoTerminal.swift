import CPlatform
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The real pomo binary on a pseudo-terminal that is its controlling terminal, so keys,
/// Ctrl-C and Ctrl-Z work as they do for a person at a keyboard.
package final class PseudoTerminal {
  package let master: Int32
  /// Kept open so the terminal's settings can be read after the child exits.
  package let slave: Int32
  package let pid: pid_t
  package private(set) var output: [UInt8] = []
  package private(set) var exitStatus: Int32?
  package let started = Date()

  /// - Parameter stdout: a descriptor to give the child as stdout instead of the terminal
  ///   (a pipe, as in `pomo start work | head -1`).
  package init(
    _ arguments: [String], environment: [String: String], columns: UInt16 = 80, rows: UInt16 = 24,
    stdout: Int32? = nil
  ) throws {
    var m: Int32 = 0
    var s: Int32 = 0
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&m, &s, nil, nil, &size) == 0 else { throw POSIXError(.ENXIO) }
    master = m
    slave = s
    _ = fcntl(m, F_SETFD, FD_CLOEXEC)
    _ = fcntl(s, F_SETFD, FD_CLOEXEC)
    _ = fcntl(m, F_SETFL, fcntl(m, F_GETFL) | O_NONBLOCK)
    let name = String(cString: ttyname(s))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opening the terminal after setsid makes it the child's controlling terminal.
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, stdout ?? 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    cplatform_spawn_close_from(&actions, 3)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, cplatform_spawn_setsid_flag() | Self.cleanSignalFlags)
    Self.cleanSignals(&attributes)

    let argv = ([pomoBinary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var child: pid_t = 0
    let result = posix_spawn(&child, pomoBinary, &actions, &attributes, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL) }
    pid = child
  }

  /// With `cleanSignals`, the child starts as it would from a shell: no signal blocked, the
  /// usual ones at their default actions. (A test thread may block signals; a child would
  /// inherit that mask, and a signal sent to it would wait instead of arriving.)
  package static let cleanSignalFlags = Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)

  package static func cleanSignals(_ attributes: inout posix_spawnattr_t) {
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGPIPE, SIGQUIT] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
  }

  deinit {
    if exitStatus == nil {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
    close(slave)
  }

  package var text: String { String(decoding: output, as: UTF8.self) }

  /// What the user sees, escape sequences removed.
  package var visible: String { ANSIText.strip(text) }

  package func send(_ keys: String) {
    var bytes = Array(keys.utf8)
    _ = write(master, &bytes, bytes.count)
  }

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = read(master, &buffer, buffer.count)
      if n <= 0 { return }
      output += buffer[0..<n]
    }
  }

  /// Resizes the terminal, as a window being dragged does; the kernel sends SIGWINCH.
  package func resize(columns: UInt16, rows: UInt16) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
  }

  /// Reads output until `condition` holds or `timeout` passes; true if it held. Like every wait
  /// here it suspends between reads instead of blocking (see `waitUntil`).
  @discardableResult
  package func waitFor(_ timeout: TimeInterval = 60, _ condition: (PseudoTerminal) -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      if condition(self) { return true }
      await pause(milliseconds: 10)
    }
    drain()
    return condition(self)
  }

  package func waitForText(_ needle: String, timeout: TimeInterval = 60) async -> Bool {
    await waitFor(timeout) { $0.visible.contains(needle) }
  }

  /// Waits for the child to exit; returns its exit code (128+N if killed by signal N).
  package func waitForExit(timeout: TimeInterval = 60) async -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        // The kernel may hand the child's last output to this side a moment after it exits
        // (a loaded machine): read a little longer.
        for _ in 0..<10 {
          drain()
          await pause(milliseconds: 20)
        }
        drain()
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return code
      }
      await pause(milliseconds: 10)
    }
    return nil
  }

  /// Waits until the child is stopped (Ctrl-Z).
  package func waitForStop(timeout: TimeInterval = 60) async -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      drain()
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid, (status & 0xFF) == 0x7F { return true }
      await pause(milliseconds: 10)
    }
    return false
  }

  /// Whether the cursor was shown again after the last time it was hidden.
  package var cursorShown: Bool {
    guard let shown = text.range(of: "\u{1B}[?25h", options: .backwards) else { return false }
    guard let hidden = text.range(of: "\u{1B}[?25l", options: .backwards) else { return true }
    return shown.lowerBound > hidden.lowerBound
  }

  /// Whether the terminal is in its normal line mode (echo and line editing on).
  package var isCooked: Bool {
    var t = termios()
    tcgetattr(slave, &t)
    return t.c_lflag & tcflag_t(ICANON) != 0 && t.c_lflag & tcflag_t(ECHO) != 0
  }
}

/// Escape-sequence stripping for tests, independent of the code under test.
package enum ANSIText {
  /// Removes CSI sequences, OSC strings (the window title, notifications, progress: ended by ST
  /// or BEL) and DCS strings (tmux passthrough, whose ESCs inside are doubled), as a terminal
  /// would not show them.
  package static func strip(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}P(?:[^\u{1B}]|\u{1B}\u{1B})*\u{1B}\\\\", with: "", options: .regularExpression)
      .replacingOccurrences(of: "\u{1B}\\][^\u{07}\u{1B}]*(?:\u{07}|\u{1B}\\\\)", with: "", options: .regularExpression)
      .replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
  }
}
