#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A regular file (or a part of it) read into memory with `pread`, never mapped: a file cut
/// short or replaced while it is read is noticed (its identity, the path's too, must be the
/// same after the last read as before the first, and every byte asked for must be there; read
/// to its end, nothing may follow them), and once read,
/// nothing done to the file can reach the bytes (a mapped file cut short kills its reader
/// with SIGBUS). The bytes lie on 8-byte boundaries, so plain values can be read in place.
package final class FileSnapshot: @unchecked Sendable {
  package let bytes: UnsafeRawBufferPointer
  /// The file as it was read.
  package let identity: FileIdentity

  /// A file that changed while it was read (cut short, grown, replaced, written).
  package static let changedWhileRead = FileSystemError.changedWhileRead

  /// Reads `path` whole, or the `length` bytes from `offset` (fewer at its end), `chunk` bytes
  /// at a time; `betweenReads` runs after each read but the last (a seam for tests that cut
  /// the file between two reads).
  package init(
    path: String, offset: Int = 0, length: Int? = nil, limit: Int = 1 << 30, chunk: Int = 1 << 22,
    betweenReads: (() -> Void)? = nil
  ) throws(FileSystemError) {
    let file = try RandomAccessFile(path: path)
    let before = try file.identity
    guard before.size <= Int64(limit) else { throw FileSystemError(code: EFBIG) }
    let start = min(max(0, offset), Int(before.size))
    let size = min(Int(before.size) - start, max(0, length ?? Int.max))
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
    var done = 0
    do throws(FileSystemError) {
      while done < size {
        let count = min(max(1, chunk), size - done)
        let n = try file.read(
          at: Int64(start + done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done..<(done + count)]))
        guard n == count else { throw Self.changedWhileRead }
        done += n
        if done < size { betweenReads?() }
      }
      // Nothing beyond what was read (when read to its end), the same file, unchanged, still at its path.
      var extra: UInt8 = 0
      let after = try file.identity
      let end = Int64(start + size)
      let beyond =
        end < before.size ? 0 : try file.withDescriptor { fd in FileCalls.pread(fd, &extra, 1, end, path: path) }
      guard beyond == 0, after == before, Platform.identity(of: path) == before else {
        throw Self.changedWhileRead
      }
    } catch {
      buffer.deallocate()
      throw error
    }
    bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<size])
    identity = before
  }

  deinit { UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate() }
}
