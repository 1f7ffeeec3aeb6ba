import PomoCore
import PomoPlatform

/// The little-endian words and length-prefixed strings that pomo's cache files (the report
/// index, the tag cache) are made of, behind a magic number that names the format.
struct CacheWriter {
  private(set) var bytes: [UInt8]

  init(magic: [UInt8]) { bytes = magic }

  mutating func put(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes += $0 } }
  mutating func put(_ v: Int64) { put(UInt64(bitPattern: v)) }
  mutating func put(_ v: Double) { put(v.bitPattern) }
  /// The bytes of an array of plain values, as they lie in memory, after their count.
  mutating func put<T: BitwiseCopyable>(raw values: [T]) {
    put(Int64(values.count))
    values.withUnsafeBytes { bytes += $0 }
  }
  /// Bytes as they are (after their length, written by the caller).
  mutating func put(bytes more: [UInt8]) { bytes += more }
  mutating func put(text: String) {
    let utf8 = Array(text.utf8)
    put(Int64(utf8.count))
    bytes += utf8
  }
}

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
  mutating func double() -> Double? { word().map { Double(bitPattern: $0) } }

  /// What `put(raw:)` wrote, if it fits; the caller checks every value.
  mutating func raw<T: BitwiseCopyable>(_ type: T.Type, zero: T) -> [T]? {
    let stride = MemoryLayout<T>.stride
    guard let count = int(), count >= 0, count <= remaining / stride else { return nil }
    var result = [T](repeating: zero, count: Int(count))
    let from = at
    result.withUnsafeMutableBytes { target in
      bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[from..<(from + target.count)])) }
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

  mutating func text() -> String? {
    guard let size = int(), size >= 0, size <= remaining else { return nil }
    let text = String(decoding: bytes[at..<(at + Int(size))], as: UTF8.self)
    at += Int(size)
    return text
  }
}
