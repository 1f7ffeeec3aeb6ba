import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

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
