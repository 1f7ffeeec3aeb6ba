#if canImport(Darwin)
  import Darwin
  import Foundation
  import PomoCore
  import PomoPlatform

  /// Away on macOS: the screen's lock and unlock, which the system posts as distributed
  /// notifications (`com.apple.screenIsLocked`, `com.apple.screenIsUnlocked`). A thread of its
  /// own runs the run loop they need and writes one byte a notification into a pipe, which
  /// the session's loop waits on beside the keys: `L` is `pomo away --cause lock`, `U` is
  /// `pomo back` (only after an `L`). Sleep needs nothing here: the engine measures a
  /// suspend with its clocks, and it follows the same policy.
  package final class ScreenLockAway: SessionControl {
    private var readFD: Int32
    private var writeFD: Int32
    private var awayForLock = false

    package static let lockedName = "com.apple.screenIsLocked"
    package static let unlockedName = "com.apple.screenIsUnlocked"

    /// Nil when no pipe can be made (the session runs on without it).
    package init?() {
      var fds: [Int32] = [0, 0]
      guard pipe(&fds) == 0 else { return nil }
      readFD = fds[0]
      writeFD = fds[1]
      _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
      _ = fcntl(writeFD, F_SETFL, fcntl(writeFD, F_GETFL) | O_NONBLOCK)
      let output = writeFD
      let thread = Thread {
        let center = DistributedNotificationCenter.default()
        for (name, byte) in [(Self.lockedName, UInt8(ascii: "L")), (Self.unlockedName, UInt8(ascii: "U"))] {
          _ = center.addObserver(forName: Notification.Name(name), object: nil, queue: nil) { _ in
            var value = byte
            _ = Darwin.write(output, &value, 1)
          }
        }
        RunLoop.current.run()
      }
      thread.start()
    }

    package var descriptors: [Int32] { readFD >= 0 ? [readFD] : [] }

    package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {}

    package func nextWake(_ engine: SessionEngine) -> Duration? { nil }

    package func serve(ready: Set<Int32>, apply: (SessionCommand) -> SessionEngine) {
      guard readFD >= 0, ready.contains(readFD) else { return }
      var bytes = [UInt8](repeating: 0, count: 64)
      let count = read(readFD, &bytes, bytes.count)
      guard count > 0 else { return }
      for byte in bytes.prefix(count) {
        switch byte {
        case UInt8(ascii: "L") where !awayForLock:
          awayForLock = apply(.away(.lock)).away?.cause == .lock
        case UInt8(ascii: "U") where awayForLock:
          awayForLock = false
          _ = apply(.back)
        default:
          break
        }
      }
    }

    /// Closes the pipe; the thread's later writes fail, unheard.
    package func close() {
      guard readFD >= 0 else { return }
      Darwin.close(readFD)
      Darwin.close(writeFD)
      readFD = -1
      writeFD = -1
    }
  }
#endif
