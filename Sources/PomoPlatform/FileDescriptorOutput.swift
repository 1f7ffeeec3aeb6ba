#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Text written straight to a file descriptor (Glibc's `stdout` is not concurrency-safe).
package final class FileDescriptorOutput: TextOutput {
  package let fd: Int32
  package private(set) var isClosed = false
  package init(fd: Int32) { self.fd = fd }
  package func write(_ text: String) {
    guard !isClosed else { return }
    // Written where it lies (a report of a long history is megabytes), copied only if it must be.
    var text = text
    let failure = text.withUTF8 { Platform.writeAll(fd, UnsafeRawBufferPointer($0)) }
    if failure == EPIPE { isClosed = true }
  }
}
