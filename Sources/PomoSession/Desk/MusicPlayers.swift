import PomoPlatform

/// The media players of the desktop, as `MusicFollower` drives them: MPRIS on the session bus
/// (`MPRISPlayers`), Music and Spotify on macOS (`AppleScriptPlayers`), or a fake in the tests.
///
/// Every call is bounded in time: a player that does not answer in time is left out of the
/// answer and named in `late`, and the session goes on.
package protocol MusicPlayers: AnyObject {
  /// Every player there now with its status, or only those of `ids` that are still there.
  func survey(_ ids: [String]?) -> MusicAnswers
  /// Pauses the players `ids`: those that accepted.
  func pause(_ ids: [String]) -> MusicAnswers
  /// Resumes the players `ids`: those that accepted.
  func play(_ ids: [String]) -> MusicAnswers
  /// Watches `ids` for changes of status made by someone else (`changes()`); only those.
  func watch(_ ids: Set<String>)
  /// The changes of status of the watched players heard since the last call.
  func changes() -> [MusicPlayer]
  /// The descriptors to wait on for changes (empty when none are heard).
  var descriptors: [Int32] { get }
  /// Why the players can no longer be reached, once they cannot, in words that follow "the
  /// session bus": "went away (the bus closed the connection)", "does not answer in time (…)".
  var failure: String? { get }
  func close()
}

/// What the players answered to one request.
package struct MusicAnswers: Equatable, Sendable {
  /// Those that answered, with their status (after the request, for a pause or a play).
  package var players: [MusicPlayer]
  /// The names of those that did not answer in time.
  package var late: [String]

  package init(players: [MusicPlayer] = [], late: [String] = []) {
    self.players = players
    self.late = late
  }
}
