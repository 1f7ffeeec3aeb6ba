import PomoCore
import PomoJournal
import PomoPlatform

/// The one rule that says whether a cache still stands on what it was made from, in two
/// steps: the report index on its journal file (`mustRebuild`), and every cache made from
/// report indexes (the day totals, the streak, the ids several files hold) on those indexes
/// (`standing`).
///
/// A journal file's index no longer stands when the file is another one (device, inode), shorter than what was read, or
/// edited in place: the same size yet written since (its modification or change time moved;
/// the change time cannot be set back by a program), or different in the first or the last
/// 4 KiB of what was read. Otherwise only lines were appended, and the cache reads them.
package enum Staleness {
  /// How many bytes at each end of what was read are hashed.
  package static let hashedEnds: Int64 = 4096

  /// Whether a cache made when the file was `was`, covering `length` bytes whose ends hash
  /// to `head` and `tail`, must be built again for the file as it is `now`.
  package static func mustRebuild(
    _ file: RandomAccessFile, now: FileIdentity, was: FileIdentity, length: Int64, head: UInt64, tail: UInt64
  ) throws(FileSystemError) -> Bool {
    if now.device != was.device || now.inode != was.inode || now.size < length { return true }
    if now.size == was.size && (now.modified != was.modified || now.changed != was.changed) { return true }
    let ends = try hashes(file, length: length)
    return ends.head != head || ends.tail != tail
  }

  /// The hashes of the first and the last 4 KiB of the first `length` bytes.
  package static func hashes(_ file: RandomAccessFile, length: Int64) throws(FileSystemError) -> (
    head: UInt64, tail: UInt64
  ) {
    let span = min(length, hashedEnds)
    guard span > 0 else { return (0, 0) }
    return (
      FNV1a.hash(try file.read(exactly: Int(span), at: 0)),
      FNV1a.hash(try file.read(exactly: Int(span), at: max(0, length - hashedEnds)))
    )
  }

  /// How a cache made from report indexes, when they stood at `was`, stands on them `now`.
  package enum Standing: Equatable {
    /// Nothing changed: the cache is the answer.
    case current
    /// Lines were appended (or files came): the cache stands, and may read what the files
    /// gained since the lines it covers (`covered`, one for each file of `now`, 0 for a new one).
    case grown(covered: [Int64])
    /// A file it was made from is gone, another one, on another build of its index (built
    /// again because it was replaced, cut or edited in place), or shorter: build it again.
    case stale
  }

  /// The rule for every cache made from report indexes.
  package static func standing(of was: [IndexMark], on now: [IndexMark]) -> Standing {
    var covered = [Int64](repeating: 0, count: now.count)
    // Files are mostly in the same order as before: the files are looked up by path (in a
    // table made the first time one is out of place) only when they are not.
    var places: [UInt64: Int]?
    for (n, mark) in was.enumerated() {
      if n >= now.count || now[n].path != mark.path, places == nil {
        places = Dictionary(now.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
      }
      let place = n < now.count && now[n].path == mark.path ? n : places?[mark.path]
      guard let k = place, now[k].device == mark.device,
        now[k].inode == mark.inode, now[k].build == mark.build, now[k].lines >= mark.lines
      else { return .stale }
      covered[k] = mark.lines
    }
    return was.count == now.count && covered == now.map(\.lines) ? .current : .grown(covered: covered)
  }
}
