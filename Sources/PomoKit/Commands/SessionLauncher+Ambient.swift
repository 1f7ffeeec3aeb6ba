import PomoCore
import PomoPlatform
import PomoTerminal

extension SessionLauncher {
  /// The ambient sound's loop and the player that plays it, when `"sounds".ambient` is set and
  /// both exist; else nil, with a warning (on stderr and for the big display) saying why none
  /// plays. A missing file is a warning, not an error: the session runs, in silence.
  static func ambient(_ sounds: SoundSettings, _ context: Context, warnings: inout [String]) -> (
    player: [String], loop: WAVLoop
  )? {
    guard let source = sounds.ambient else { return nil }
    func warn(_ warning: String) -> (player: [String], loop: WAVLoop)? {
      context.errors.write("pomo: warning: \(warning)\n")
      warnings.append(warning)
      return nil
    }
    guard let player = AmbientSound.player(configured: sounds.player, path: context.environment["PATH"]) else {
      let looked = sounds.player.map { "'\($0[0])'" } ?? "pw-play, paplay, aplay or ffplay"
      return warn("no player for the ambient sound found (\(looked)); focus runs in silence")
    }
    let folder = context.paths.cacheDirectory ?? context.paths.stateDirectory
    switch SoundFiles.ambient(source, volume: sounds.volume, folder: folder) {
    case .success(let found): return (player, found.loop)
    case .failure(let problem): return warn("\(problem); focus runs in silence")
    }
  }

  /// The ambient sound as a listener, when the setup found one; close it when the session ends.
  static func addAmbient(_ setup: Setup, _ context: Context, to listeners: inout [SessionListener]) -> AmbientSound? {
    guard let ambient = setup.ambient else { return nil }
    let environment = context.environment
    let errors = context.errors
    let player = ambient.player[0]
    let sound = AmbientSound(
      loop: ambient.loop,
      start: { loop in
        ChildProcess.startLooping(
          ambient.player, environment: environment, head: loop.head, loop: loop.loop,
          bytesPerSecond: loop.bytesPerSecond)
      },
      warn: { errors.write("pomo: warning: the ambient sound's player '\(Spawner.inertText(player))' \($0)\n") })
    listeners.append(sound)
    return sound
  }
}
