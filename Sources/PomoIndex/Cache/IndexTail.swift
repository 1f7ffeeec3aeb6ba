import PomoCore
import PomoJournal
import PomoPlatform

/// What follows an index file's pages (`IndexCache`): the blocks appended since it was
/// written whole, where the next one goes, and the newest memo of each kind among them.
///
/// Two kinds of block are appended: a session appended to the journal costs an append (what
/// the new lines added to the index), and a history whose memo (`IndexMemo`) changed keeps
/// the new one as a block in its first file's index file. A memo carries the marks of every
/// file it stands on (`IndexMark`), so it stands or falls on its own, whatever the index file
/// it lies in says; the newest of each kind is the one read.
///
/// Memos grow the file as appends do, and count against the same room: past
/// `IndexedJournal.appendsBeforeRewrite` blocks, or an eighth of the file (at least 1 MiB),
/// the file is written whole again, and keeps only the newest memo of each kind.
package struct IndexTail {
  /// Where the next block goes, where the pages end and the appended blocks begin, how many
  /// blocks follow the pages, and the file's inode (a block goes only into the file read).
  var end: Int64 = 0
  var baseEnd: Int64 = 0
  var blocks = 0
  var inode: UInt64 = 0
  /// The payload of the newest memo of each kind that passed its check.
  var memos: [IndexMemo: [UInt8]] = [:]

  /// Whether a block whose payload is `count` bytes may still be appended, rather than the
  /// file written whole.
  func hasRoom(for count: Int) -> Bool {
    blocks < IndexedJournal.appendsBeforeRewrite
      && end - baseEnd + Int64(CacheFile.blockHeaderSize + count) <= max(1 << 20, baseEnd / 8)
  }

  /// Takes note of a block of `count` bytes (header and payload) appended at `end`.
  mutating func appended(_ count: Int) {
    end += Int64(count)
    blocks += 1
  }
}
