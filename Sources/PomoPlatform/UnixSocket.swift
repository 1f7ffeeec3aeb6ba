import CPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A Unix stream socket: the running session's control socket and its clients. Descriptors
/// are plain `Int32`s so the session's event loop can poll them beside its others.
package enum UnixSocket {
  /// Listens at `path` (the socket file gets `mode`): a non-blocking descriptor.
  package static func listen(path: String, mode: mode_t = 0o600, backlog: Int32 = 16) throws(FileSystemError) -> Int32 {
    let fd = cplatform_unix_listen(path, UInt32(mode), backlog)
    guard fd >= 0 else { throw .current }
    return fd
  }

  /// Connects to the socket at `path`: a blocking descriptor. ENOENT or ECONNREFUSED mean
  /// nobody listens there.
  package static func connect(path: String) throws(FileSystemError) -> Int32 {
    let fd = cplatform_unix_connect(path)
    guard fd >= 0 else { throw .current }
    return fd
  }

  /// Connects to the Linux abstract socket `name` (its bytes, without the leading NUL): a
  /// blocking descriptor. ENOTSUP where the system has no abstract sockets.
  package static func connect(abstract name: [UInt8]) throws(FileSystemError) -> Int32 {
    let fd = name.withUnsafeBytes { cplatform_unix_connect_abstract($0.baseAddress, UInt($0.count)) }
    guard fd >= 0 else { throw .current }
    return fd
  }

  /// Makes `fd` non-blocking, so a read returns what waits and a send what fits.
  package static func makeNonBlocking(_ fd: Int32) throws(FileSystemError) {
    let flags = fcntl(fd, F_GETFL)
    guard flags >= 0, fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0 else { throw .current }
  }

  /// Waits until `fd` can take more bytes (or has failed); false after `milliseconds`.
  package static func waitWritable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
    while true {
      let n = poll(&entry, 1, milliseconds)
      if n < 0 && errno == EINTR { continue }
      return n > 0
    }
  }

  /// Sends what fits of `bytes` now, without blocking and without SIGPIPE: how many were
  /// sent (0 when none fit), or nil when the peer has gone or the send failed.
  package static func sendSome(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
    let n = bytes.withUnsafeBytes { cplatform_send(fd, $0.baseAddress, UInt($0.count)) }
    if n >= 0 { return n }
    return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
  }

  /// Whether a failed `connect` means no process listens there (no socket, or a dead one's).
  package static func nobodyListens(_ error: FileSystemError) -> Bool {
    [ENOENT, ECONNREFUSED, ENOTDIR].contains(error.code)
  }

  /// The next waiting connection, non-blocking; nil when none waits (or accepting failed).
  package static func accept(_ fd: Int32) -> Int32? {
    let client = cplatform_unix_accept(fd)
    return client >= 0 ? client : nil
  }

  /// The user id of the process at the other end, from the kernel (SO_PEERCRED), never from
  /// anything the peer says.
  package static func peerUserID(_ fd: Int32) -> UInt32? {
    var uid: UInt32 = 0
    return cplatform_peer_uid(fd, &uid) == 0 ? uid : nil
  }

  /// This process's effective user id: the only peer a session answers.
  package static var userID: UInt32 { UInt32(geteuid()) }

  /// Sends all of `bytes` without blocking and without SIGPIPE. False when they did not all
  /// fit at once (a reader that does not keep up) or the peer has gone.
  package static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        cplatform_send(fd, buffer.baseAddress! + offset, UInt(buffer.count - offset))
      }
      if n <= 0 { return false }
      offset += n
    }
    return true
  }

  /// What a read found.
  package enum Received: Equatable {
    case bytes([UInt8])
    /// Nothing waits now (a non-blocking descriptor).
    case nothing
    /// The peer closed its end, or the connection failed.
    case end
  }

  /// Reads what waits on `fd`, at most `limit` bytes.
  package static func receive(_ fd: Int32, limit: Int = 4096) -> Received {
    while true {
      var failure: Int32 = 0
      let bytes = [UInt8](unsafeUninitializedCapacity: limit) { buffer, count in
        let n = read(fd, buffer.baseAddress, limit)
        count = max(0, n)
        failure = n < 0 ? errno : (n == 0 ? -1 : 0)
      }
      if failure == 0 { return .bytes(bytes) }
      if failure == -1 { return .end }
      if failure == EINTR { continue }
      return failure == EAGAIN || failure == EWOULDBLOCK ? .nothing : .end
    }
  }

  /// Waits until `fd` can be read or has closed; false after `milliseconds` (-1: no limit).
  package static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let n = poll(&entry, 1, milliseconds)
      if n < 0 && errno == EINTR { continue }
      return n > 0
    }
  }

  /// What `wait(for:milliseconds:watching:)` found.
  package enum Wait: Equatable {
    case readable
    case timedOut
    /// The watched descriptor's other end has gone (a pipe's reader, a terminal hung up).
    case watchedClosed
  }

  /// Waits until `fd` can be read, or the reader of `watched` (an output such as stdout) has
  /// gone: a follower whose output nobody reads leaves at once, not at its next line.
  package static func wait(for fd: Int32, milliseconds: Int32, watching watched: Int32?) -> Wait {
    var entries = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
    // No events asked: poll still reports POLLERR, POLLHUP and POLLNVAL.
    if let watched { entries.append(pollfd(fd: watched, events: 0, revents: 0)) }
    while true {
      let n = poll(&entries, nfds_t(entries.count), milliseconds)
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { return .timedOut }
      if entries[0].revents != 0 { return .readable }
      return .watchedClosed
    }
  }

  package static func close(_ fd: Int32) {
    _ = Glibc_or_Darwin_close(fd)
  }
}

extension Platform {
  /// Creates `path` (and its parents) for this user alone: the folder must end up a real
  /// folder (not a link) owned by this user, mode 0700; its mode is set if it was wider.
  package static func makePrivateFolder(_ path: String) throws(FileSystemError) {
    try makeDirectories(path)
    var info = stat()
    guard lstat(path, &info) == 0 else { throw .current }
    guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileSystemError(code: ENOTDIR, reason: "not a folder") }
    guard info.st_uid == geteuid() else {
      throw FileSystemError(code: EPERM, reason: "owned by another user")
    }
    if info.st_mode & 0o777 != 0o700 && chmod(path, 0o700) != 0 { throw .current }
  }

  /// Sleeps; only where nothing better than waiting can be done.
  package static func sleep(seconds: Double) {
    var ts = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    nanosleep(&ts, nil)
  }

  /// The permission bits of `path` (not following a link), or nil.
  package static func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }
}
