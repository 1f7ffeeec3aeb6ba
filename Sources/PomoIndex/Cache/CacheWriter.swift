import PomoCore
import PomoJournal
import PomoPlatform

/// The little-endian words and length-prefixed strings the payloads of pomo's cache files
/// (`CacheFile`) are made of.
struct CacheWriter {
  private(set) var bytes: [UInt8]

  init(magic: [UInt8]) { bytes = magic }

  /// A plain value, as it lies in memory.
  mutating func put<T: BitwiseCopyable>(value: T) { withUnsafeBytes(of: value) { bytes += $0 } }
  mutating func put(_ v: UInt64) { put(value: v) }
  mutating func put(_ v: Int64) { put(value: v) }
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
