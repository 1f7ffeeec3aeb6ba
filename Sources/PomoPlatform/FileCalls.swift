#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The seam between pomo's files and the system: every open, read, write, fsync, rename and
/// truncation of the journal, its caches and the files pomo reads whole goes through here, so a
/// test can replace the system for the code it runs (`FileFaults.current`). Each behaves as
/// the system call it names (a result of -1 with errno set on failure).
///
/// Only the calls are hooked, never the loops around them, so the hot paths pay one
/// task-local read per call (a 16 MB block, a 64 KB chunk), not per line or byte.
package enum FileCalls {
  /// open(2). EINTR is retried.
  package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    while true {
      let result =
        fault(.open, path).map { fault -> Int32 in
          if case .fail(let code) = fault { return failing(code) }
          return System.openFile(path, flags, mode)
        } ?? System.openFile(path, flags, mode)
      if result >= 0 || errno != EINTR { return result }
    }
  }

  /// pread(2) of the file at `path`, open as `fd`.
  package static func pread(
    _ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: Int64, path: String
  ) -> Int {
    guard let fault = fault(.read, path) else { return System.preadFile(fd, buffer, count, off_t(offset)) }
    switch fault {
    case .fail(let code): return Int(failing(code))
    case .short(let most): return System.preadFile(fd, buffer, min(count, max(0, most)), off_t(offset))
    case .cut(let length):
      _ = System.truncateFile(path, off_t(length))
      return System.preadFile(fd, buffer, count, off_t(offset))
    }
  }

  /// read(2) of the file at `path`, open as `fd`, at its offset.
  package static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, path: String) -> Int {
    guard let fault = fault(.read, path) else { return System.readFile(fd, buffer, count) }
    switch fault {
    case .fail(let code): return Int(failing(code))
    case .short(let most): return System.readFile(fd, buffer, min(count, max(0, most)))
    case .cut(let length):
      _ = System.truncateFile(path, off_t(length))
      return System.readFile(fd, buffer, count)
    }
  }

  /// write(2) to the file at `path`, open as `fd`.
  package static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int, path: String) -> Int {
    guard let fault = fault(.write, path) else { return System.writeFile(fd, buffer, count) }
    switch fault {
    case .fail(let code): return Int(failing(code))
    case .short(let most): return System.writeFile(fd, buffer, min(count, max(0, most)))
    case .cut(let length):
      _ = System.truncateOpenFile(fd, off_t(length))
      return System.writeFile(fd, buffer, count)
    }
  }

  /// fsync(2) of the file at `path`, open as `fd`. EINTR is retried.
  package static func fsync(_ fd: Int32, path: String) -> Int32 {
    while true {
      let result: Int32
      if case .fail(let code) = fault(.sync, path) { result = failing(code) } else { result = System.syncFile(fd) }
      if result == 0 || errno != EINTR { return result }
    }
  }

  /// rename(2); the call is named by `target`, the name it gives. EINTR is retried.
  package static func rename(_ source: String, _ target: String) -> Int32 {
    while true {
      let result: Int32
      if case .fail(let code) = fault(.rename, target) {
        result = failing(code)
      } else {
        result = System.renameFile(source, target)
      }
      if result == 0 || errno != EINTR { return result }
    }
  }

  /// ftruncate(2) of the file at `path`, open as `fd`. EINTR is retried.
  package static func ftruncate(_ fd: Int32, _ length: Int64, path: String) -> Int32 {
    while true {
      let result: Int32
      if case .fail(let code) = fault(.truncate, path) {
        result = failing(code)
      } else {
        result = System.truncateOpenFile(fd, off_t(length))
      }
      if result == 0 || errno != EINTR { return result }
    }
  }

  /// What the injector of this task wants done with the call, if one is set.
  @inline(__always)
  private static func fault(_ kind: FileOperation.Kind, _ path: String) -> FileFault? {
    guard let faults = FileFaults.current else { return nil }
    return faults.next(kind, path)
  }

  /// -1, with errno set to `code`, as a failed call returns.
  private static func failing(_ code: Int32) -> Int32 {
    errno = code
    return -1
  }
}

/// The system calls themselves, under names the seam's own do not hide.
private enum System {
  static func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
  static func preadFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int {
    pread(fd, buffer, count, offset)
  }
  static func readFile(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
  static func writeFile(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
  static func syncFile(_ fd: Int32) -> Int32 { fsync(fd) }
  static func renameFile(_ source: String, _ target: String) -> Int32 { rename(source, target) }
  static func truncateOpenFile(_ fd: Int32, _ length: off_t) -> Int32 { ftruncate(fd, length) }
  static func truncateFile(_ path: String, _ length: off_t) -> Int32 { truncate(path, length) }
}
