/// The journal file: JSON Lines, one session a line, appended and never rewritten.
public struct Journal {
  public var path: String

  public init(path: String) {
    self.path = path
  }

  /// Appends a record durably (see `Platform.appendLine`).
  public func append(_ record: JournalRecord) throws(FileSystemError) {
    try Platform.appendLine(record.json(offset: Platform.localOffset).text, to: path)
  }

  /// A line that could not be read, with its 1-based number.
  public struct BadLine: Equatable, Sendable {
    public var number: Int
    public var reason: String
  }

  /// Reads every record in file order, streaming. Damaged lines go to `bad`; a record whose id
  /// was already seen is skipped, so a journal merged twice counts each session once.
  /// Returns false when the file cannot be read (a missing file is an empty journal).
  public func forEach(
    bad: (BadLine) -> Void, _ body: (JournalRecord, _ line: ArraySlice<UInt8>) -> Void
  ) throws(FileSystemError) {
    guard Platform.fileExists(path) else { return }
    var reader = try LineReader(path: path)
    defer { reader.close() }
    var seen = Set<String>()
    while let (line, terminated) = try reader.next() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
      do {
        let record = try JournalRecord(line: line)
        if seen.insert(record.id).inserted { body(record, line) }
      } catch {
        let reason = terminated ? error.message : "the last line is cut short (\(error.message))"
        bad(BadLine(number: reader.lineNumber, reason: reason))
      }
    }
  }
}
