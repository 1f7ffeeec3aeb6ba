import PomoCore
import PomoJournal
import PomoPlatform

/// What a cache made from report indexes (the day totals, the streak, the ids several files
/// hold) stands on, for one journal file: which file, which build of its index, and how many
/// of its lines. `Staleness.standing` is the one rule that compares them.
package struct IndexMark: Equatable, Sendable, BitwiseCopyable {
  var path: UInt64
  var device: UInt64
  var inode: UInt64
  var build: UInt64
  var lines: Int64
}

extension IndexMark {
  /// Where `file`'s index stands now.
  init(_ file: IndexedJournal) {
    let outline = file.outline
    self.init(
      path: file.source, device: outline.identity.device, inode: outline.identity.inode, build: outline.build,
      lines: outline.lines)
  }

  /// The marks as a cache file keeps them: their count, then each one's five words.
  static func put(_ marks: [IndexMark], into out: inout CacheWriter) { out.put(raw: marks) }

  /// What `put` wrote; nil when anything is out of place.
  static func read(from input: inout CacheReader) -> [IndexMark]? {
    guard let marks = input.raw(IndexMark.self), marks.allSatisfy({ $0.lines >= 0 }) else { return nil }
    return marks
  }

  /// The values a memo (`IndexMemo`) holds after the marks it stands on, and how those stand
  /// `now`; nil when there is none, or it is not one made for `key` (what else it depends on,
  /// hashed, with its format's version).
  static func cached<T: BitwiseCopyable>(_ type: T.Type, in memo: [UInt8]?, key: UInt64, now: [IndexMark]) -> (
    Staleness.Standing, [T]
  )? {
    guard let memo, case var input = CacheReader(memo), input.word() == key, let marks = read(from: &input),
      let values = input.raw(T.self), input.atEnd
    else { return nil }
    return (Staleness.standing(of: marks, on: now), values)
  }

  /// A memo holding `values` after the marks `now` they stand on (read with `cached`).
  static func memo<T: BitwiseCopyable>(_ values: [T], key: UInt64, now: [IndexMark]) -> [UInt8] {
    var out = CacheWriter(magic: [])
    out.put(key)
    put(now, into: &out)
    out.put(raw: values)
    return out.bytes
  }
}
