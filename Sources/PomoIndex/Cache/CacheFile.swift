import PomoCore
import PomoJournal
import PomoPlatform

/// The one format of every cache file pomo keeps, and the one place that decides whether a
/// cache file's bytes may be trusted.
///
/// A cache file is a header and a run of blocks:
///
///     header: "POMOCACH" | kind (8 bytes: what the cache holds and its version) | source | checksum
///     block:  tag | payload length | checksum | payload
///
/// `source` names what the cache was made from (a journal's path, or what a derived cache
/// stands on). Each block's checksum covers the source, the block's place in the file, its
/// tag, its length and every payload byte, and changes whenever any one 8-byte word does, so
/// a flipped bit, a block moved or a block from another file is always caught. A block is
/// checked when it is read, before anything in it is used; a cache that fails a check is
/// never trusted, and its owner builds it again from the journal.
///
/// Files are read with `pread`, never mapped: a file cut short while read gives a short read,
/// which is refused, never a SIGBUS. A small cache is one block, written whole and replaced
/// by a rename; the day totals keep their days in pages, a block each, read as a report needs
/// them; the report index (`IndexCache`) takes an appended session, or a history's memo
/// (`IndexMemo`), as an appended block.
package enum CacheFile {
  package static let magic: [UInt8] = Array("POMOCACH".utf8)
  /// The bytes of the header, and of a block's own header.
  package static let fileHeaderSize = 32
  package static let blockHeaderSize = 24
  /// Where the payload of a one-block file starts.
  package static let headerSize = fileHeaderSize + blockHeaderSize

  /// A file's header for a cache of `kind` made from `source`.
  package static func header(kind: [UInt8], source: UInt64) -> [UInt8] {
    precondition(kind.count == 8)
    var out = CacheWriter(magic: magic + kind)
    out.put(source)
    let sum = out.bytes.withUnsafeBytes { checksum([$0], seed: source) }
    out.put(sum)
    return out.bytes
  }

  /// Whether `bytes` begin with the header of a cache of `kind` made from `source`.
  package static func isHeader(_ bytes: UnsafeRawBufferPointer, kind: [UInt8], source: UInt64) -> Bool {
    guard bytes.count >= fileHeaderSize else { return false }
    let expected = header(kind: kind, source: source)
    return zip(bytes[0..<fileHeaderSize], expected).allSatisfy { $0 == $1 }
  }

  /// A block holding `payload`, to stand at `offset` in a file made from `source`.
  package static func block(tag: UInt64, payload: [UInt8], at offset: Int64, source: UInt64) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(blockHeaderSize + payload.count)
    append(tag: tag, payload: payload, to: &bytes, base: offset, source: source)
    return bytes
  }

  /// The same block appended to `bytes` (whose first byte stands at `base` in the file), the
  /// payload copied once: a cache of tens of megabytes is not copied block by block again.
  package static func append(tag: UInt64, payload: [UInt8], to bytes: inout [UInt8], base: Int64 = 0, source: UInt64) {
    let offset = base + Int64(bytes.count)
    bytes += payload.withUnsafeBytes { blockHeader(tag: tag, parts: [$0], at: offset, source: source) }
    bytes += payload
  }

  /// The header of a block whose payload is `parts` one after the other (each but the last
  /// a whole number of words), standing at `offset` in a file made from `source`: for a
  /// payload written where it lies.
  package static func blockHeader(tag: UInt64, parts: [UnsafeRawBufferPointer], at offset: Int64, source: UInt64)
    -> [UInt8]
  {
    let sum = checksum(parts, seed: blockSeed(source: source, offset: offset, tag: tag))
    var bytes: [UInt8] = []
    for word in [tag, UInt64(parts.reduce(0) { $0 + $1.count }), sum] {
      withUnsafeBytes(of: word.littleEndian) { bytes += $0 }
    }
    return bytes
  }

  private static func blockSeed(source: UInt64, offset: Int64, tag: UInt64) -> UInt64 {
    var h = source
    h = (h ^ UInt64(bitPattern: offset)) &* 0x9E37_79B9_7F4A_7C15
    h = (h ^ tag) &* 0xC2B2_AE3D_27D4_EB4F
    return h ^ (h >> 31)
  }

  /// The block at `offset` of `bytes` (a whole file, or a part of one read from `base`), if its
  /// header fits, its payload is all there and its checksum holds: its tag, payload and end.
  package static func block(in bytes: UnsafeRawBufferPointer, at offset: Int, base: Int64 = 0, source: UInt64) -> (
    tag: UInt64, payload: UnsafeRawBufferPointer, end: Int
  )? {
    guard offset >= 0, bytes.count - offset >= blockHeaderSize else { return nil }
    func word(_ k: Int) -> UInt64 {
      UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8 * k, as: UInt64.self))
    }
    let tag = word(0)
    let length = word(1)
    guard length <= UInt64(bytes.count - offset - blockHeaderSize) else { return nil }
    let start = offset + blockHeaderSize
    let payload = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + Int(length))])
    let seed = blockSeed(source: source, offset: base + Int64(offset), tag: tag)
    guard word(2) == checksum([payload], seed: seed) else { return nil }
    return (tag, payload, start + Int(length))
  }

  /// The bytes of a one-block cache file holding `payload`.
  package static func sealed(magic kind: [UInt8], source: UInt64, payload: [UInt8]) -> [UInt8] {
    var bytes = header(kind: kind, source: source)
    bytes.reserveCapacity(headerSize + payload.count)
    append(tag: 0, payload: payload, to: &bytes, source: source)
    return bytes
  }

  /// Writes a one-block cache file (without fsync: a crash may leave it short, and it is then rebuilt).
  package static func write(_ payload: [UInt8], to path: String, magic: [UInt8], source: UInt64) {
    payload.withUnsafeBytes { write(blocks: [(0, [$0])], to: path, magic: magic, source: source) }
  }

  /// Writes a cache file of `blocks` (each a tag and its payload in parts, each part but the
  /// last of a block a whole number of words), written where they lie: a cache of tens of
  /// megabytes is never copied to be written.
  package static func write(
    blocks: [(tag: UInt64, parts: [UnsafeRawBufferPointer])], to path: String, magic: [UInt8], source: UInt64
  ) {
    var heads = header(kind: magic, source: source)
    var at = Int64(fileHeaderSize)
    for block in blocks {
      precondition(block.parts.dropLast().allSatisfy { $0.count % 8 == 0 })
      heads += blockHeader(tag: block.tag, parts: block.parts, at: at, source: source)
      at += Int64(blockHeaderSize + block.parts.reduce(0) { $0 + $1.count })
    }
    heads.withUnsafeBytes { heads in
      var parts = [UnsafeRawBufferPointer(rebasing: heads[..<fileHeaderSize])]
      for (k, block) in blocks.enumerated() {
        let at = fileHeaderSize + k * blockHeaderSize
        parts += [UnsafeRawBufferPointer(rebasing: heads[at..<at + blockHeaderSize])] + block.parts
      }
      try? Platform.writeAtomically(parts: parts, to: path, durable: false)
    }
  }

  /// The checked payload of a one-block cache file read whole, or nil when it is of another
  /// kind or version, for another source, cut short, grown, or damaged.
  package static func payload(of all: UnsafeRawBufferPointer, magic: [UInt8], source: UInt64)
    -> UnsafeRawBufferPointer?
  {
    guard isHeader(all, kind: magic, source: source),
      let only = block(in: all, at: fileHeaderSize, source: source), only.tag == 0, only.end == all.count
    else { return nil }
    return only.payload
  }

  /// The checked payload of the one-block cache file at `path`, as bytes; nil when it is
  /// missing or fails `payload(of:)`.
  package static func read(_ path: String, magic: [UInt8], source: UInt64) -> [UInt8]? {
    guard let snapshot = try? FileSnapshot(path: path, limit: 1 << 30),
      let payload = payload(of: snapshot.bytes, magic: magic, source: source)
    else { return nil }
    return Array(payload)
  }

  /// A checksum of the seed, the length and the bytes of `parts` one after the other (each
  /// but the last a whole number of words), a word at a time. Each step is a bijection of the
  /// running value for a given word, and of the word for a given value, so two inputs that
  /// differ in one word always differ in the sum.
  static func checksum(_ parts: [UnsafeRawBufferPointer], seed: UInt64) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    func mix(_ w: UInt64) {
      h = (h ^ w) &* 0x0000_0100_0000_01B3
      h ^= h >> 29
    }
    mix(seed)
    mix(UInt64(parts.reduce(0) { $0 + $1.count }))
    for bytes in parts {
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
    }
    return h
  }
}
