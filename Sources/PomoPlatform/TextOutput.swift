#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Somewhere to write text: the terminal, a pipe, or a buffer in a test.
package protocol TextOutput: AnyObject {
  func write(_ text: String)
  /// Whether the reader has gone (a closed pipe): nothing written arrives any more.
  var isClosed: Bool { get }
  /// The first write that failed for another reason (a full disk, `/dev/full`, an I/O error):
  /// what was printed is cut short, which `Pomo.main` reports for a command's printed output.
  var failure: FileSystemError? { get }
}

extension TextOutput {
  package var isClosed: Bool { false }
  package var failure: FileSystemError? { nil }

  /// Whether more text is worth writing: a long writer (`log --json`, `status --follow`) stops
  /// when the reader has gone or a write has failed.
  package var takesMore: Bool { !isClosed && failure == nil }
}
