/// Whether a break locks the screen as it starts (`"break_lock"`), and how
/// (`"break_lock_command"`). Off by default.
package struct BreakLockSettings: Equatable, Sendable {
  /// Which breaks lock.
  package enum Breaks: Equatable, Sendable {
    case none
    /// Every break (`"break_lock": true`).
    case every
    /// Only long breaks (`"break_lock": "long"`): rest phases longer than the shortest rest
    /// of the plan, such as a preset's `long_break`.
    case long
  }

  package var breaks = Breaks.none
  /// The command that locks the screen instead of logind's `LockSession`, as pomo runs it
  /// (a string in the config is run by `/bin/sh -c`).
  package var command: [String]?

  package init(breaks: Breaks = .none, command: [String]? = nil) {
    self.breaks = breaks
    self.command = command
  }

  package var isOn: Bool { breaks != .none }
}

extension BreakLockSettings {
  /// Reads `"break_lock"` (true, false or "long") and `"break_lock_command"` (an array of
  /// strings, or one string run by `/bin/sh -c`) from the config's fields.
  static func parse(_ fields: [String: JSONValue], _ reader: JSONReader) throws(DataFileError) -> BreakLockSettings {
    var settings = BreakLockSettings()
    if let v = fields["break_lock"] {
      switch v.kind {
      case .bool(let on): settings.breaks = on ? .every : .none
      case .string("long"): settings.breaks = .long
      default: throw reader.error(v, "break_lock", "expected true, false or \"long\", got \(v.snippet)")
      }
    }
    if let v = fields["break_lock_command"] {
      let path = "break_lock_command"
      if case .string(let text) = v.kind {
        guard !text.allSatisfy(\.isWhitespace) else { throw reader.error(v, path, "the command is empty") }
        settings.command = [DoNotDisturbSettings.shell, "-c", text]
      } else {
        guard case .array(let items) = v.kind, !items.isEmpty else {
          throw reader.error(
            v, path,
            "expected a command as a string (run by /bin/sh) or an array of strings, like [\"loginctl\", \"lock-session\"], got \(v.typeName)"
          )
        }
        var argv: [String] = []
        for (i, item) in items.enumerated() { argv.append(try reader.string(item, path: "\(path)[\(i)]")) }
        if argv[0].isEmpty { throw reader.error(items[0], "\(path)[0]", "the command name is empty") }
        settings.command = argv
      }
    }
    return settings
  }
}
