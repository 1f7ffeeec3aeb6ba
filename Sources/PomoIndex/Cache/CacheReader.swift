import PomoCore
import PomoJournal
import PomoPlatform

/// Reads what `CacheWriter` wrote, where it lies (a slice of the bytes read, not a copy).
/// Every read is bounds-checked and returns nil past the end, so a damaged cache is rebuilt,
/// never trusted.
struct CacheReader {
  let bytes: ArraySlice<UInt8>
  /// The index in `bytes` of the next byte to read.
  private(set) var at: Int

  init(_ bytes: ArraySlice<UInt8>) {
    self.bytes = bytes
    at = bytes.startIndex
  }

  init(_ bytes: [UInt8]) { self.init(bytes[...]) }

  var remaining: Int { bytes.endIndex - at }
  var atEnd: Bool { at == bytes.endIndex }

  /// What `CacheWriter.put(value:)` wrote.
  mutating func value<T: BitwiseCopyable>(_ type: T.Type) -> T? {
    guard MemoryLayout<T>.size <= remaining else { return nil }
    defer { at += MemoryLayout<T>.size }
    return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: T.self) }
  }

  mutating func word() -> UInt64? { value(UInt64.self) }
  mutating func int() -> Int64? { value(Int64.self) }

  /// What `put(raw:)` wrote, if it fits; the caller checks every value. With `roomToGrow`,
  /// the array has room for a 64th more: a long list takes a few appends where it lies, a
  /// short one (a small file's index, of which a folder has thousands) is not padded.
  mutating func raw<T: BitwiseCopyable>(_ type: T.Type, roomToGrow: Bool = false) -> [T]? {
    guard let count = int(), count >= 0, count <= remaining / MemoryLayout<T>.stride else { return nil }
    let from = at - bytes.startIndex
    at += Int(count) * MemoryLayout<T>.stride
    return [T](unsafeUninitializedCapacity: Int(count) + (roomToGrow ? Int(count) / 64 : 0)) { target, done in
      bytes.withUnsafeBytes {
        UnsafeMutableRawBufferPointer(target).copyMemory(
          from: .init(rebasing: $0[from..<from + Int(count) * MemoryLayout<T>.stride]))
      }
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
