import PomoCore
import PomoPlatform

/// What the running session's state file says about do-not-disturb: that pomo turned it on
/// (through `backend`), and the command that turns it off again. It is written *before*
/// do-not-disturb goes on and removed once it is off, so a pomo killed in between leaves the
/// way back for the next pomo (`Recovery`) to take.
package struct DoNotDisturbMark: Equatable, Sendable {
  /// The backend's name: `dunst`, `mako`, `swaync`, `gnome`, `shortcuts` or `custom`.
  package var backend: String
  /// The command, as pomo itself would run it, that turns do-not-disturb off.
  package var off: [String]

  package init(backend: String, off: [String]) {
    self.backend = backend
    self.off = off
  }

  var json: JSONOutput {
    .object([("backend", .string(backend)), ("off", .array(off.map { .string($0) }))])
  }

  /// The mark in a state file's `"dnd"`, or nil when it is missing or not one.
  init?(json value: JSONValue?) {
    guard let value, let backend = value["backend"]?.stringValue, !backend.isEmpty,
      let items = value["off"]?.arrayValue, !items.isEmpty, items.count <= 4096
    else { return nil }
    let off = items.compactMap(\.stringValue)
    guard off.count == items.count, !off[0].isEmpty else { return nil }
    self.backend = backend
    self.off = off
  }
}

extension DoNotDisturbMark {
  /// Turns do-not-disturb off for a session that can no longer (it was killed, or crashed),
  /// and returns the one line that says so.
  package func revert(environment: [String: String]) -> String {
    let result = Spawner.output(off, environment: environment, timeout: .seconds(5), limit: 4096)
    if let result, result.status == 0 {
      return
        "pomo: turned do-not-disturb off again (\(backend)), as the session that turned it on had ended unexpectedly"
    }
    let why = result.map { "it exited with status \($0.status)" } ?? "it could not be run or did not finish"
    return
      "pomo: warning: cannot turn do-not-disturb off again (\(backend)): '\(Self.shown(off))' failed (\(why)); turn it off yourself"
  }

  /// A command as a person would type it, shortened to one line.
  package static func shown(_ argv: [String]) -> String {
    let text = TextLayout.inert(argv.joined(separator: " "))
    return text.count > 120 ? String(text.prefix(119)) + "…" : text
  }
}
