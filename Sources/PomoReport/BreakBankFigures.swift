/// Today's break bank as a report shows it: what is in it and its cap, in seconds.
package struct BreakBankFigures: Equatable, Sendable {
  package var seconds: Double
  package var cap: Double

  package init(seconds: Double, cap: Double) {
    self.seconds = seconds
    self.cap = cap
  }
}
