#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Text written straight to a file descriptor (Glibc's `stdout` is not concurrency-safe).
///
/// A failed write is remembered, never thrown: EPIPE (the reader went) as `isClosed`, after
/// which nothing more is written, and any other error, the first, as `failure`, which
/// `Pomo.main` reports for a command's printed output. Writes go on after a failure, as a live
/// display's must: a terminal that fails a frame may take the next.
package final class FileDescriptorOutput: TextOutput {
  package let fd: Int32
  package private(set) var isClosed = false
  package private(set) var failure: FileSystemError?
  package init(fd: Int32) { self.fd = fd }
  package func write(_ text: String) {
    guard !isClosed else { return }
    // Written where it lies (a report of a long history is megabytes), copied only if it must be.
    var text = text
    let code = text.withUTF8 { Platform.writeAll(fd, UnsafeRawBufferPointer($0)) }
    if code == EPIPE {
      isClosed = true
    } else if code != 0, failure == nil {
      failure = FileSystemError(code: code)
    }
  }
}
