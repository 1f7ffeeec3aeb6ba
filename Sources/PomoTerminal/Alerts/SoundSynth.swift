import PomoCore

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Makes pomo's own sounds as WAV files: a pure tone that rises in 5 ms and fades away, 16-bit
/// mono at 22,050 samples a second, its peak `volume` of the loudest a sample may be (the tick,
/// softer, `tickLoudness` of that). Made the same, byte for byte, every time.
///
/// The tick is a minute of ticks, one at the start of each second, so that one player started
/// a minute plays them: a player started each second would cost more than the session itself.
package enum SoundSynth {
  package static let sampleRate = 22_050
  /// How loud a tick is against the chime and the bell.
  package static let tickLoudness = 0.4
  /// The ticks in the tick's file, one a second.
  package static let ticksPerFile = 60

  /// The pitch in hertz and the length in seconds of each sound (of one tick, for the tick).
  package static func shape(_ sound: BuiltInSound) -> (hertz: Double, seconds: Double) {
    switch sound {
    case .chime: (880, 0.6)
    case .bell: (587.33, 0.9)
    case .tick: (1760, 0.02)
    }
  }

  package static func wav(_ sound: BuiltInSound, volume: Double) -> [UInt8] {
    let (hertz, seconds) = shape(sound)
    let count = Int(seconds * Double(sampleRate))
    let attack = 0.005 * Double(sampleRate)
    let loudness = sound == .tick ? tickLoudness : 1
    let peak = max(0, min(1, volume)) * loudness * 32_767
    var tone = [Int16](repeating: 0, count: count)
    for n in 0..<count {
      let t = Double(n) / Double(sampleRate)
      // A fade that reaches silence at the end, after the attack.
      let envelope = min(1, Double(n) / attack) * pow(1 - Double(n) / Double(count), 2)
      tone[n] = Int16((peak * envelope * sin(2 * .pi * hertz * t)).rounded())
    }
    var samples = tone
    if sound == .tick {
      samples = [Int16](repeating: 0, count: sampleRate * ticksPerFile)
      for second in 0..<ticksPerFile {
        samples.replaceSubrange(second * sampleRate..<second * sampleRate + count, with: tone)
      }
    }
    return wav(samples)
  }

  /// 16-bit mono samples as a WAV file's bytes.
  static func wav(_ samples: [Int16]) -> [UInt8] {
    let count = samples.count
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
    samples.withUnsafeBytes { raw in
      // WAV is little-endian, as every machine Swift runs on.
      out += raw
    }
    return out
  }
}
