#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Every call pomo makes to the operating system lives here (see STYLE.md).
public enum Platform {
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The terminal's columns from TIOCGWINSZ, or nil when `fd` is not a terminal.
  public static func terminalColumns(_ fd: Int32) -> Int? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Writes all of `text` to `fd`, retrying short writes and EINTR.
  @discardableResult
  public static func write(_ fd: Int32, _ text: String) -> Bool {
    var bytes = Array(text.utf8)
    return write(fd, &bytes)
  }

  @discardableResult
  public static func write(_ fd: Int32, _ bytes: inout [UInt8]) -> Bool {
    writeAll(fd, &bytes) == 0
  }

  /// Writes all of `bytes`; 0, or the errno of the write that failed (EPIPE: nobody reads).
  public static func writeAll(_ fd: Int32, _ bytes: inout [UInt8]) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        #if canImport(Darwin)
          Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        #else
          Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if n < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += n
    }
    return 0
  }

  /// Makes a write to a pipe nobody reads fail with EPIPE instead of killing pomo, so a
  /// session still ends properly: recorded, and the terminal restored. (Children get the
  /// default back: see the spawners.)
  public static func ignoreBrokenPipes() {
    signal(SIGPIPE, SIG_IGN)
  }

  public static var environment: [String: String] {
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

/// Text written straight to a file descriptor (Glibc's `stdout` is not concurrency-safe).
public final class FileDescriptorOutput: TextOutput {
  public let fd: Int32
  public private(set) var isClosed = false
  public init(fd: Int32) { self.fd = fd }
  public func write(_ text: String) {
    guard !isClosed else { return }
    var bytes = Array(text.utf8)
    if Platform.writeAll(fd, &bytes) == EPIPE { isClosed = true }
  }
}

extension Context {
  /// The real process: its environment, stdout, stderr and terminal.
  public static func process() -> Context {
    Platform.ignoreBrokenPipes()
    return Context(
      environment: Platform.environment,
      output: FileDescriptorOutput(fd: 1), errors: FileDescriptorOutput(fd: 2),
      stdinIsTerminal: Platform.isTerminal(0), stdoutIsTerminal: Platform.isTerminal(1),
      terminalColumns: Platform.terminalColumns(1))
  }
}
