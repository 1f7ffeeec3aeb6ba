import PomoPlatform

/// How long the break after an open focus phase (`"duration": "open"`, Flowtime) lasts,
/// earned from how long the focus ran: a share of it (`"rest_ratio": 0.2`) or a table of
/// limits (`"rest_rules": [["25m", "5m"], ["50m", "8m"], [null, "15m"]]`).
package enum EarnedRest: Equatable, Sendable {
  /// One row of `rest_rules`: a focus under `under` earns `rest`; `under` nil is "any longer".
  package struct Rule: Equatable, Sendable {
    package var under: Duration?
    package var rest: Duration

    package init(under: Duration?, rest: Duration) {
      self.under = under
      self.rest = rest
    }
  }

  /// Rest is this share of the focus: more than 0 and less than 1.
  case ratio(Double)
  /// The first row whose limit the focus is under; past every limit, the last row's rest.
  case rules([Rule])

  /// The longest rest any rule earns: a day, as the longest phase.
  package static let longest: Duration = .seconds(86_400)

  /// The rest `focus` earns, to the millisecond.
  package func rest(after focus: Duration) -> Duration {
    let focus = max(.zero, focus)
    switch self {
    case .ratio(let ratio):
      let millis = (Double(SessionEngine.nanos(focus)) / 1_000_000 * ratio).rounded()
      return min(Self.longest, .milliseconds(Int64(millis)))
    case .rules(let rules):
      let row = rules.first { $0.under.map { focus < $0 } ?? true } ?? rules.last
      return row?.rest ?? .zero
    }
  }
}
