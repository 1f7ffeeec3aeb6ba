import PomoCore

/// What a session may send through the terminal, decided once before it starts.
package struct TerminalSignalSettings: Equatable, Sendable {
  package var title: Bool
  package var progress: Bool
  package var notify: TerminalSequence.NotifyKind?
  /// Inside tmux: notifications and progress are wrapped to pass through to the outer terminal.
  /// (The title is not: tmux keeps it as the pane's title, and shows it if asked to.)
  package var tmux: Bool

  package init(title: Bool, progress: Bool, notify: TerminalSequence.NotifyKind?, tmux: Bool) {
    self.title = title
    self.progress = progress
    self.notify = notify
    self.tmux = tmux
  }

  package static let none = TerminalSignalSettings(title: false, progress: false, notify: nil, tmux: false)

  /// The settings for a session. `liveTerminal` is whether stdout is a terminal that is not
  /// dumb; without one nothing is sent. `notify` is whether notifications are on at all
  /// (`--no-notify` and `"notify": false` turn these off too); `hasNotifier` whether a desktop
  /// notifier is installed here.
  package static func resolve(
    title: Bool, notify: TerminalNotifyChoice, progress: TerminalProgressChoice, notifications: Bool,
    hasNotifier: Bool, liveTerminal: Bool, environment: [String: String]
  ) -> TerminalSignalSettings {
    guard liveTerminal, environment["TERM"] != "dumb" else { return .none }
    var kind: TerminalSequence.NotifyKind?
    switch notify {
    case .off: kind = nil
    case .osc777: kind = .osc777
    case .osc9: kind = .osc9
    case .kitty: kind = .kitty
    case .auto:
      let remote = has("SSH_CONNECTION", environment) || has("SSH_TTY", environment)
      kind = (remote || !hasNotifier) ? recognisedNotifier(environment) : nil
    }
    let showProgress: Bool
    switch progress {
    case .always: showProgress = true
    case .never: showProgress = false
    case .auto: showProgress = drawsProgress(environment)
    }
    return TerminalSignalSettings(
      title: title, progress: showProgress, notify: notifications ? kind : nil, tmux: has("TMUX", environment))
  }

  /// The notification kind of a terminal pomo recognises from its environment, if any.
  package static func recognisedNotifier(_ env: [String: String]) -> TerminalSequence.NotifyKind? {
    let term = env["TERM"] ?? ""
    let program = env["TERM_PROGRAM"] ?? ""
    if term == "xterm-kitty" || has("KITTY_WINDOW_ID", env) { return .kitty }
    if program == "iTerm.app" || env["LC_TERMINAL"] == "iTerm2" { return .osc9 }
    if program == "ghostty" || term == "xterm-ghostty" || has("GHOSTTY_RESOURCES_DIR", env) { return .osc777 }
    if program == "WezTerm" || term.hasPrefix("foot") || term.hasPrefix("rxvt-unicode") { return .osc777 }
    return nil
  }

  /// Terminals known to draw OSC 9;4 progress: Windows Terminal, ConEmu, Ghostty.
  package static func drawsProgress(_ env: [String: String]) -> Bool {
    has("WT_SESSION", env) || env["ConEmuANSI"] == "ON" || env["TERM_PROGRAM"] == "ghostty"
      || env["TERM"] == "xterm-ghostty" || has("GHOSTTY_RESOURCES_DIR", env)
  }

  private static func has(_ key: String, _ env: [String: String]) -> Bool { !(env[key] ?? "").isEmpty }

  /// `sequence` as it must be written here: wrapped for tmux when inside it.
  package func wrapped(_ sequence: String) -> String {
    tmux ? TerminalSequence.tmuxPassthrough(sequence) : sequence
  }
}
