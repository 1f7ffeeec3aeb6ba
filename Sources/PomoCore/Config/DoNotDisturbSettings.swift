/// Whether, and how, a session turns the desktop's do-not-disturb on while it runs:
/// `"dnd": true` (focus only) or per kind (`{"work": true, "rest": false}`), with the user's
/// own commands (`"dnd_commands"`) or, on macOS, Shortcuts (`"dnd_shortcuts"`).
package struct DoNotDisturbSettings: Equatable, Sendable {
  /// The kinds of phase that run with do-not-disturb on; empty: never.
  package var kinds: Set<PhaseKind> = []
  /// The user's own commands, tried before every built-in backend.
  package var commands: Commands?
  /// Shortcuts that turn macOS's Focus on and off (`shortcuts run NAME`).
  package var shortcuts: Shortcuts?

  package init() {}

  package var isOn: Bool { !kinds.isEmpty }

  /// `"dnd_commands": {"on": …, "off": …, "query": …}`: each a command as an array of strings,
  /// run as it is, or one string, run by `/bin/sh -c` (for pipes and `&&`).
  package struct Commands: Equatable, Sendable {
    package var on: [String]
    package var off: [String]
    /// Prints whether do-not-disturb is on (`true`/`on`/`1` or `false`/`off`/`0`); without
    /// it, pomo takes do-not-disturb to be off when a phase starts.
    package var query: [String]?

    package init(on: [String], off: [String], query: [String]? = nil) {
      self.on = on
      self.off = off
      self.query = query
    }
  }

  /// `"dnd_shortcuts": {"on": NAME, "off": NAME, "query": NAME}`: the names of Shortcuts
  /// shortcuts; the query's output says whether a Focus is on, as a custom query's does.
  package struct Shortcuts: Equatable, Sendable {
    package var on: String
    package var off: String
    package var query: String?

    package init(on: String, off: String, query: String? = nil) {
      self.on = on
      self.off = off
      self.query = query
    }
  }

  /// The shell that runs a custom command written as one string.
  package static let shell = "/bin/sh"
}

extension DoNotDisturbSettings {
  /// Reads `"dnd"`, `"dnd_commands"` and `"dnd_shortcuts"` from the config's fields.
  static func parse(_ fields: [String: JSONValue], _ reader: JSONReader) throws(DataFileError) -> DoNotDisturbSettings {
    var settings = DoNotDisturbSettings()
    if let v = fields["dnd"] {
      if case .object = v.kind {
        let kinds = try reader.fields(v, path: "dnd", allowed: PhaseKind.allCases.map(\.rawValue), required: [])
        for kind in PhaseKind.allCases {
          guard let value = kinds[kind.rawValue] else { continue }
          if try reader.boolean(value, path: "dnd.\(kind.rawValue)") { settings.kinds.insert(kind) }
        }
      } else if case .bool(let on) = v.kind {
        settings.kinds = on ? [.work] : []
      } else {
        throw reader.error(
          v, "dnd", "expected true, false or an object like {\"work\": true, \"rest\": false}, got \(v.typeName)")
      }
    }
    if let v = fields["dnd_commands"] {
      let keys = try reader.fields(v, path: "dnd_commands", allowed: ["on", "off", "query"], required: ["on", "off"])
      func command(_ key: String) throws(DataFileError) -> [String]? {
        guard let value = keys[key] else { return nil }
        let path = "dnd_commands.\(key)"
        if case .string(let text) = value.kind {
          guard !text.allSatisfy(\.isWhitespace) else { throw reader.error(value, path, "the command is empty") }
          return [shell, "-c", text]
        }
        guard case .array(let items) = value.kind, !items.isEmpty else {
          throw reader.error(
            value, path,
            "expected a command as a string (run by /bin/sh) or an array of strings, like [\"dunstctl\", \"set-paused\", \"true\"], got \(value.typeName)"
          )
        }
        var argv: [String] = []
        for (i, item) in items.enumerated() { argv.append(try reader.string(item, path: "\(path)[\(i)]")) }
        if argv[0].isEmpty { throw reader.error(items[0], "\(path)[0]", "the command name is empty") }
        return argv
      }
      settings.commands = Commands(on: try command("on")!, off: try command("off")!, query: try command("query"))
    }
    if let v = fields["dnd_shortcuts"] {
      let keys = try reader.fields(v, path: "dnd_shortcuts", allowed: ["on", "off", "query"], required: ["on", "off"])
      func name(_ key: String) throws(DataFileError) -> String? {
        guard let value = keys[key] else { return nil }
        let text = try reader.string(value, path: "dnd_shortcuts.\(key)")
        if text.isEmpty { throw reader.error(value, "dnd_shortcuts.\(key)", "the shortcut's name is empty") }
        return text
      }
      settings.shortcuts = Shortcuts(on: try name("on")!, off: try name("off")!, query: try name("query"))
    }
    return settings
  }
}
