/// The spans of time away a phase records: closing them as the phase pauses, resumes or ends,
/// and reading them while it runs.
extension SessionEngine {
  /// The most spans away a session records (about 130 bytes each in its journal line), so no
  /// desk that goes idle and back all day makes a record too long to write; past it, a phase's
  /// last span stretches to the new one's end (the time between counts as away), and a phase
  /// with none records none.
  package static let awaySpanLimit = 1000

  /// Closes the piece under way of the current phase's span away at `t`, if the person is
  /// away: a pause or resume while away opens the next piece, the phase's end closes the last.
  /// A piece the phase was paused through by hand is no span (`AwayState.recordsPiece`).
  mutating func closeAwaySpan(at t: Duration) {
    guard var state = away else { return }
    if t > state.phaseSince && state.recordsPiece && awaySpanCount >= Self.awaySpanLimit {
      if !phaseAway.isEmpty { phaseAway[phaseAway.count - 1].end = t }
    } else if t > state.phaseSince && state.recordsPiece {
      awaySpanCount += 1
      phaseAway.append(
        AwaySpan(
          start: state.phaseSince, end: t, cause: state.cause, paused: state.phasePaused, episode: state.episode))
    }
    state.phaseSince = t
    away = state
  }

  /// The spans away of the current phase so far, the open one up to now.
  package var currentAway: [AwaySpan] {
    guard !isFinished else { return [] }
    var spans = closedAway
    if let open = openAway, open.end > open.start { spans.append(open) }
    return spans
  }

  /// The spans away of the current phase that have closed.
  package var closedAway: [AwaySpan] { isFinished ? [] : phaseAway }

  /// The piece of time away under way in the current phase, up to now (of no length at the
  /// moment the person leaves): it runs on until they come back, the phase pauses or resumes,
  /// or the phase ends. Nil when they are not away, or the phase is paused by hand.
  package var openAway: AwaySpan? {
    guard !isFinished, let state = away, state.recordsPiece else { return nil }
    return AwaySpan(
      start: state.phaseSince, end: max(state.phaseSince, clock.now()), cause: state.cause,
      paused: state.phasePaused, episode: state.episode)
  }
}
