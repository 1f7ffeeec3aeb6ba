import Foundation

/// A valid journal record and its mutations: hostile numbers and values in every field, byte
/// flips, lines cut short, impossible times, for the tests that no reader crashes on a bad line.
package enum MutatedRecords {
  /// A valid record whose every number, string and time can be mutated.
  package static let intact =
    #"{"v":1,"id":"ID","preset":"work","status":"interrupted","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:30:00Z","tags":["t"],"note":"n","host":"h","rounds":4,"plan_offset":0,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true},{"name":"break","kind":"rest","round":1,"start":"2026-12-01T08:25:00Z","end":"2026-12-01T08:30:00Z","planned_seconds":300,"elapsed_seconds":120,"completed":false,"extended_seconds":60}]}"#

  package static let hostileNumbers = [
    "1e300", "-1e300", "1e999", "-1e999", "1.7976931348623157e308", "4.9e-324", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
    "99999999999999999999999999999999", "-1", "-0.5", "0.5", "1e19", "1e-400", "200000000", "10001", "0",
    "2147483648", "1000000001", String(repeating: "9", count: 5000),
  ]
  package static let hostileValues = [
    "NaN", "Infinity", "-Infinity", "\"NaN\"", "\"1e300\"", "0x10", "+1", "--1", "1e", "1.", ".5", "null", "true",
    "[]", "{}", "\"" + String(repeating: "x", count: 200_000) + "\"", String(repeating: "[", count: 20_000),
    String(repeating: "{\"a\":", count: 20_000), "\"\\ud800\"", "\"\u{1B}[2J\"",
  ]
  package static let numberKeys = [
    "rounds", "plan_offset", "paused_seconds", "round", "planned_seconds", "elapsed_seconds", "extended_seconds",
  ]

  /// The line with the first occurrence of `"key":value` given another value.
  package static func replacing(_ key: String, with value: String, in line: String = intact) -> String {
    guard let range = line.range(of: "\"\(key)\":") else { return line }
    let rest = line[range.upperBound...]
    let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
    return line[..<range.upperBound] + value + line[end...]
  }

  /// Seeded mutations of the intact record: hostile numbers and values in every key, cuts,
  /// byte flips, duplicated keys.
  package static func mutations(count: Int, seed: UInt64) -> [String] {
    var rng = SplitMix64(state: seed)
    var result: [String] = []
    let bytes = Array(intact.utf8)
    let keys = numberKeys + ["start", "end", "id", "preset", "status", "tags", "phases", "kind", "completed", "name"]
    while result.count < count {
      let id = "fuzz-\(result.count)"
      let base = intact.replacingOccurrences(of: "\"ID\"", with: "\"\(id)\"")
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        let key = numberKeys.randomElement(using: &rng)!
        result.append(replacing(key, with: hostileNumbers.randomElement(using: &rng)!, in: base))
      case 1:
        let key = keys.randomElement(using: &rng)!
        result.append(replacing(key, with: hostileValues.randomElement(using: &rng)!, in: base))
      case 2:
        var b = Array(base.utf8)
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
          b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0x20...0x7E, using: &rng)
        }
        result.append(String(decoding: b, as: UTF8.self))
      case 3:
        result.append(String(decoding: bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)), as: UTF8.self))
      case 4:
        // Several hostile numbers at once.
        var line = base
        for key in numberKeys.shuffled(using: &rng).prefix(3) {
          line = replacing(key, with: hostileNumbers.randomElement(using: &rng)!, in: line)
        }
        result.append(line)
      default:
        let time = ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999-23:59", "2026-02-30T25:61:61Z"]
          .randomElement(using: &rng)!
        result.append(replacing(["start", "end"].randomElement(using: &rng)!, with: "\"\(time)\"", in: base))
      }
    }
    return result
  }
}
