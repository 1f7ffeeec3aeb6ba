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

  /// What `CacheWriter.put(value:)` wrote.
  mutating func value<T: BitwiseCopyable>(_ type: T.Type) -> T? {
    guard MemoryLayout<T>.size <= remaining else { return nil }
    defer { at += MemoryLayout<T>.size }
    return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: T.self) }
  }

  mutating func word() -> UInt64? { value(UInt64.self) }
  mutating func int() -> Int64? { value(Int64.self) }

  /// What `put(raw:)` wrote, if it fits; the caller checks every value.
  mutating func raw<T: BitwiseCopyable>(_ type: T.Type) -> [T]? {
    guard let count = int(), count >= 0, count <= remaining / MemoryLayout<T>.stride else { return nil }
    let from = at
    at += Int(count) * MemoryLayout<T>.stride
    return [T](unsafeUninitializedCapacity: Int(count)) { target, done in
      bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(target).copyMemory(from: .init(rebasing: $0[from..<at])) }
      done = Int(count)
    }
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
