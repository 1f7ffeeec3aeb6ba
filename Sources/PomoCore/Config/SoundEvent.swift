/// The moments a sound can play at: the keys of the config's `sound`.
package enum SoundEvent: String, CaseIterable, Sendable {
  /// A phase's time is up.
  case phaseEnd = "phase_end"
}
