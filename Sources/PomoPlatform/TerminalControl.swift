import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The C library's close(2), for code inside a type with a `close` of its own; one spelling on
/// every system (at file scope the name is the C library's).
@inline(__always) package func Glibc_or_Darwin_close(_ fd: Int32) -> Int32 {
  close(fd)
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
