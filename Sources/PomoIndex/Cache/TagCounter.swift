import PomoCore
import PomoJournal
import PomoPlatform

/// Counts the tags of the lines a worker of the index reads, making each tag's string once:
/// a tag met again is found by the hash of its bytes (and its bytes compared), so a million
/// tagged sessions cost a hash each, not a string each.
struct TagCounter {
  /// Each tag's bytes, to compare with a tag met again, and how many lines carry it.
  private var spelled: [[UInt8]] = []
  private var tallies: [Int64] = []
  /// Each tag's place in `spelled`, by the hash of its bytes.
  private var places: [UInt64: Int] = [:]

  /// The tags, with how many lines carry each.
  var counts: [String: Int64] {
    var result: [String: Int64] = [:]
    for (bytes, tally) in zip(spelled, tallies) { result[String(decoding: bytes, as: UTF8.self), default: 0] += tally }
    return result
  }

  /// Counts the tags a line's scan found.
  mutating func count(_ tags: [ScannedText], in line: UnsafeBufferPointer<UInt8>, decoded: [String]) {
    for text in tags {
      text.withUTF8(in: line, decoded: decoded) { bytes in
        var hash = FNV1a()
        hash.add(bytes)
        if let k = places[hash.value], spelled[k].elementsEqual(bytes) {
          tallies[k] += 1
        } else {
          // A new tag (or, against all odds, another with the same hash: counted apart).
          places[hash.value] = spelled.count
          spelled.append(Array(bytes))
          tallies.append(1)
        }
      }
    }
  }

  mutating func count(_ tag: String) {
    var bytes = tag
    bytes.withUTF8 { count([ScannedText(from: 0, to: $0.count)], in: $0, decoded: []) }
  }
}
