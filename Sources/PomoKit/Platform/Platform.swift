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
        return false
      }
      offset += n
    }
    return true
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
  public init(fd: Int32) { self.fd = fd }
  public func write(_ text: String) { Platform.write(fd, text) }
}

extension Context {
  /// The real process: its environment, stdout, stderr and terminal.
  public static func process() -> Context {
    Context(
      environment: Platform.environment,
      output: FileDescriptorOutput(fd: 1), errors: FileDescriptorOutput(fd: 2),
      stdinIsTerminal: Platform.isTerminal(0), stdoutIsTerminal: Platform.isTerminal(1),
      terminalColumns: Platform.terminalColumns(1))
  }
}
