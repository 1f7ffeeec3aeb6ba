import PomoCore

/// One way to switch the desktop's do-not-disturb: the commands that ask, turn it on and turn
/// it off. pomo runs them itself (`CommandRunner`), never through a shell, unless the user's
/// own command is one string (`/bin/sh -c`).
package struct DoNotDisturbBackend: Equatable, Sendable {
  /// What the state file and the messages call it: `dunst`, `mako`, `swaync`, `gnome`,
  /// `shortcuts`, `custom`.
  package var name: String
  /// Prints whether do-not-disturb is on; nil when the backend cannot be asked (pomo then
  /// takes it to be off).
  package var query: [String]?
  package var on: [String]
  package var off: [String]
  /// Reads the query's output: whether do-not-disturb is on, nil when the output says neither.
  package var reading: Reading

  package enum Reading: Equatable, Sendable {
    /// `true` or `false` (dunst, swaync, GNOME's `show-banners` turned round with `inverted`),
    /// and `on`/`off`, `yes`/`no`, `1`/`0` from the user's own query.
    case boolean(inverted: Bool)
    /// mako's `makoctl mode`: the modes in force, one a line; on when `do-not-disturb` is one.
    case modes
  }

  package init(name: String, query: [String]?, on: [String], off: [String], reading: Reading = .boolean(inverted: false))
  {
    self.name = name
    self.query = query
    self.on = on
    self.off = off
    self.reading = reading
  }

  /// What the state file keeps while do-not-disturb is on: the way back.
  package var mark: DoNotDisturbMark { DoNotDisturbMark(backend: name, off: off) }

  /// Whether `output` (a query's) says do-not-disturb is on; nil when it says neither.
  package func isOn(_ output: [UInt8]) -> Bool? {
    let text = String(decoding: output.prefix(4096), as: UTF8.self)
    switch reading {
    case .modes:
      return text.split(whereSeparator: \.isWhitespace).contains("do-not-disturb")
    case .boolean(let inverted):
      // GNOME prints `true`; a user's script may print `On` or `1`.
      let words = text.split(whereSeparator: \.isWhitespace)
      guard words.count == 1 else { return nil }
      let value: Bool
      switch words[0].lowercased() {
      case "true", "on", "yes", "1": value = true
      case "false", "off", "no", "0": value = false
      default: return nil
      }
      return value != inverted
    }
  }

  // MARK: - The backends pomo knows

  package static let dunst = DoNotDisturbBackend(
    name: "dunst", query: ["dunstctl", "is-paused"], on: ["dunstctl", "set-paused", "true"],
    off: ["dunstctl", "set-paused", "false"])
  package static let mako = DoNotDisturbBackend(
    name: "mako", query: ["makoctl", "mode"], on: ["makoctl", "mode", "-a", "do-not-disturb"],
    off: ["makoctl", "mode", "-r", "do-not-disturb"], reading: .modes)
  package static let swaync = DoNotDisturbBackend(
    name: "swaync", query: ["swaync-client", "--get-dnd"], on: ["swaync-client", "--dnd-on"],
    off: ["swaync-client", "--dnd-off"])
  /// GNOME's do-not-disturb is its `show-banners` setting turned off.
  package static let gnome = DoNotDisturbBackend(
    name: "gnome", query: ["gsettings", "get", schema, "show-banners"],
    on: ["gsettings", "set", schema, "show-banners", "false"],
    off: ["gsettings", "set", schema, "show-banners", "true"],
    reading: .boolean(inverted: true))
  static let schema = "org.gnome.desktop.notifications"

  /// The user's own commands (`"dnd_commands"`).
  package static func custom(_ commands: DoNotDisturbSettings.Commands) -> DoNotDisturbBackend {
    DoNotDisturbBackend(name: "custom", query: commands.query, on: commands.on, off: commands.off)
  }

  /// macOS Shortcuts (`"dnd_shortcuts"`), which turn a Focus on and off.
  package static func shortcuts(_ names: DoNotDisturbSettings.Shortcuts) -> DoNotDisturbBackend {
    DoNotDisturbBackend(
      name: "shortcuts", query: names.query.map { ["shortcuts", "run", $0] }, on: ["shortcuts", "run", names.on],
      off: ["shortcuts", "run", names.off])
  }

  /// The built-in backends, in the order pomo tries them.
  package static let builtIn: [DoNotDisturbBackend] = [dunst, mako, swaync, gnome]
}

extension DoNotDisturbBackend {
  /// The backends to try, in order: the user's own commands, dunst, mako, swaync, GNOME (on a
  /// GNOME desktop only: elsewhere `show-banners` may answer and do nothing), then macOS's
  /// Shortcuts when the config names them.
  package static func candidates(_ settings: DoNotDisturbSettings, environment: [String: String])
    -> [DoNotDisturbBackend]
  {
    var list: [DoNotDisturbBackend] = []
    if let commands = settings.commands { list.append(.custom(commands)) }
    list += [.dunst, .mako, .swaync]
    let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
    if desktops.contains("gnome") { list.append(.gnome) }
    #if canImport(Darwin)
      if let shortcuts = settings.shortcuts { list.append(.shortcuts(shortcuts)) }
    #endif
    return list
  }

  /// The first backend whose program is `present` and whose query answers on or off (one
  /// that cannot be asked, the user's, is taken as it is); nil when none does.
  package static func choose(
    _ settings: DoNotDisturbSettings, environment: [String: String], present: (String) -> Bool,
    run: DoNotDisturb.Run
  ) -> DoNotDisturbBackend? {
    candidates(settings, environment: environment).first { backend in
      if backend.name == "custom" { return true }
      guard let program = (backend.query ?? backend.on).first, present(program) else { return false }
      guard let query = backend.query else { return true }
      guard let result = run(query), result.status == 0 else { return false }
      return backend.isOn(result.output) != nil
    }
  }

  /// What pomo looked for, for the warning when nothing answered.
  package static func looked(_ settings: DoNotDisturbSettings, environment: [String: String]) -> String {
    candidates(settings, environment: environment).map { $0.name == "gnome" ? "GNOME" : $0.name }
      .joined(separator: ", ")
  }
}
