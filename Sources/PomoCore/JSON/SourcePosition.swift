/// A place in a text file, 1-based, as editors count it.
package struct SourcePosition: Equatable, Sendable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  package var description: String { "\(line):\(column)" }
}
