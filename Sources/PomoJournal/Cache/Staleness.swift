import PomoCore
import PomoPlatform

/// The one rule that says whether a cache made from the first `length` bytes of a journal
/// file still stands on that file, used by every cache that reads a journal file from where
/// it left off (the report index, the tag cache).
///
/// It does not when the file is another one (device, inode), shorter than what was read, or
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
    return (
      try JournalIndex.hash(file, at: 0, length: span),
      try JournalIndex.hash(file, at: max(0, length - hashedEnds), length: span)
    )
  }
}
