import PomoCore
import PomoPlatform

/// The one header every cache file pomo keeps starts with, and the one place that decides
/// whether a cache file's bytes may be trusted.
///
/// A cache file is a header of four words and a payload:
///
///     magic (8 bytes: the format and its version) | source | payload length | checksum
///
/// `source` names what the cache was made from (a journal's path, or the build of the index a
/// side file belongs to). The checksum covers the source, the length and every payload byte,
/// and changes whenever any one 8-byte word does, so a flipped bit is always caught. The file
/// is read whole with `pread` (`FileSnapshot`), never mapped: a file cut short or replaced
/// while read is refused, and one cut afterwards cannot reach what was read. A cache that
/// fails any check is nil here, and its owner builds it again from the journal.
package enum CacheFile {
  package static let headerSize = 32

  /// The bytes of a cache file holding `payload`.
  package static func sealed(magic: [UInt8], source: UInt64, payload: [UInt8]) -> [UInt8] {
    precondition(magic.count == 8)
    var out = CacheWriter(magic: magic)
    out.put(source)
    out.put(Int64(payload.count))
    let sum = payload.withUnsafeBytes { checksum($0, source: source) }
    out.put(sum)
    out.put(bytes: payload)
    return out.bytes
  }

  /// Writes a cache file (without fsync: a crash may leave it short, and it is then rebuilt).
  package static func write(_ payload: [UInt8], to path: String, magic: [UInt8], source: UInt64) {
    try? Platform.writeAtomically(sealed(magic: magic, source: source, payload: payload), to: path, durable: false)
  }

  /// The checked payload of a cache file read whole, or nil when the file is missing, from
  /// another format or version, for another source, cut short, grown, or damaged.
  package static func payload(of snapshot: FileSnapshot, magic: [UInt8], source: UInt64) -> UnsafeRawBufferPointer? {
    payload(of: snapshot.bytes, magic: magic, source: source)
  }

  package static func payload(of all: UnsafeRawBufferPointer, magic: [UInt8], source: UInt64)
    -> UnsafeRawBufferPointer?
  {
    guard all.count >= headerSize, magic.count == 8, zip(all[0..<8], magic).allSatisfy({ $0 == $1 }) else {
      return nil
    }
    func word(_ k: Int) -> UInt64 { UInt64(littleEndian: all.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)) }
    let payload = UnsafeRawBufferPointer(rebasing: all[headerSize...])
    guard word(1) == source, word(2) == UInt64(payload.count), word(3) == checksum(payload, source: source) else {
      return nil
    }
    return payload
  }

  /// The checked payload of the cache file at `path`, as bytes.
  package static func read(_ path: String, magic: [UInt8], source: UInt64, limit: Int = 1 << 30) -> [UInt8]? {
    guard let snapshot = try? FileSnapshot(path: path, limit: limit),
      let payload = payload(of: snapshot, magic: magic, source: source)
    else { return nil }
    return Array(payload)
  }

  /// The size of a cache file with a payload of `count` bytes.
  package static func size(payload count: Int64) -> Int64 { Int64(headerSize) + count }

  /// A checksum of the source, the length and the bytes, a word at a time. Each step is a
  /// bijection of the running value for a given word, and of the word for a given value, so
  /// two inputs that differ in one word always differ in the sum.
  package static func checksum(_ bytes: UnsafeRawBufferPointer, source: UInt64) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    func mix(_ w: UInt64) {
      h = (h ^ w) &* 0x0000_0100_0000_01B3
      h ^= h >> 29
    }
    mix(source)
    mix(UInt64(bytes.count))
    var k = 0
    while k + 8 <= bytes.count {
      mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: k, as: UInt64.self)))
      k += 8
    }
    if k < bytes.count {
      var last: UInt64 = 0
      for (n, byte) in bytes[k...].enumerated() { last |= UInt64(byte) << (8 * UInt64(n)) }
      mix(last)
    }
    return h
  }
}
