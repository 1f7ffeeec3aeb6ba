import PomoCore

/// One of the sessions that started last, as `pomo log --json` prints it (`History.newestLines`).
package enum NewestSession: Equatable, Sendable {
  /// No correction changed the session: its line, as the journal holds it (a slice of the
  /// batch of lines read with it).
  case line(ArraySlice<UInt8>)
  /// A correction changed the session: the session as it now stands.
  case corrected(JournalRecord)
}
