import PomoCore
import PomoSession
import PomoTerminal

/// The checks of the room around the timer: the music players, what keeps the machine awake
/// and locks the screen, and the ambient sound.
extension DoctorCheck {
  static func music(_ input: Input) -> [String] {
    let state =
      input.config.music.isOn
      ? "on in the config (\"music\")" : "off (\"music\": {\"work\": \"play\", \"rest\": \"pause\"} turns it on)"
    return [state] + MusicFollower.doctor(environment: input.environment).map { untitled($0, "music: ") }
  }

  static func sleepAndScreen(_ input: Input) -> [String] {
    let inhibit =
      input.config.inhibit.isOn ? "inhibit: on in the config" : "inhibit: off (\"inhibit\": true turns it on)"
    let lock: String
    switch input.config.breakLock.breaks {
    case .none: lock = "break lock: off (\"break_lock\": true turns it on)"
    case .every: lock = "break lock: every break"
    case .long: lock = "break lock: long breaks only"
    }
    return [inhibit, lock]
      + Inhibitors.doctor(environment: input.environment, breakLockCommand: input.config.breakLock.command)
  }

  static func ambientSound(_ input: Input) -> [String] {
    let state =
      input.config.sounds.ambient == nil
      ? "off (\"sounds\": {\"ambient\": \"brown\"} turns it on)" : "on in the config (\"sounds\".ambient)"
    return [state]
      + AmbientSound.doctor(environment: input.environment, configured: input.config.sounds.player).map {
        untitled($0, "ambient sound: ")
      }
  }

  /// `line` without `prefix`, which the section's title says already.
  private static func untitled(_ line: String, _ prefix: String) -> String {
    line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : line
  }
}
