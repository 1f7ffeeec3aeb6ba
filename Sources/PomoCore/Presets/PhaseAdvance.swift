/// What happens when a phase's time is up: the next phase starts at once (`auto`), or the
/// phase waits in overtime until the person says to go on (`confirm`).
package enum PhaseAdvance: String, Sendable, CaseIterable {
  case auto
  case confirm
}
