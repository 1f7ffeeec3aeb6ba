/// One call through the file-system seam (`FileCalls`): what it does, to which file, and its
/// place among the calls one `FileFaults` has seen, so a test can fail exactly the k-th.
package struct FileOperation: Sendable, Equatable, CustomStringConvertible {
  /// The system calls the seam hooks: the ones a journal append, a cache write and their
  /// readers make (never a per-line or per-byte loop).
  package enum Kind: String, Sendable, CaseIterable {
    case open, read, write, sync, rename, truncate
  }

  package var kind: Kind
  /// The file the call acts on; for a rename, the name it gives.
  package var path: String
  /// 0 for the first call the injector saw, then 1, 2, …, in the order they were made.
  package var number: Int

  package init(kind: Kind, path: String, number: Int) {
    self.kind = kind
    self.path = path
    self.number = number
  }

  /// "#3 write /home/…/journal.jsonl", for a test's message.
  package var description: String { "#\(number) \(kind.rawValue) \(path)" }
}
