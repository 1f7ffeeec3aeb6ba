import PomoPlatform

/// What a work phase asks someone to count: the rounds of an AMRAP ("as many rounds as
/// possible"), marked one by one with `r` or `pomo rep` while it runs, or the reps done,
/// asked for when it ends.
package enum PhaseCount: String, Sendable, CaseIterable {
  case rounds
  case reps

  /// The most a count may be: more than anyone does in a phase, few enough digits to type.
  package static let range = 0...9999
}
