import Foundation
import PomoPlatform

extension FileFault {
  /// What a write may meet: errors, a signal, a full disk that takes part of it.
  package static let writes: [FileFault] = [.fail(EIO), .fail(ENOSPC), .fail(EINTR), .short(0), .short(1), .short(100)]
  /// What a read may meet: errors, a signal, a short read, the file cut just before it.
  package static let reads: [FileFault] = [
    .fail(EIO), .fail(EINTR), .short(1), .short(0), .cut(0), .cut(40), .cut(5_000),
  ]

  /// Whether the call's caller must still complete after this fault: a signal is retried, and
  /// a short write or read goes on; an error or a cut fails it.
  package var mustComplete: Bool {
    switch self {
    case .fail(let code): code == EINTR
    case .short(let count): count > 0
    case .cut: false
    }
  }
}
