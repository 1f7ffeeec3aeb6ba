import PomoCore
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
}
