#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// pomo's calls to the operating system. They all live in this target, PomoPlatform, so the
/// layers above it make none of their own (they use the C library only for `memchr`-style
/// byte searches and signal numbers).
package enum Platform {
  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The terminal's columns from TIOCGWINSZ, or nil when `fd` is not a terminal.
  package static func terminalColumns(_ fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// The terminal's rows from TIOCGWINSZ, or nil when `fd` is not a terminal.
  package static func terminalRows(_ fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }

  /// Writes all of `text` to `fd`, retrying short writes and EINTR.
  @discardableResult
  package static func write(_ fd: Int32, _ text: String) -> Bool {
    var bytes = Array(text.utf8)
    return write(fd, &bytes)
  }

  @discardableResult
  package static func write(_ fd: Int32, _ bytes: inout [UInt8]) -> Bool {
    writeAll(fd, &bytes) == 0
  }

  /// Writes all of `bytes`; 0, or the errno of the write that failed (EPIPE: nobody reads).
  /// With the `path` of the file `fd` is, the writes go through the file-system seam
  /// (`FileCalls`), so tests can fail or shorten them.
  package static func writeAll(_ fd: Int32, _ bytes: inout [UInt8], path: String? = nil) -> Int32 {
    bytes.withUnsafeBytes { writeAll(fd, $0, path: path) }
  }

  /// The same for bytes where they lie.
  package static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer, path: String? = nil) -> Int32 {
    var offset = 0
    while offset < buffer.count {
      let n: Int
      if let path {
        n = FileCalls.write(fd, buffer.baseAddress! + offset, buffer.count - offset, path: path)
      } else {
        n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if n == 0 { return ENOSPC }
      offset += n
    }
    return 0
  }

  /// Makes a write to a pipe nobody reads fail with EPIPE instead of killing pomo, so a
  /// session still ends properly: recorded, and the terminal restored. (Children get the
  /// default back: see the spawners.)
  package static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Sets a variable in this process's environment (the C library reads TZ from it).
  package static func setEnvironment(_ name: String, _ value: String) {
    setenv(name, value, 1)
  }

  package static var environment: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let eq = text.firstIndex(of: "=") {
        result[String(text[..<eq])] = String(text[text.index(after: eq)...])
      }
      pointer += 1
    }
    return result
  }
}

/// The C library's write(2), which `Platform.write` hides inside the type; one spelling on
/// every system (at file scope the name is the C library's).
@inline(__always) private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
