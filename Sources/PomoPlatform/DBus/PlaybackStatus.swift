/// What a media player says it is doing: MPRIS's `PlaybackStatus`, or what macOS's Music and
/// Spotify call their `player state`.
package enum PlaybackStatus: String, Equatable, Sendable {
  case playing = "Playing"
  case paused = "Paused"
  case stopped = "Stopped"

  /// The status in MPRIS's words or AppleScript's (`playing`, `paused`, `stopped`), any case.
  package init?(text: String) {
    switch text.lowercased() {
    case "playing": self = .playing
    case "paused": self = .paused
    case "stopped": self = .stopped
    default: return nil
    }
  }

  /// "playing", as a person reads it.
  package var word: String { rawValue.lowercased() }
}
