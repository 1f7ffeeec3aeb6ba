#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A failed file operation: what was being done and the system's reason.
public struct FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  public var code: Int32

  public init(code: Int32) { self.code = code }

  /// "no such file or directory", as strerror says it, in lowercase.
  public var description: String { String(cString: strerror(code)).lowercased() }

  static var current: FileSystemError { FileSystemError(code: errno) }
}

extension Platform {
  /// Reads a whole file.
  public static func readFile(_ path: String) throws(FileSystemError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .current }
    defer { _ = Glibc_or_Darwin_close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw FileSystemError(code: EISDIR) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = read(fd, &buffer, buffer.count)
      if n < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if n == 0 { return result }
      result += buffer[0..<n]
    }
  }

  public static func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// The names in a folder (without "." and ".."), or nil when it cannot be read.
  public static func listDirectory(_ path: String) -> [String]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Seconds since 1970 on the wall clock.
  public static func wallSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}
