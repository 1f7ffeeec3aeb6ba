#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` on a file, held until `release()` or until the process ends (the
/// kernel drops it then, however the process died). It answers "is anyone alive holding
/// this?" without trusting a pid.
package final class FileLock {
  package let path: String
  private var fd: Int32

  private init(path: String, fd: Int32) {
    self.path = path
    self.fd = fd
  }

  deinit { release() }

  /// Opens (creating it, mode 0600) the lock file, or a folder to lock, or throws when it
  /// cannot.
  private static func open(_ path: String, folder: Bool) throws(FileSystemError) -> Int32 {
    let flags = folder ? O_RDONLY | O_DIRECTORY | O_CLOEXEC : O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK
    let fd = Glibc_or_Darwin_open(path, flags, 0o600)
    guard fd >= 0 else { throw .current }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == (folder ? S_IFDIR : S_IFREG) else {
      _ = Glibc_or_Darwin_close(fd)
      throw FileSystemError(code: EINVAL)
    }
    return fd
  }

  /// Takes the lock if nobody holds it: nil when another process does. With `folder`, the
  /// lock is on the folder itself, which nothing that deletes files inside it can undo.
  package static func tryAcquire(_ path: String, folder: Bool = false) throws(FileSystemError) -> FileLock? {
    let fd = try open(path, folder: folder)
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let code = errno
      _ = Glibc_or_Darwin_close(fd)
      if code == EWOULDBLOCK { return nil }
      throw FileSystemError(code: code)
    }
    return FileLock(path: path, fd: fd)
  }

  /// Takes the lock, waiting while others hold it, but never longer than `timeout` seconds:
  /// nil when it was still held then.
  package static func acquire(_ path: String, timeout: Double) throws(FileSystemError) -> FileLock? {
    var lock: FileLock?
    _ = try retry(timeout: timeout) { () throws(FileSystemError) in
      lock = try tryAcquire(path)
      return lock != nil
    }
    return lock
  }

  /// Tries `attempt` until it succeeds, pausing between tries (1 ms, doubling up to 20 ms),
  /// but never longer than `timeout` seconds: whether it succeeded.
  package static func retry(timeout: Double, _ attempt: () throws(FileSystemError) -> Bool) throws(FileSystemError)
    -> Bool
  {
    let giveUp = monotonicSeconds() + timeout
    var pause = 1_000_000  // nanoseconds
    while true {
      if try attempt() { return true }
      if monotonicSeconds() >= giveUp { return false }
      var ts = timespec(tv_sec: 0, tv_nsec: pause)
      nanosleep(&ts, nil)
      pause = min(pause * 2, 20_000_000)
    }
  }

  package func release() {
    guard fd >= 0 else { return }
    _ = flock(fd, LOCK_UN)
    _ = Glibc_or_Darwin_close(fd)
    fd = -1
  }

  private static func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}

/// The C library's open(2), for code inside a type with an `open` of its own; one spelling on
/// every system (at file scope the name is the C library's).
@inline(__always) package func Glibc_or_Darwin_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

package extension Platform {
  /// Whether this process may create and replace files in `folder`.
  static func isWritableFolder(_ folder: String) -> Bool {
    access(folder, W_OK | X_OK) == 0
  }
}
