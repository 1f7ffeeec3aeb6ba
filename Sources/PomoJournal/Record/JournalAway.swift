import PomoCore

/// A span of a phase during which the person was away, as the journal records it:
/// `{"start":…,"end":…,"cause":"lock","paused":true,"kept":true}`.
package struct JournalAway: Equatable, Sendable {
  /// Seconds since 1970.
  package var start: Double
  package var end: Double
  /// "lock", "idle", "sleep" or "command"; a cause a newer pomo wrote is kept as it is.
  package var cause: String
  /// Whether the phase was paused through it: its time is then in the phase's paused time,
  /// not in its elapsed time.
  package var paused: Bool
  /// Kept (true) or dropped (false) when decided; nil until then.
  package var kept: Bool?

  package init(start: Double, end: Double, cause: String, paused: Bool = false, kept: Bool? = nil) {
    self.start = start
    self.end = end
    self.cause = cause
    self.paused = paused
    self.kept = kept
  }

  /// A span the engine kept, its times on the wall clock.
  package init(_ span: AwaySpan, of engine: SessionEngine) {
    self.init(
      start: engine.wallTime(span.start), end: engine.wallTime(span.end), cause: span.cause.rawValue,
      paused: span.paused, kept: span.kept)
  }

  package var seconds: Double { max(0, end - start) }

  package func json(_ time: (Double) -> JSONOutput) -> JSONOutput {
    var members: [(String, JSONOutput)] = [("start", time(start)), ("end", time(end)), ("cause", .string(cause))]
    if paused { members.append(("paused", .bool(true))) }
    if let kept { members.append(("kept", .bool(kept))) }
    return .object(members)
  }

  /// `elapsed` with the spans' changes (`AwayCredit`), never below zero: time that counted (not
  /// paused) comes off unless kept; time paused through is added only when kept.
  static func credit(_ elapsed: Double, _ spans: [JournalAway]) -> Double {
    guard !spans.isEmpty else { return elapsed }
    var total = elapsed
    for span in spans { total += span.seconds * Double(AwayCredit.sign(paused: span.paused, kept: span.kept)) }
    return max(0, total)
  }
}
