/// Why a text is not JSON, and where.
package struct JSONSyntaxError: Error, Equatable, Sendable {
  package var message: String
  package var position: SourcePosition
}
