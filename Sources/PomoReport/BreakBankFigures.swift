/// Today's break bank as a report shows it: what is in it and its cap, in seconds.
public struct BreakBankFigures: Equatable, Sendable {
  public var seconds: Double
  public var cap: Double

  public init(seconds: Double, cap: Double) {
    self.seconds = seconds
    self.cap = cap
  }
}
