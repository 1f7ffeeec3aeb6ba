/// Why a text is not JSON, and where.
public struct JSONSyntaxError: Error, Equatable, Sendable {
  public var message: String
  public var position: SourcePosition
}
