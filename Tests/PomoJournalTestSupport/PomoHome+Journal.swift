import PomoJournal
import PomoTestSupport

/// This machine's journal in a `PomoHome`: what needs the journal's names and records.
extension PomoHome {
  /// This machine's journal file in this HOME (see `journalFile`).
  package var journalPath: String { folder.file(journalFile(path)) }

  /// The records of this machine's journal file, in file order.
  package func records() throws -> [JournalRecord] { try journalRecords(journalPath) }
}
