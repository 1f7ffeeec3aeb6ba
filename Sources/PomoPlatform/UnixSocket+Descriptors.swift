import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension UnixSocket {
  /// What a read that takes descriptors found: the bytes, and the descriptors that came with
  /// them (close-on-exec, owned by the caller); `truncated` when some were dropped on the way.
  package enum ReceivedWithDescriptors {
    case bytes([UInt8], descriptors: [Int32], truncated: Bool)
    case nothing
    case end
  }

  /// Reads what waits on `fd`, at most `limit` bytes, with the descriptors passed along
  /// (SCM_RIGHTS): each is close-on-exec from the moment it arrives, so a program pomo
  /// starts never inherits one.
  package static func receiveWithDescriptors(_ fd: Int32, limit: Int = 4096) -> ReceivedWithDescriptors {
    var fds = [Int32](repeating: -1, count: Int(CPLATFORM_MAX_FDS))
    var count: Int32 = 0
    var truncated: Int32 = 0
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, filled in
      let n = cplatform_receive_fds(fd, buffer.baseAddress, UInt(limit), &fds, &count, &truncated)
      filled = max(0, n)
      failure = n < 0 ? errno : (n == 0 ? -1 : 0)
    }
    let received = Array(fds.prefix(Int(count)))
    if failure == 0 { return .bytes(bytes, descriptors: received, truncated: truncated != 0) }
    for descriptor in received { close(descriptor) }
    if failure == -1 { return .end }
    return failure == EAGAIN || failure == EWOULDBLOCK || failure == EINTR ? .nothing : .end
  }

  /// Sends what fits of `bytes` with `descriptors` (copies of them go; the caller keeps its
  /// own), without blocking and without SIGPIPE: how many bytes went (0 when none fit), or
  /// nil when the peer has gone or the send failed.
  package static func sendSome(_ fd: Int32, _ bytes: ArraySlice<UInt8>, descriptors: [Int32]) -> Int? {
    let n = bytes.withUnsafeBytes { raw in
      descriptors.withUnsafeBufferPointer {
        cplatform_send_fds(fd, raw.baseAddress, UInt(raw.count), $0.baseAddress, Int32(descriptors.count))
      }
    }
    if n >= 0 { return n }
    return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
  }

  /// Whether `fd` is open and close-on-exec.
  package static func isCloseOnExec(_ fd: Int32) -> Bool { cplatform_is_close_on_exec(fd) == 1 }
}
