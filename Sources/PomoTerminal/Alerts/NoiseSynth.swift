import PomoCore

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Makes the noises to work in (`NoiseColor`) as a loop of `seconds`, 16-bit mono at
/// `SoundSynth.sampleRate`, the same byte for byte every time (a fixed seed), so a cache of it
/// can be checked against what pomo would make and the tests hear what users hear.
///
/// - White noise is the generator's numbers as they come; brown is white noise summed with a
///   slight leak (an integrator, −6 dB an octave, that never drifts off); pink is white noise
///   through Paul Kellet's seven filters (−3 dB an octave within 0.05 dB).
/// - The loop has no seam: the half second that follows its end is faded into its start
///   (each fade the other's complement in power), so its last sample runs on into its first as
///   any two neighbours do.
/// - Its loudest sample is `volume` times `loudness` of the loudest a sample may be: never
///   clipped.
package enum NoiseSynth {
  /// Long enough that the ear does not find the repeat in a noise.
  package static let seconds = 20
  /// The fade that joins the loop's end to its start.
  package static let crossfade = SoundSynth.sampleRate / 2
  /// Noise sits under the work: softer than the chime at the same volume.
  package static let loudness = 0.5
  /// The generator's seed: the same noise every time.
  static let seed: UInt64 = 0x706F_6D6F_6E6F_6973
  /// How much of the brown noise's sum leaks away each sample: a corner at about 10 Hz, below
  /// which it is flat rather than growing without bound.
  static let leak = 0.997

  package static func wav(_ color: NoiseColor, volume: Double) -> [UInt8] {
    SoundSynth.wav(samples(color, volume: volume))
  }

  package static func samples(_ color: NoiseColor, volume: Double) -> [Int16] {
    let count = seconds * SoundSynth.sampleRate
    // A second to settle the filters, the loop, and the stretch that fades into its start.
    let warmUp = SoundSynth.sampleRate
    var raw = noise(color, count: warmUp + count + crossfade)
    raw.removeFirst(warmUp)
    var loop = [Double](repeating: 0, count: count)
    for n in 0..<count {
      if n < crossfade {
        let t = (Double(n) + 0.5) / Double(crossfade) * .pi / 2
        loop[n] = raw[n] * sin(t) + raw[count + n] * cos(t)
      } else {
        loop[n] = raw[n]
      }
    }
    // Centred (a constant taken away keeps the seam as it is), then scaled to the peak.
    let mean = loop.reduce(0, +) / Double(count)
    var peak = 0.0
    for n in 0..<count {
      loop[n] -= mean
      peak = max(peak, abs(loop[n]))
    }
    let scale = peak > 0 ? max(0, min(1, volume)) * loudness * 32_767 / peak : 0
    return loop.map { Int16(($0 * scale).rounded()) }
  }

  /// `count` samples of the noise, before it is scaled.
  static func noise(_ color: NoiseColor, count: Int) -> [Double] {
    var random = seed
    var out = [Double](repeating: 0, count: count)
    var sum = 0.0
    var b = [Double](repeating: 0, count: 7)
    for n in 0..<count {
      let white = uniform(&random)
      switch color {
      case .white:
        out[n] = white
      case .brown:
        sum = leak * sum + white
        out[n] = sum
      case .pink:
        b[0] = 0.99886 * b[0] + white * 0.0555179
        b[1] = 0.99332 * b[1] + white * 0.0750759
        b[2] = 0.96900 * b[2] + white * 0.1538520
        b[3] = 0.86650 * b[3] + white * 0.3104856
        b[4] = 0.55000 * b[4] + white * 0.5329522
        b[5] = -0.7616 * b[5] - white * 0.0168980
        out[n] = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362
        b[6] = white * 0.115926
      }
    }
    return out
  }

  /// The next number from SplitMix64, spread evenly over -1 to 1.
  private static func uniform(_ state: inout UInt64) -> Double {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 52) - 1
  }
}
