/// The away policy of each kind of phase, and how long a desk must be idle before it counts.
package struct AwayRules: Equatable, Sendable {
  package var work: AwayPolicy
  package var rest: AwayPolicy
  /// How long an idle source without a threshold of its own (logind's `IdleHint`) must say
  /// idle before the person counts as away (`"idle_after"`).
  package var idleAfter: Duration

  package init(work: AwayPolicy = .pause, rest: AwayPolicy = .run, idleAfter: Duration = Self.defaultIdleAfter) {
    self.work = work
    self.rest = rest
    self.idleAfter = idleAfter
  }

  package static let defaultIdleAfter: Duration = .seconds(300)
  /// The config's default: focus pauses when you leave, a break goes on.
  package static let standard = AwayRules()
  /// The time counts in every phase, and the spans are recorded: what an engine does when it
  /// is told nothing (tests, and sessions before away was known).
  package static let counting = AwayRules(work: .run, rest: .run)

  package func policy(for kind: PhaseKind) -> AwayPolicy { kind == .work ? work : rest }
}
