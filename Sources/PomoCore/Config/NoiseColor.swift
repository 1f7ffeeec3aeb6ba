/// The noises pomo makes itself to work in (`"sounds": {"ambient": "brown"}`), named by how
/// their power falls with pitch, so there are no sound files to ship or license.
package enum NoiseColor: String, CaseIterable, Sendable {
  /// Power falls 6 dB an octave: a low rumble, like a waterfall far off; the softest to work in.
  case brown
  /// Power falls 3 dB an octave: the same power in each octave, like steady rain.
  case pink
  /// The same power at every pitch: a hiss, like a fan or a radio between stations.
  case white
}
