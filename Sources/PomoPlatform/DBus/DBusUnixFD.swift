#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A Unix file descriptor that came with a D-Bus message (`h`), owned by whoever holds it:
/// it is closed when the last reference goes, unless it was taken.
///
/// Descriptors arrive with bytes, before anyone knows whether the message they belong to is
/// wanted. Holding each in an owner that closes it means none can leak, whatever path the
/// message takes: skipped by a filter, dropped as malformed or too large, set aside and
/// pushed out, or handed to code that never asks for it. Logind's inhibitor is the reason:
/// a stray copy of its descriptor would keep the machine from sleeping after pomo let go.
package final class DBusUnixFD: @unchecked Sendable, Equatable, CustomStringConvertible {
  private let lock = Lock()
  private var fd: Int32?

  /// Owns `fd` from now on.
  package init(adopting fd: Int32) { self.fd = fd }

  deinit { close() }

  /// The descriptor, still owned here; nil once taken or closed.
  package var descriptor: Int32? { lock.withLock { fd } }

  /// Takes the descriptor out: the caller closes it. Nil when it was taken or closed before.
  package func take() -> Int32? {
    lock.withLock {
      defer { fd = nil }
      return fd
    }
  }

  /// Closes the descriptor now, if it is still owned here.
  package func close() {
    if let fd = take() { _ = Glibc_or_Darwin_close(fd) }
  }

  package static func == (a: DBusUnixFD, b: DBusUnixFD) -> Bool { a === b }

  package var description: String { descriptor.map { "fd \($0)" } ?? "fd (closed)" }
}
