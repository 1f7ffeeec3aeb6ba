/// One countdown in a preset, before expansion into a plan.
public struct PhaseTemplate: Equatable, Sendable {
  /// The name as written: `{exercise}` and `{round}` in it are filled in by the plan.
  public var name: String
  public var kind: PhaseKind
  public var duration: Duration
  /// The exercises a work phase cycles through, one a round; empty for none.
  public var exercises: [String] = []
  /// The parts the phase is cut into, equal in time (`["left", "right"]`); empty for none.
  public var split: [String] = []
  /// What the phase asks to count, if anything.
  public var count: PhaseCount?
  /// How long before its end the phase warns (`"warn_before": "2m"`); nil for the config's.
  public var warnBefore: Duration?
  /// Whether the phase is open (`"duration": "open"`, work only): it has no end of its own and
  /// counts up until the person goes on; `duration` is then zero.
  public var open = false

  /// The most parts a split may have, and the least time a part may take.
  public static let splitParts = 2...4
  public static let shortestPart: Duration = .seconds(1)
  /// The most exercises a phase may list, and the most columns an exercise's name may take.
  public static let exerciseLimit = 1000
  public static let exerciseColumns = 200

  public init(
    name: String, kind: PhaseKind, duration: Duration, exercises: [String] = [], split: [String] = [],
    count: PhaseCount? = nil
  ) {
    self.name = name
    self.kind = kind
    self.duration = duration
    self.exercises = exercises
    self.split = split
    self.count = count
  }
}
