import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

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
