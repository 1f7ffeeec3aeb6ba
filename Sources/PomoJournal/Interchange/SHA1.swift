/// SHA-1 (FIPS 180-4), only for name-based UUIDs (RFC 9562 version 5), which are defined over
/// it. Not for anything that needs collision resistance.
package enum SHA1 {
  /// The 20-byte digest of `message`.
  package static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
    var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    var padded = Array(message)
    let bitLength = UInt64(padded.count) &* 8
    padded.append(0x80)
    while padded.count % 64 != 56 { padded.append(0) }
    padded += withUnsafeBytes(of: bitLength.bigEndian, Array.init)

    var w = [UInt32](repeating: 0, count: 80)
    for block in stride(from: 0, to: padded.count, by: 64) {
      for i in 0..<16 {
        let j = block + i * 4
        w[i] =
          UInt32(padded[j]) << 24 | UInt32(padded[j + 1]) << 16 | UInt32(padded[j + 2]) << 8 | UInt32(padded[j + 3])
      }
      for i in 16..<80 { w[i] = rotate(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
      var (a, b, c, d, e) = h
      for i in 0..<80 {
        let f: UInt32
        let k: UInt32
        switch i {
        case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
        case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
        case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
        default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
        }
        let t = rotate(a, 5) &+ f &+ e &+ k &+ w[i]
        (e, d, c, b, a) = (d, c, rotate(b, 30), a, t)
      }
      h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
    }
    return [h.0, h.1, h.2, h.3, h.4].flatMap { withUnsafeBytes(of: $0.bigEndian, Array.init) }
  }

  @inline(__always) private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
