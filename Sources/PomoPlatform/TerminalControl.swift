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

/// Turns signals into bytes on a pipe, so the event loop sees them in `poll` like any input.
///
/// The handlers are installed synchronously (CPlatform), so a Ctrl-C typed the moment the
/// display first appears is never lost.
package final class SignalPipe {
  package let readFD: Int32
  private let writeFD: Int32
  private let signals: [Int32]

  package init(signals: [Int32]) {
    var fds: [Int32] = [0, 0]
    _ = pipe(&fds)
    readFD = fds[0]
    writeFD = fds[1]
    self.signals = signals
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    for number in signals { _ = cplatform_forward_signal(number, writeFD) }
  }

  /// The signals that arrived since the last call.
  package func drain() -> [Int32] {
    var result: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let n = read(readFD, &buffer, buffer.count)
      if n <= 0 { break }
      result += buffer[0..<n].map { Int32($0) }
    }
    return result
  }

  /// Gives the signals back their default actions.
  package func close() {
    for number in signals { cplatform_stop_forwarding(number) }
    _ = Glibc_or_Darwin_close(readFD)
    _ = Glibc_or_Darwin_close(writeFD)
  }

  /// Holds back SIGINT, SIGTERM, SIGHUP and SIGTSTP from the first moment of the process, so
  /// one sent while pomo starts (a terminal closed at once) is not lost before the session's
  /// handlers exist: it waits, and `init` (which unblocks each signal it forwards) or `release`
  /// delivers it.
  package static func hold() {
    _ = cplatform_hold_session_signals(1)
  }

  /// Lets held signals through again: a command that runs no session dies of them as usual.
  package static func release() {
    _ = cplatform_hold_session_signals(0)
  }

  /// Stops this process the way Ctrl-Z would, after the caller restored the terminal.
  package static func stopSelf() {
    kill(getpid(), SIGSTOP)
  }
}

/// The C library's close(2), for code inside a type with a `close` of its own; one spelling on
/// every system (at file scope the name is the C library's).
@inline(__always) package func Glibc_or_Darwin_close(_ fd: Int32) -> Int32 {
  close(fd)
}

/// Waits for input, a signal, or a time on the suspend-proof clock, whichever comes first.
package final class EventWaiter {
  private let timerFD: Int32

  package init() {
    timerFD = cplatform_wake_timer_create()
  }

  deinit {
    if timerFD >= 0 { _ = Glibc_or_Darwin_close(timerFD) }
  }

  package static func nanos(_ d: Duration) -> Int64 {
    let (seconds, attoseconds) = d.components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }

  package struct Ready {
    package var readable: Set<Int32>
  }

  /// Blocks until one of `fds` is readable or the clock reaches `wake` (nil: no time limit).
  ///
  /// On Linux the time is a CLOCK_BOOTTIME timerfd, so a wait that spans a suspend ends as
  /// soon as the machine wakes. Elsewhere poll's timeout is capped at a second.
  package func wait(for fds: [Int32], until wake: Duration?, now: Duration) -> Ready {
    var polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    var timeout: Int32 = -1
    if let wake {
      if timerFD >= 0 {
        _ = cplatform_wake_timer_set(timerFD, Self.nanos(wake))
        polls.append(pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0))
      } else {
        let millis = (Self.nanos(wake - now) + 999_999) / 1_000_000
        timeout = Int32(max(0, min(1000, millis)))
      }
    }
    let n = poll(&polls, nfds_t(polls.count), timeout)
    var ready = Set<Int32>()
    if n > 0 {
      for p in polls where p.revents != 0 {
        if p.fd == timerFD { cplatform_wake_timer_drain(timerFD) } else { ready.insert(p.fd) }
      }
    }
    return Ready(readable: ready)
  }
}

package extension Platform {
  /// Reads what is waiting on `fd`; nil at end of file or error.
  static func readAvailable(_ fd: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = read(fd, &buffer, buffer.count)
    if n < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
    guard n > 0 else { return nil }
    return Array(buffer[0..<n])
  }
}
