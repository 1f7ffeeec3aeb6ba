/// What a fault-injecting file system (`FileFaults`) does to one call instead of letting it
/// run as the system would.
package enum FileFault: Sendable, Equatable, CustomStringConvertible {
  /// The call does nothing and fails with this errno (EIO, ENOSPC, EINTR, …).
  case fail(Int32)
  /// A read or write moves at most this many bytes, as a full disk or a signal can make it
  /// (on other calls it does nothing).
  case short(Int)
  /// Before the call runs, the file is cut to this length, as another program may do between
  /// two reads (a backup restored with `cp`, `> file`, a cleaner).
  case cut(Int64)

  package var description: String {
    switch self {
    case .fail(let code): "fail with errno \(code)"
    case .short(let count): "short, \(count) bytes"
    case .cut(let length): "cut to \(length) bytes"
    }
  }
}
