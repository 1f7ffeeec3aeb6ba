/// What a parser made of another tool's data: the sessions, in the file's order, and what it
/// skipped. A parser never fails as a whole: a file that cannot be read at all is one skip.
public struct ImportResult: Sendable {
  public var records: [JournalRecord]
  public var skipped: [ImportSkip]

  public init(records: [JournalRecord] = [], skipped: [ImportSkip] = []) {
    self.records = records
    self.skipped = skipped
  }
}
