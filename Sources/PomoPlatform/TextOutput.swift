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
}

extension TextOutput {
  package var isClosed: Bool { false }
}
