import PomoCore
import PomoPlatform

/// What a cache made from report indexes (the day totals, the streak, the ids several files
/// hold) stands on, for one journal file: which file, which build of its index, and how many
/// of its lines. `Staleness.standing` is the one rule that compares them.
package struct IndexMark: Equatable, Sendable {
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

  /// The marks as a cache file keeps them.
  static func put(_ marks: [IndexMark], into out: inout CacheWriter) {
    out.put(Int64(marks.count))
    for m in marks {
      out.put(m.path)
      out.put(m.device)
      out.put(m.inode)
      out.put(m.build)
      out.put(m.lines)
    }
  }

  /// What `put` wrote; nil when anything is out of place.
  static func read(from input: inout CacheReader) -> [IndexMark]? {
    guard let count = input.int(), count >= 0, count <= input.remaining / 40 else { return nil }
    var marks: [IndexMark] = []
    marks.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard let path = input.word(), let device = input.word(), let inode = input.word(), let build = input.word(),
        let lines = input.int(), lines >= 0
      else { return nil }
      marks.append(IndexMark(path: path, device: device, inode: inode, build: build, lines: lines))
    }
    return marks
  }
}
