/// The away policy of each kind of phase, and how long a desk must be idle before it counts.
public struct AwayRules: Equatable, Sendable {
  public var work: AwayPolicy
  public var rest: AwayPolicy
  /// How long an idle source without a threshold of its own (logind's `IdleHint`) must say
  /// idle before the person counts as away (`"idle_after"`).
  public var idleAfter: Duration

  public init(work: AwayPolicy = .pause, rest: AwayPolicy = .run, idleAfter: Duration = Self.defaultIdleAfter) {
    self.work = work
    self.rest = rest
    self.idleAfter = idleAfter
  }

  public static let defaultIdleAfter: Duration = .seconds(300)
  /// The config's default: focus pauses when you leave, a break goes on.
  public static let standard = AwayRules()
  /// The time counts in every phase, and the spans are recorded: what an engine does when it
  /// is told nothing (tests, and sessions before away was known).
  public static let counting = AwayRules(work: .run, rest: .run)

  public func policy(for kind: PhaseKind) -> AwayPolicy { kind == .work ? work : rest }
}
