/// One countdown in a preset, before expansion into a plan.
package struct PhaseTemplate: Equatable, Sendable {
  /// The name as written: `{exercise}` and `{round}` in it are filled in by the plan.
  package var name: String
  package var kind: PhaseKind
  package var duration: Duration
  /// The exercises a work phase cycles through, one a round; empty for none.
  package var exercises: [String] = []
  /// The parts the phase is cut into, equal in time (`["left", "right"]`); empty for none.
  package var split: [String] = []
  /// What the phase asks to count, if anything.
  package var count: PhaseCount?
  /// How long before its end the phase warns (`"warn_before": "2m"`); nil for the config's.
  package var warnBefore: Duration?
  /// Whether the phase is open (`"duration": "open"`, work only): it has no end of its own and
  /// counts up until the person goes on; `duration` is then zero.
  package var open = false

  /// The most parts a split may have, and the least time a part may take.
  package static let splitParts = 2...4
  package static let shortestPart: Duration = .seconds(1)
  /// The most exercises a phase may list, and the most columns an exercise's name may take.
  package static let exerciseLimit = 1000
  package static let exerciseColumns = 200

  package init(
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
