/// pomo's own sounds, made when first needed, so there are no sound files to ship or license.
package enum BuiltInSound: String, CaseIterable, Sendable {
  /// The end of focus: a bright tone that fades.
  case chime
  /// The end of a break: a lower, longer one.
  case bell
  /// A soft tick for each second of focus, made as a minute of ticks so that one player
  /// plays a minute.
  case tick
}
