/// The sounds a session plays (`"sounds"` in the config): one when a focus phase's time is
/// up, one when a break's is, and a tick each second of focus (off unless set). Each is one of
/// pomo's own sounds, which it makes itself (`BuiltInSound`), or a sound file.
package struct SoundSettings: Equatable, Sendable {
  package enum Source: Equatable, Sendable {
    case builtIn(BuiltInSound)
    case file(String)
  }

  package var workEnd: Source?
  package var restEnd: Source?
  /// A tick each second while a focus phase runs; nil (the default) for none.
  package var tick: Source?
  /// A sound looped through focus, with no gap (`"ambient"`); nil (the default) for none.
  package var ambient: AmbientSource?
  /// How loud pomo's own sounds are made, 0 to 1 (sound files play as they are).
  package var volume = 0.6
  /// The player and its first arguments; nil for the first of `players` found on PATH.
  package var player: [String]?

  package static let volumes = 0.0...1.0

  /// The players looked for on PATH, in order, each with the arguments that make it play a
  /// file and exit quietly.
  package static let players: [[String]] = [
    ["pw-play"], ["paplay"], ["aplay", "-q"], ["afplay"], ["ffplay", "-nodisp", "-autoexit", "-loglevel", "quiet"],
  ]

  package init() {}

  package var isEmpty: Bool { workEnd == nil && restEnd == nil && tick == nil }

  /// The sound for the end of a phase of `kind`.
  package func end(of kind: PhaseKind) -> Source? { kind == .work ? workEnd : restEnd }
}
