import PomoPlatform

/// One media player as pomo sees it at one moment.
package struct MusicPlayer: Equatable, Sendable {
  /// What pomo holds on to: the connection's unique name on the bus (":1.42"), which no other
  /// player ever takes, so a player that quits and starts again is a new one; on macOS, the
  /// application's name.
  package var id: String
  /// What a person reads: the player's well-known name (`org.mpris.MediaPlayer2.mpv`).
  package var name: String
  package var status: PlaybackStatus

  package init(id: String, name: String, status: PlaybackStatus) {
    self.id = id
    self.name = name
    self.status = status
  }
}
