#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Which file this is, how long, and when it last changed: enough to tell that a cache still
/// matches it. The change time (ctime) is set by the kernel on every write and cannot be set
/// back by a program, so an edit in place that keeps the size (and even the mtime) still shows.
package struct FileIdentity: Equatable, Sendable, BitwiseCopyable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int64
  /// Modification and status-change times, in nanoseconds since 1970.
  package var modified: Int64 = 0
  package var changed: Int64 = 0

  package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64 = 0, changed: Int64 = 0) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }
}

extension FileIdentity {
  init(_ info: stat) {
    let (m, c) = Platform.statTimes(info)
    self.init(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modified: Int64(m.tv_sec) &* 1_000_000_000 &+ Int64(m.tv_nsec),
      changed: Int64(c.tv_sec) &* 1_000_000_000 &+ Int64(c.tv_nsec))
  }
}
