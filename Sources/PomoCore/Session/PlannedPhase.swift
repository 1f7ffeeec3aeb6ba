/// One phase of an expanded plan, placed on the session's timeline.
package struct PlannedPhase: Equatable, Sendable {
  package var index: Int
  package var name: String
  package var kind: PhaseKind
  package var duration: Duration
  /// 1-based round, or nil for warm-up and cool-down phases.
  package var round: Int?
  /// When the phase starts, counted from the start of the session.
  package var offset: Duration
  /// The exercise this round takes from the phase's list, if it has one.
  package var exercise: String?
  /// What the phase asks to count, if anything.
  package var count: PhaseCount?
  /// Which part of a split phase this is ("left"), if the phase is split.
  package var part: String?
  /// How long before its end the phase warns that time is nearly up, if it does.
  package var warnBefore: Duration?
  /// Whether the phase is open (Flowtime): no deadline, it counts up until someone goes on.
  package var open = false

  /// The fields a phase's name may hold, filled in for each round.
  package static let exerciseField = "{exercise}"
  package static let roundField = "{round}"

  /// `phases` numbered from 0 and timed from the first: what a plan, the rest of a plan
  /// being resumed, and the state file's "still to come" all need.
  package static func renumbered(_ phases: some Sequence<PlannedPhase>) -> [PlannedPhase] {
    var offset = Duration.zero
    return phases.enumerated().map { i, phase in
      var phase = phase
      phase.index = i
      phase.offset = offset
      offset += phase.duration
      return phase
    }
  }

  package init(index: Int, name: String, kind: PhaseKind, duration: Duration, round: Int?, offset: Duration) {
    self.index = index
    self.name = name
    self.kind = kind
    self.duration = duration
    self.round = round
    self.offset = offset
  }
}
