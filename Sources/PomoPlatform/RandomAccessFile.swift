#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A file opened for reading at any offset.
///
/// Its descriptor counts against the process's budget (`DescriptorBudget`): when more files
/// are open than the budget allows, the one used longest ago gives its descriptor back, and
/// opens the file again on its next read, checking that it is still the same file. So a
/// folder of 10,000 journal files reads under `ulimit -n 64`.
package final class RandomAccessFile: @unchecked Sendable {
  package let path: String
  /// The file first opened (device and inode): a reopened path must still be it.
  private let device: UInt64
  private let inode: UInt64
  /// The descriptor while open (-1 when given back), its readers, and its last use: all
  /// guarded by the budget's lock.
  fileprivate var descriptor: Int32 = -1
  fileprivate var readers = 0
  fileprivate var lastUse: UInt64 = 0
  private let budget: DescriptorBudget

  package convenience init(path: String) throws(FileSystemError) {
    try self.init(path: path, budget: .shared)
  }

  package init(path: String, budget: DescriptorBudget) throws(FileSystemError) {
    self.path = path
    self.budget = budget
    var info = stat()
    let fd = try budget.open(path, info: &info)
    _ = Platform.settledStat(fd, &info)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    opened = FileIdentity(info)
    budget.adopt(self, descriptor: fd)
  }

  /// The file as it was when opened.
  package let opened: FileIdentity

  deinit { budget.forget(self) }

  /// `body` with the file's descriptor, opened again if it was given back; the descriptor
  /// stays open until `body` returns.
  package func withDescriptor<T>(_ body: (Int32) throws(FileSystemError) -> T) throws(FileSystemError) -> T {
    let fd = try budget.checkOut(self)
    defer { budget.checkIn(self) }
    return try body(fd)
  }

  /// Opens the path again for `budget`: it must still be the file first opened.
  fileprivate func reopen(_ budget: DescriptorBudget) throws(FileSystemError) -> Int32 {
    var info = stat()
    let fd = try budget.open(path, info: &info)
    guard UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else {
      _ = Glibc_or_Darwin_close(fd)
      throw FileSystemError(code: ESTALE, reason: "the file was replaced while pomo read it; run the command again")
    }
    return fd
  }

  package var identity: FileIdentity {
    get throws(FileSystemError) {
      try withDescriptor { fd in
        var info = stat()
        _ = Platform.settledStat(fd, &info)
        return FileIdentity(info)
      }
    }
  }

  /// Fills `buffer` with the bytes at `offset` (fewer at the end of the file); how many.
  package func read(at offset: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(FileSystemError) -> Int {
    guard let base = buffer.baseAddress else { return 0 }
    return try withDescriptor { fd throws(FileSystemError) in
      var done = 0
      while done < buffer.count {
        let n = FileCalls.pread(fd, base + done, buffer.count - done, offset + Int64(done), path: path)
        if n < 0 {
          if errno == EINTR { continue }
          throw .current
        }
        if n == 0 { break }
        done += n
      }
      return done
    }
  }

  /// The `count` bytes at `offset`, which the caller knows the file holds (an indexed chunk,
  /// a block before the size it saw): fewer means the file was cut while it was read, and
  /// is thrown (`changedWhileRead`) rather than taken for the end.
  package func read(exactly count: Int, at offset: Int64) throws(FileSystemError) -> [UInt8] {
    let bytes = try read(at: offset, count: count)
    guard bytes.count == count else { throw .changedWhileRead }
    return bytes
  }

  /// Up to `count` bytes at `offset`.
  package func read(at offset: Int64, count: Int) throws(FileSystemError) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: count)
    let done = result.withUnsafeMutableBytes { bytes in
      Result { () throws(FileSystemError) in try read(at: offset, into: bytes) }
    }
    result.removeLast(count - (try done.get()))
    return result
  }
}

/// How many files pomo holds open at once to read them (`RandomAccessFile`): a share of the
/// process's descriptor limit (RLIMIT_NOFILE), so locks, pipes, sockets and the terminal
/// always have theirs. Past it, the file used longest ago (and read by no thread right now)
/// closes its descriptor until it is read again.
package final class DescriptorBudget: @unchecked Sendable {
  /// The one budget of this process.
  package static let shared = DescriptorBudget(limit: DescriptorBudget.shareOfLimit())

  /// At most this many open at once (more only while every open one is being read).
  package let limit: Int
  private let lock = Lock()
  private var open: [ObjectIdentifier: Unmanaged<RandomAccessFile>] = [:]
  private var clock: UInt64 = 0

  package init(limit: Int) { self.limit = max(1, limit) }

  /// A quarter of the soft descriptor limit, less what the rest of pomo may hold, between 4
  /// and 256: 8 under `ulimit -n 64`, 248 under the usual 1,024.
  static func shareOfLimit() -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return 256 }
    let soft = Int(clamping: limit.rlim_cur)
    return min(256, max(4, soft / 4 - 8))
  }

  /// How many descriptors the budget holds now (for tests).
  package var openCount: Int { lock.withLock { open.count } }

  /// Opens a file to read, giving back idle descriptors first when the budget is spent, and
  /// all of them when the system says too many are open.
  fileprivate func open(_ path: String, info: inout stat) throws(FileSystemError) -> Int32 {
    lock.withLock { makeRoom(for: 1) }
    do {
      return try Platform.openRegularFile(path, info: &info)
    } catch  where error.code == EMFILE || error.code == ENFILE {
      lock.withLock { makeRoom(for: open.count) }
      return try Platform.openRegularFile(path, info: &info)
    }
  }

  fileprivate func adopt(_ file: RandomAccessFile, descriptor: Int32) {
    lock.withLock {
      clock += 1
      file.descriptor = descriptor
      file.lastUse = clock
      open[ObjectIdentifier(file)] = Unmanaged.passUnretained(file)
    }
  }

  fileprivate func forget(_ file: RandomAccessFile) {
    lock.withLock {
      open[ObjectIdentifier(file)] = nil
      if file.descriptor >= 0 { _ = Glibc_or_Darwin_close(file.descriptor) }
      file.descriptor = -1
    }
  }

  /// The file's descriptor, opened again if need be, held until `checkIn`.
  fileprivate func checkOut(_ file: RandomAccessFile) throws(FileSystemError) -> Int32 {
    let held: Int32? = lock.withLock {
      clock += 1
      file.lastUse = clock
      guard file.descriptor >= 0 else { return nil }
      file.readers += 1
      return file.descriptor
    }
    if let held { return held }
    // Opened outside the lock (so other threads read on), then handed in: if another thread
    // opened it meanwhile, that descriptor is kept and this one closed.
    let fd = try file.reopen(self)
    return lock.withLock {
      if file.descriptor >= 0 {
        _ = Glibc_or_Darwin_close(fd)
      } else {
        file.descriptor = fd
        open[ObjectIdentifier(file)] = Unmanaged.passUnretained(file)
      }
      file.readers += 1
      return file.descriptor
    }
  }

  fileprivate func checkIn(_ file: RandomAccessFile) {
    lock.withLock { file.readers -= 1 }
  }

  /// Closes the idle descriptors used longest ago until `count` more fit in the budget.
  /// Call with the lock held.
  private func makeRoom(for count: Int) {
    while open.count + count > limit {
      var oldest: RandomAccessFile?
      for entry in open.values {
        let file = entry.takeUnretainedValue()
        if file.descriptor >= 0 && file.readers == 0 && (oldest == nil || file.lastUse < oldest!.lastUse) {
          oldest = file
        }
      }
      guard let oldest else { return }
      _ = Glibc_or_Darwin_close(oldest.descriptor)
      oldest.descriptor = -1
      open[ObjectIdentifier(oldest)] = nil
    }
  }
}
