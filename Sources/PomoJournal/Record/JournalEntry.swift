import PomoCore

/// One line of the journal, read: a session, a correction or a task.
package enum JournalEntry: Equatable, Sendable {
  case session(JournalRecord)
  case correction(Correction)
  case task(TaskRecord)

  package var id: String {
    switch self {
    case .session(let record): record.id
    case .correction(let correction): correction.id
    case .task(let task): task.id
    }
  }

  /// Reads a line of either kind; a kind this pomo does not know is a problem, so the line
  /// is skipped with a warning like any damaged one.
  package init(line: ArraySlice<UInt8>, detail: Bool = true) throws(JournalRecord.Problem) {
    self = try line.withUnsafeBufferPointer { (buffer) throws(JournalRecord.Problem) in
      try RecordScanner.decodeEntry(buffer, detail: detail)
    }
  }
}
