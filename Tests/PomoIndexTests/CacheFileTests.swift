@testable import PomoIndex
import Testing

@testable import PomoJournal

/// Every cache file is sealed (`CacheFile`): a checksum over all it holds, so one that a
/// flipped bit or a cut changed is built again from the journal, never trusted.
@Suite("Cache files are sealed")
struct CacheFileTests {
  @Test("a checksum changes with every word it covers, and a sealed file is read back as it was written")
  func checksum() {
    let payload = (0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    let sealed = CacheFile.sealed(magic: Array("POMOTST1".utf8), source: 42, payload: payload)
    let read = sealed.withUnsafeBytes {
      CacheFile.payload(of: $0, magic: Array("POMOTST1".utf8), source: 42).map(Array.init)
    }
    #expect(read == payload)
    #expect(sealed.withUnsafeBytes { CacheFile.payload(of: $0, magic: Array("POMOTST1".utf8), source: 43) } == nil)
    for k in sealed.indices {
      for bit in 0..<8 {
        var flipped = sealed
        flipped[k] ^= 1 << UInt8(bit)
        let back = flipped.withUnsafeBytes { CacheFile.payload(of: $0, magic: Array("POMOTST1".utf8), source: 42) }
        #expect(back == nil, "bit \(bit) of byte \(k)")
      }
    }
    #expect(
      sealed.dropLast().withUnsafeBytes { CacheFile.payload(of: $0, magic: Array("POMOTST1".utf8), source: 42) } == nil)
  }
}
