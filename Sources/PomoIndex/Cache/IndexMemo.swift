import PomoCore
import PomoJournal
import PomoPlatform

/// The kinds of memo a history keeps in its first file's index file (`IndexTail`): small
/// caches made from the report indexes of all its files, which cost more to work out on every
/// report than the report itself (BENCHMARKS.md, "The two memos").
///
/// Each kind is the tag of its blocks: eight letters, far in bits from every other tag of an
/// index file, so no flipped bit makes a damaged append look like a memo (a memo that fails
/// its check is passed over, while an append that fails ends the appends).
package enum IndexMemo: UInt64, CaseIterable, Sendable {
  /// "MEMOSTRK": the run of streak days last counted (`IndexedHistory.streak`).
  case streak = 0x4B52_5453_4F4D_454D
  /// "MEMOSHID": the hashes of the ids more than one file holds (`IndexedHistory.findSharedIDs`).
  case sharedIDs = 0x4449_4853_4F4D_454D
}
