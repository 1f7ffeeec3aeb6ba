import PomoCore
import PomoJournal
import PomoPlatform

/// The sessions of one or more journal files, read through their indexes and folded
/// (`Fold`): the fast way to read history (`History`). Its work is an extension a concern
/// (`IndexedHistory+Reading`, `+Corrections`, `+Finding`, `+Tasks`, `+Streak`, `+SharedIDs`,
/// `+Totals`).
package final class IndexedHistory: History {
  package let files: [IndexedJournal]
  /// Each file's corrections and added sessions, sorted by session.
  package let correctionTables: [CorrectionTable]
  /// Corrections that move a session in time, change its status or remove it.
  let movingRefs: [JournalIndex.CorrectionRef]
  /// Whether any file holds a correction or an added session: without, nothing is folded.
  let corrected: Bool

  /// The hashes of the ids more than one file holds, sorted (`History+SharedIDs`), worked
  /// out when first needed: read it before handing work to other threads.
  package private(set) lazy var sharedIDHashes: [UInt64] = findSharedIDs()
  /// How many chunks `newest` read, so tests can tell the work of `log` follows the answer.
  package internal(set) var chunksRead = 0

  /// Where the day totals are kept (nil: a report adds up the records), and the journal's
  /// name, which messages about them give.
  let totalsFolder: String?
  let name: String

  package init(files: [IndexedJournal], totalsFolder: String? = nil, name: String = "") {
    self.files = files
    self.totalsFolder = totalsFolder
    self.name = name
    correctionTables = files.map(\.corrections)
    movingRefs = correctionTables.flatMap { $0.all.filter(\.movesOrRemoves) }
    corrected = correctionTables.contains { $0.count > 0 }
  }
}
