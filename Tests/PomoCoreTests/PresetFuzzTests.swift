import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore

@Suite("Preset fuzzing")
struct PresetFuzzTests {
  static let seeds = BuiltinPresetFiles.all.map { Array($0.text.utf8) }

  func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
    var bytes = input
    switch Int.random(in: 0..<9, using: &rng) {
    case 0: bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &rng)))
    case 1:
      for _ in 0..<Int.random(in: 1...8, using: &rng) where !bytes.isEmpty {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
      }
    case 2:
      let depth = Int.random(in: 100...5000, using: &rng)
      bytes = Array(String(repeating: "{\"round\":[", count: depth).utf8)
    case 3:
      let text = String(decoding: bytes, as: UTF8.self)
      bytes = Array(
        text.replacingOccurrences(of: "\"25m\"", with: "1e999999").replacingOccurrences(
          of: "4", with: "99999999999999999999"
        ).utf8)
    case 4:
      // UTF-16 instead of UTF-8.
      bytes =
        [0xFF, 0xFE] + String(decoding: bytes, as: UTF8.self).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    case 5:
      if !bytes.isEmpty { bytes.remove(at: Int.random(in: 0..<bytes.count, using: &rng)) }
    case 6:
      let junk = ["null", "[]", "{}", "\"", "\\u", "\\ud800", "-", "1.", "{\"a\":", ",", ":"]
      let cut = Int.random(in: 0...bytes.count, using: &rng)
      bytes.insert(contentsOf: Array(junk.randomElement(using: &rng)!.utf8), at: cut)
    case 7: bytes = (0..<Int.random(in: 0...200, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    default:
      let text = String(decoding: bytes, as: UTF8.self)
      bytes = Array(
        text.replacingOccurrences(of: "\"work\"", with: "[\"work\"]").replacingOccurrences(of: "\"m\"", with: "\"-m\"")
          .utf8)
    }
    return bytes
  }

  @Test("thousands of mutated presets each end in a clean error or a valid preset")
  func fuzz() {
    var rng = SplitMix64(state: 0x5EED)
    var errors = 0
    for i in 0..<4000 {
      let seed = Self.seeds[i % Self.seeds.count]
      var input = mutate(seed, &rng)
      if i % 3 == 0 { input = mutate(input, &rng) }
      do {
        let preset = try PresetDecoder(file: "fuzz.json").decode(input, defaultName: "fuzz", source: .builtIn)
        // Anything accepted must expand into a sane plan.
        let plan = Plan(preset: preset)
        #expect(!plan.phases.isEmpty)
        // An open phase (Flowtime) has no length of its own until it ends.
        #expect(
          plan.phases.allSatisfy {
            ($0.open ? $0.duration == .zero : $0.duration > .zero) && $0.duration <= DurationText.maximum
          })
      } catch {
        errors += 1
        #expect(error.description.hasPrefix("fuzz.json"))
        #expect(!error.description.contains("\n"))
      }
    }
    #expect(errors > 3000)
  }
}
