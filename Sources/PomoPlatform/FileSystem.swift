#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

extension Platform {
  /// Files pomo reads whole (presets, config, the state file) are small; anything larger is
  /// refused before it is read.
  package static let readLimit = 4 << 20

  /// Opens a file to read without ever blocking (a FIFO or device could), and refuses
  /// anything but a regular file; a folder is refused as EISDIR.
  package static func openRegularFile(_ path: String) throws(FileSystemError) -> Int32 {
    var info = stat()
    return try openRegularFile(path, info: &info)
  }

  /// The same, with what fstat said of the file opened.
  package static func openRegularFile(_ path: String, info: inout stat) throws(FileSystemError) -> Int32 {
    let fd = FileCalls.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { throw .current }
    guard fstat(fd, &info) == 0 else {
      let error = FileSystemError.current
      _ = Glibc_or_Darwin_close(fd)
      throw error
    }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG else {
      _ = Glibc_or_Darwin_close(fd)
      throw type == S_IFDIR ? FileSystemError(code: EISDIR) : .notRegularFile
    }
    return fd
  }

  /// Reads a whole regular file of at most `limit` bytes.
  package static func readFile(_ path: String, limit: Int = readLimit) throws(FileSystemError) -> [UInt8] {
    let fd = try openRegularFile(path)
    defer { _ = Glibc_or_Darwin_close(fd) }
    let tooLarge = FileSystemError(code: EFBIG, reason: "larger than the limit of \(limit >> 20) MB")
    var info = stat()
    if fstat(fd, &info) == 0 && Int64(info.st_size) > Int64(limit) { throw tooLarge }
    var result: [UInt8] = []
    result.reserveCapacity(max(0, Int(info.st_size)))
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = FileCalls.read(fd, &buffer, buffer.count, path: path)
      if n < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      if n == 0 { return result }
      result += buffer[0..<n]
      if result.count > limit { throw tooLarge }  // It grew while being read.
    }
  }

  /// Why `path` cannot be a file pomo appends to (a folder, a FIFO, a device, no permission),
  /// or nil when
  /// it is a regular file this process may write, or one it may create.
  package static func fileProblem(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      // A link that loops, a path through a file: never appendable.
      if errno != ENOENT { return FileSystemError.current.description }
      // Not there yet: the nearest folder that exists must let us create it.
      var folder = parentFolder(path)
      while !fileExists(folder) && folder != "/" && folder != "." { folder = parentFolder(folder) }
      return access(folder, W_OK | X_OK) == 0 ? nil : FileSystemError.permissionDenied.description
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return access(path, W_OK) == 0 ? nil : FileSystemError.permissionDenied.description
    case S_IFDIR: return "is a folder"
    default: return FileSystemError.notRegularFile.description
    }
  }

  /// Renames a file (atomically, within one file system).
  package static func moveFile(_ path: String, to target: String) throws(FileSystemError) {
    guard FileCalls.rename(path, target) == 0 else { throw .current }
  }

  /// A file's size in bytes, or -1 when it does not exist.
  package static func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : -1
  }

  package static func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// All of standard input (a pipe, a file or a terminal), up to `limit` bytes.
  package static func readStandardInput(limit: Int) throws(FileSystemError) -> [UInt8] {
    try refuseEndlessStandardInput()
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = read(0, &buffer, buffer.count)
      if n == 0 { return result }
      if n < 0 {
        if errno == EINTR { continue }
        throw .current
      }
      result += buffer[0..<n]
      if result.count > limit { throw FileSystemError(code: EFBIG) }
    }
  }

  /// Standard input may be a pipe, a file or a terminal; a device such as /dev/zero would
  /// never end, so it is refused before a byte is read.
  package static func refuseEndlessStandardInput() throws(FileSystemError) {
    var info = stat()
    if fstat(0, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR && isatty(0) == 0 { throw .notRegularFile }
  }

  /// Whether `path` is a folder (following links).
  package static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Moves a file to a name that must not exist yet, never replacing anything: a hard link
  /// to the new name (which fails if it exists) and then the old name's removal. Where hard
  /// links are not supported, a rename after checking the target is free.
  package static func moveWithoutReplacing(_ path: String, to target: String) throws(FileSystemError) {
    if link(path, target) == 0 {
      unlink(path)
      syncFolder(parentFolder(target))
      return
    }
    let code = errno
    guard code == EPERM || code == ENOTSUP || code == EXDEV || code == EMLINK || code == EOPNOTSUPP else {
      throw FileSystemError(code: code)
    }
    guard !fileExists(target) else { throw FileSystemError(code: EEXIST) }
    guard rename(path, target) == 0 else { throw .current }
    syncFolder(parentFolder(target))
  }

  /// The names in a folder that are UTF-8 (without "." and ".."), or nil when it cannot be
  /// read. A name that is not UTF-8 is left out rather than changed into one that names no
  /// file; `listDirectoryNames` has them all.
  package static func listDirectory(_ path: String) -> [String]? {
    listDirectoryNames(path)?.compactMap(\.text)
  }

  /// The regular files (a link followed) of a folder whose names `accept` takes (as their
  /// bytes; names that are not UTF-8 are left out), each as its path (`folder/name`) with what
  /// it is now, in no order; nil when the folder cannot be read. Each file is looked at from
  /// the folder (`fstatat`, no path to walk), the looks spread over the cores.
  package static func regularFiles(in folder: String, _ accept: (UnsafeBufferPointer<UInt8>) -> Bool) -> [(
    path: String, identity: FileIdentity
  )]? {
    guard let dir = opendir(folder) else { return nil }
    defer { closedir(dir) }
    let prefix = Array((folder + "/").utf8)
    var paths: [String] = []
    while let entry = readdir(dir) {
      withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: UInt8.self, capacity: 256) { start in
          let length = strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))
          let name = UnsafeBufferPointer(start: start, count: length)
          guard !(name.count <= 2 && name.allSatisfy { $0 == 0x2E }), accept(name),
            !name.contains(where: { $0 >= 0x80 }) || String(validating: name, as: UTF8.self) != nil
          else { return }
          paths.append(
            String(unsafeUninitializedCapacity: prefix.count + name.count) { path in
              _ = path.initialize(fromContentsOf: prefix)
              _ = path[prefix.count...].initialize(fromContentsOf: name)
              return prefix.count + name.count
            })
        }
      }
    }
    let fd = dirfd(dir)
    let parts = min(Parallel.cores, max(1, paths.count / 256))
    nonisolated(unsafe) let found = UnsafeMutableBufferPointer<FileIdentity?>.allocate(capacity: paths.count)
    found.initialize(repeating: nil)
    defer { found.deallocate() }
    Parallel.forEach(parts) { part in
      for k in (part * paths.count / parts)..<((part + 1) * paths.count / parts) {
        var info = stat()
        let looked = paths[k].withCString { fstatat(fd, $0 + prefix.count, &info, 0) }
        if looked == 0, (info.st_mode & S_IFMT) == S_IFREG { found[k] = FileIdentity(info) }
      }
    }
    var result: [(path: String, identity: FileIdentity)] = []
    result.reserveCapacity(paths.count)
    for k in paths.indices { if let identity = found[k] { result.append((paths[k], identity)) } }
    return result
  }

  /// Every name in a folder (without "." and ".."), as its bytes, or nil when it cannot be read.
  package static func listDirectoryNames(_ path: String) -> [FileName]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [FileName] = []
    while let entry = readdir(dir) {
      let bytes = withUnsafePointer(to: entry.pointee.d_name) { pointer in
        pointer.withMemoryRebound(to: UInt8.self, capacity: 256) { start in
          Array(
            UnsafeBufferPointer(
              start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
        }
      }
      if bytes != [0x2E] && bytes != [0x2E, 0x2E] { names.append(FileName(bytes: bytes)) }
    }
    return names
  }

  /// Seconds since 1970 on the wall clock.
  package static func wallSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_REALTIME, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }
}

extension Platform {
  /// Creates `path` and any missing parents with mode 0700 (private, as XDG asks).
  package static func makeDirectories(_ path: String) throws(FileSystemError) {
    var current = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
      current += "/" + part
      if mkdir(current, 0o700) != 0 && errno != EEXIST { throw .current }
    }
  }

  package static func parentFolder(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Appends one record line durably and atomically with respect to other pomo processes
  /// (see `appendLines`).
  package static func appendLine(_ line: String, to path: String) throws(FileSystemError) {
    try appendLines([Array(line.utf8)[...]], to: path)
  }

  /// Appends record lines durably and atomically with respect to other pomo processes:
  /// one write(2) of them all with O_APPEND under an exclusive flock, then one fsync, so
  /// importing thousands of records costs one sync, not one each.
  ///
  /// Each line gets its newline. If the file does not end in one (a crash cut the last
  /// line), the new lines start on a fresh one, so a damaged line never swallows a good one.
  ///
  /// All or nothing: a short write is continued, and when a write or the fsync fails (a
  /// full disk, EIO), the file is cut back to its length before the append and the error
  /// thrown, so no part of a line is left for readers to call damaged, and a caller that
  /// tries again (the recorder keeps its state file) never writes a session twice.
  package static func appendLines(_ lines: [ArraySlice<UInt8>], to path: String) throws(FileSystemError) {
    guard !lines.isEmpty else { return }
    let folder = parentFolder(path)
    if !fileExists(folder) { try makeDirectories(folder) }
    let existed = fileExists(path)
    // Non-blocking, so a FIFO or device in the journal's place cannot hang pomo; it is
    // refused below, before anything is written into it.
    let fd = FileCalls.open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
    guard fd >= 0 else { throw .current }
    defer { _ = Glibc_or_Darwin_close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .current }
    guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile }
    while flock(fd, LOCK_EX) != 0 {
      if errno != EINTR { throw .current }
    }
    defer { _ = flock(fd, LOCK_UN) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lines.reduce(1) { $0 + $1.count + 1 })
    // Under the lock, so no other pomo appends meanwhile: where this append starts.
    guard fstat(fd, &info) == 0 else { throw .current }
    let length = Int64(info.st_size)
    if length > 0 {
      var last: UInt8 = 0
      var n = FileCalls.pread(fd, &last, 1, length - 1, path: path)
      while n < 0 && errno == EINTR { n = FileCalls.pread(fd, &last, 1, length - 1, path: path) }
      // Not knowing whether the file ends a line, nothing is written.
      guard n == 1 else { throw n < 0 ? .current : .changedWhileRead }
      if last != 0x0A { bytes.append(0x0A) }
    }
    for line in lines {
      bytes += line
      if line.last != 0x0A { bytes.append(0x0A) }
    }
    var failure = writeAll(fd, &bytes, path: path)
    if failure == 0 && FileCalls.fsync(fd, path: path) != 0 && errno != EINVAL && errno != EROFS { failure = errno }
    if failure != 0 {
      // Whatever part of the lines reached the file goes again; if even that fails, the next
      // append starts on a fresh line.
      _ = FileCalls.ftruncate(fd, length, path: path)
      _ = FileCalls.fsync(fd, path: path)
      throw FileSystemError(code: failure)
    }
    if !existed { syncFolder(folder) }
  }

  /// Appends `bytes` to the cache file at `path` so they start at `offset`, under an exclusive
  /// flock, without fsync (a cache checks what it reads). Whatever lies past `offset` is
  /// what a crash or a racing writer left there, and goes. Nothing is written when the file
  /// at `path` is no longer the one of `inode` (it was replaced meanwhile). Returns whether
  /// the bytes were written whole; after a failed write, the file is cut back to `offset`.
  package static func appendCache(_ bytes: [UInt8], to path: String, at offset: Int64, inode: UInt64) -> Bool {
    let fd = FileCalls.open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return false }
    defer { _ = Glibc_or_Darwin_close(fd) }
    while flock(fd, LOCK_EX) != 0 {
      if errno != EINTR { return false }
    }
    defer { _ = flock(fd, LOCK_UN) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, UInt64(info.st_ino) == inode,
      Int64(info.st_size) >= offset
    else { return false }
    if Int64(info.st_size) > offset && FileCalls.ftruncate(fd, offset, path: path) != 0 { return false }
    var bytes = bytes
    guard writeAll(fd, &bytes, path: path) == 0 else {
      _ = FileCalls.ftruncate(fd, offset, path: path)
      return false
    }
    return true
  }

  /// Replaces a file's contents all at once: write a temporary file, fsync, rename. `mode`
  /// is the new file's (before the umask): 0600 for pomo's own files, 0666 for what the user
  /// asked to have written (a report's `--output`).
  package static func writeAtomically(_ text: String, to path: String, mode: mode_t = 0o600) throws(FileSystemError) {
    try writeAtomically(Array(text.utf8), to: path, mode: mode)
  }

  /// `durable: false` skips the fsync, for caches: a crash may then leave an empty or short
  /// file, which a cache must notice anyway and rebuild.
  ///
  /// `keeping`: the permissions of the file replaced, given to the new one whatever the umask.
  package static func writeAtomically(
    _ contents: [UInt8], to path: String, durable: Bool = true, mode: mode_t = 0o600, keeping: mode_t? = nil
  )
    throws(FileSystemError)
  {
    let written = contents.withUnsafeBytes { bytes in
      Result { () throws(FileSystemError) in
        try writeAtomically(parts: [bytes], to: path, durable: durable, mode: mode, keeping: keeping)
      }
    }
    try written.get()
  }

  /// The same for contents in parts, written one after the other where they lie (a cache of
  /// tens of megabytes is not copied into one buffer first).
  package static func writeAtomically(
    parts: [UnsafeRawBufferPointer], to path: String, durable: Bool = true, mode: mode_t = 0o600,
    keeping: mode_t? = nil
  )
    throws(FileSystemError)
  {
    let folder = parentFolder(path)
    if !fileExists(folder) { try makeDirectories(folder) }
    let temporary = "\(path).\(getpid()).tmp"
    unlink(temporary)
    let fd = FileCalls.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode)
    guard fd >= 0 else { throw .current }
    var failure: Int32 = 0
    if let keeping, fchmod(fd, keeping) != 0 { failure = errno }
    for part in parts where failure == 0 { failure = writeAll(fd, part, path: temporary) }
    if failure == 0 && durable && FileCalls.fsync(fd, path: temporary) != 0 { failure = errno }
    _ = Glibc_or_Darwin_close(fd)
    // The old file stays whole until the new one is: a failure leaves the old one, or none.
    if failure == 0 && FileCalls.rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw FileSystemError(code: failure)
    }
  }

  /// Creates a new file with mode 0600 holding `text`; fails with EEXIST when anything,
  /// even a dangling link, is already at `path`, so nothing is ever overwritten.
  package static func createNewFile(_ text: String, at path: String) throws(FileSystemError) {
    let fd = FileCalls.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw .current }
    var bytes = Array(text.utf8)
    // The umask could only take bits away, but say 0600 plainly whatever it is.
    var failure = fchmod(fd, 0o600) == 0 ? writeAll(fd, &bytes, path: path) : errno
    if failure == 0 && FileCalls.fsync(fd, path: path) != 0 { failure = errno }
    _ = Glibc_or_Darwin_close(fd)
    guard failure == 0 else {
      unlink(path)
      throw FileSystemError(code: failure)
    }
  }

  private static func syncFolder(_ folder: String) {
    let fd = open(folder, O_RDONLY | O_CLOEXEC)
    if fd >= 0 {
      _ = fsync(fd)
      _ = Glibc_or_Darwin_close(fd)
    }
  }

  package static func removeFile(_ path: String) {
    unlink(path)
  }

  package static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    return Self.string(buffer)
  }

  package static var processID: Int32 { getpid() }

  /// The real user id of this process.
  package static var userID: UInt32 { UInt32(getuid()) }

  /// The text of a NUL-terminated C buffer.
  package static func string(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The local time zone's offset from UTC, in seconds, at an instant (TZ is honoured).
  package static func localOffset(at unixSeconds: Double) -> Int {
    var t = time_t(unixSeconds.rounded(.down))
    var parts = tm()
    localtime_r(&t, &parts)
    return Int(parts.tm_gmtoff)
  }
}

extension Platform {
  /// The index of the first newline in `bytes` at or after `from`, found with memchr.
  package static func firstNewline(in bytes: [UInt8], from: Int) -> Int? {
    guard from < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      memchr(buffer.baseAddress! + from, 0x0A, buffer.count - from).map {
        buffer.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
      }
    }
  }
}

extension Platform {
  /// `path` made absolute against the current folder, so a record can find the file again.
  package static func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let cwd = Self.string(buffer)
    return (cwd.hasSuffix("/") ? cwd : cwd + "/") + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
  }
}

extension Platform {
  /// What fstat says of `fd` with no pomo's append half done, taken under a shared flock
  /// (an append holds it exclusive through its one write, `appendLines`). Linux grows a file
  /// page by page while a write copies into it, so a reader without the lock can see the
  /// first lines of an append and not the rest. A writer that holds the lock longer than
  /// `settleTimeout` seconds (one stopped mid-append) is not waited for, nor is a file system
  /// without flock: the size is then taken as it is, and readers still take whole lines only.
  package static func settledStat(_ fd: Int32, _ info: inout stat) -> Int32 {
    var held = false
    _ = try? FileLock.retry(timeout: settleTimeout) {
      while flock(fd, LOCK_SH | LOCK_NB) != 0 {
        if errno != EINTR { return errno != EWOULDBLOCK }
      }
      held = true
      return true
    }
    defer { if held { _ = flock(fd, LOCK_UN) } }
    return fstat(fd, &info)
  }

  /// How long a reader waits for an append in progress to finish (`settledStat`).
  package static let settleTimeout = 5.0

  /// The identity of the file at `path` (following links), or nil.
  package static func identity(of path: String) -> FileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return FileIdentity(info)
  }
}
