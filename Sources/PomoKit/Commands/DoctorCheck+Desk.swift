import PomoCore
import PomoPlatform
import PomoSession
import PomoTerminal

/// The checks of what a session uses on the desktop: the config, notifications,
/// do-not-disturb and the sound players.
extension DoctorCheck {
  static func config(_ input: Input) -> [String] {
    let path = input.context.paths.configFile
    guard Platform.fileExists(path) else { return ["\(path): none, so every default"] }
    do {
      _ = try ConfigAccess.load(input.context)
      return ["\(path): read"]
    } catch {
      // The error as 'pomo start' says it, which names the file, line and field.
      guard case .data(let message) = error else { return ["\(path): \(error); the checks below use the defaults"] }
      return ["\(message); the checks below use the defaults"]
    }
  }

  static func notifications(_ input: Input) -> [String] {
    var lines = DesktopNotifications.doctor(environment: input.environment)
    if let notifier = Notifier.find(environment: input.environment) {
      lines.append("fallback: \(notifier)")
    } else {
      lines.append("fallback: none (notify-send not found)")
    }
    if !input.config.notify { lines.append("off in the config (\"notify\": false)") }
    return lines
  }

  static func doNotDisturb(_ input: Input) -> [String] {
    let settings = input.config.doNotDisturb
    let environment = input.environment
    // Asked even when "dnd" is off, as if it were on: what would answer if it were turned on.
    var asked = settings
    if !asked.isOn { asked.kinds = [.work] }
    let found = DoNotDisturbBackend.choose(
      asked, environment: environment, present: { Spawner.resolve($0, path: environment["PATH"]) != nil },
      run: { Spawner.output($0, environment: environment, timeout: .seconds(5), limit: 4096) })
    var lines = [settings.isOn ? "on in the config (\"dnd\")" : "off (\"dnd\": true turns it on)"]
    if let found {
      lines.append("backend: \(found.name)")
    } else {
      lines.append("backend: none answered (looked for \(DoNotDisturbBackend.looked(asked, environment: environment)))")
    }
    return lines
  }

  static func soundPlayers(_ input: Input) -> [String] {
    let path = input.environment["PATH"]
    var lines: [String] = []
    if let player = input.config.sounds.player {
      let found = Spawner.resolve(player[0], path: path)
      lines.append("configured: \(player[0]) " + (found.map { "(\($0))" } ?? "(not found)"))
    }
    var found: [String] = []
    var missing: [String] = []
    for player in SoundSettings.players {
      if let file = Spawner.find(player[0], path: path) { found.append(file) } else { missing.append(player[0]) }
    }
    lines.append(found.isEmpty ? "found: none" : "found: " + found.joined(separator: ", "))
    if !missing.isEmpty { lines.append("not found: " + missing.joined(separator: ", ")) }
    if let first = PhaseSounds.player(path: path), input.config.sounds.player == nil {
      lines.append("plays with: \(first[0])")
    }
    if input.config.sounds.isEmpty { lines.append("no sounds in the config (\"sounds\")") }
    return lines
  }
}
