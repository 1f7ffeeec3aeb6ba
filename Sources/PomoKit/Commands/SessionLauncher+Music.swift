import PomoCore
import PomoPlatform
import PomoSession

extension SessionLauncher {
  /// What makes the music follow the phases, when `"music"` is on: MPRIS players on the
  /// session bus (Music and Spotify through osascript on macOS). A session bus that cannot be
  /// reached is one warning, and the session runs without it.
  static func musicFollower(_ config: Config, _ context: Context) -> MusicFollower? {
    guard let pausedKind = config.music.pausedKind else { return nil }
    let errors = context.errors
    let warn: (String) -> Void = { errors.write($0 + "\n") }
    #if canImport(Darwin)
      let players: any MusicPlayers = AppleScriptPlayers(environment: context.environment)
    #else
      let players: any MusicPlayers
      switch MPRISPlayers.open(environment: context.environment) {
      case .success(let opened): players = opened
      case .failure(let error):
        warn(
          "pomo: warning: \"music\" is on, but the session bus cannot be reached: \(error); the music does not follow the phases"
        )
        return nil
      }
    #endif
    return MusicFollower(pausedKind: pausedKind, players: players, warn: warn)
  }
}
