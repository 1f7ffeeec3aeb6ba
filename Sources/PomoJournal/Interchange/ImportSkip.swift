/// An element of another tool's data that could not become a session, and why.
package struct ImportSkip: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line of the file the element starts on.
  package var line: Int
  /// Lowercase, naming the element ("interval 3", "frame 2") and what is wrong with it.
  package var reason: String
  /// Whether the element is no session yet, rather than one that could not be read: a
  /// Timewarrior interval still running. Skipping it leaves nothing out of the import.
  package var running: Bool

  package init(line: Int, reason: String, running: Bool = false) {
    self.line = line
    self.reason = reason
    self.running = running
  }

  /// What is wrong with an element being read, before its line and name are known.
  init(_ reason: String, running: Bool = false) { self.init(line: 0, reason: reason, running: running) }

  /// "line 4: interval 3 is still running (it has no end)".
  package var description: String { "line \(line): \(reason)" }
}
