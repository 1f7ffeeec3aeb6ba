import PomoCore
import PomoPlatform

/// Reads what `CacheWriter` wrote. Every read is bounds-checked and returns nil past the
/// end, so a damaged cache is rebuilt, never trusted.
struct CacheReader {
  let bytes: [UInt8]
  private(set) var at: Int

  /// Nil unless `bytes` starts with `magic`.
  init?(_ bytes: [UInt8], magic: [UInt8]) {
    guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { return nil }
    self.bytes = bytes
    at = magic.count
  }

  var remaining: Int { bytes.count - at }
  var atEnd: Bool { at == bytes.count }

  mutating func word() -> UInt64? {
    guard at + 8 <= bytes.count else { return nil }
    let at = self.at
    let v = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
    self.at += 8
    return v
  }

  mutating func int() -> Int64? { word().map { Int64(bitPattern: $0) } }

  /// What `CacheWriter.put(_: FileIdentity)` wrote.
  mutating func identity() -> FileIdentity? {
    guard let device = word(), let inode = word(), let size = int(), let modified = int(), let changed = int()
    else { return nil }
    return FileIdentity(device: device, inode: inode, size: size, modified: modified, changed: changed)
  }

  /// What `put(raw:)` wrote, if it fits; the caller checks every value.
  mutating func raw<T: BitwiseCopyable>(_ type: T.Type, zero: T) -> [T]? {
    let stride = MemoryLayout<T>.stride
    guard let count = int(), count >= 0, count <= remaining / stride else { return nil }
    var result = [T](repeating: zero, count: Int(count))
    let from = at
    result.withUnsafeMutableBytes { target in
      bytes.withUnsafeBytes {
        target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[from..<(from + target.count)]))
      }
    }
    at += Int(count) * stride
    return result
  }

  /// A length and that many bytes, as they are.
  mutating func block() -> ArraySlice<UInt8>? {
    guard let size = int(), size >= 0, size <= remaining else { return nil }
    let slice = bytes[at..<(at + Int(size))]
    at += Int(size)
    return slice
  }

  mutating func text() -> String? { block().map { String(decoding: $0, as: UTF8.self) } }
}
