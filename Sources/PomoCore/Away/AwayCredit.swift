/// The one rule for what a span away does to the time its phase counts for, shared by the
/// engine (the summary a session prints) and the journal (every report), so the two agree.
package enum AwayCredit {
  /// The sign a span's length is counted with: time the phase ran through while away comes
  /// off (-1) unless kept; time the away policy paused it through is put in (+1) only when
  /// kept; anything else changes nothing (0). A pause of your own is no span at all.
  @inlinable
  package static func sign(paused: Bool, kept: Bool?) -> Int {
    guard paused == (kept == true) else { return 0 }
    return paused ? 1 : -1
  }
}
