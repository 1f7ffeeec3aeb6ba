import PomoCore

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Makes pomo's own sounds as WAV files: a pure tone that rises in 5 ms and fades away, 16-bit
/// mono at 22,050 samples a second, its peak `volume` of the loudest a sample may be. Made
/// the same, byte for byte, every time.
public enum SoundSynth {
  public static let sampleRate = 22_050

  /// The pitch in hertz and the length in seconds of each sound.
  public static func shape(_ sound: BuiltInSound) -> (hertz: Double, seconds: Double) {
    switch sound {
    case .chime: (880, 0.6)
    case .bell: (587.33, 0.9)
    }
  }

  public static func wav(_ sound: BuiltInSound, volume: Double) -> [UInt8] {
    let (hertz, seconds) = shape(sound)
    let count = Int(seconds * Double(sampleRate))
    let attack = 0.005 * Double(sampleRate)
    let peak = max(0, min(1, volume)) * 32_767
    var samples = [Int16](repeating: 0, count: count)
    for n in 0..<count {
      let t = Double(n) / Double(sampleRate)
      // A fade that reaches silence at the end, after the attack.
      let envelope = min(1, Double(n) / attack) * pow(1 - Double(n) / Double(count), 2)
      samples[n] = Int16((peak * envelope * sin(2 * .pi * hertz * t)).rounded())
    }
    var out: [UInt8] = []
    out.reserveCapacity(44 + count * 2)
    func put(_ text: String) { out += Array(text.utf8) }
    func put32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
    func put16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
    put("RIFF")
    put32(UInt32(36 + count * 2))
    put("WAVEfmt ")
    put32(16)
    put16(1)  // PCM
    put16(1)  // mono
    put32(UInt32(sampleRate))
    put32(UInt32(sampleRate * 2))
    put16(2)
    put16(16)
    put("data")
    put32(UInt32(count * 2))
    for s in samples { put16(UInt16(bitPattern: s)) }
    return out
  }
}
