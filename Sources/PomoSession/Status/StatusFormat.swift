import PomoCore
import PomoPlatform

/// How `pomo status` (and its live feed) prints the running session: for people, for scripts,
/// or for a status bar.
package enum StatusFormat: Equatable, Sendable {
  /// `WORK focus 14:29 (42%, round 2/4)`, or `idle`.
  case text
  /// The documented object, `{"state":"idle"}` when nothing runs.
  case json
  /// waybar's custom-module JSON: text, alt, tooltip, class, percentage.
  case waybar
  /// i3blocks' JSON: full_text, short_text, color.
  case i3blocks
  /// The user's own line, such as `{kind} {phase} {remaining}`; see `fields`.
  case template(String)

  /// The formats with names, as `--format` takes them.
  package static let names = ["text", "json", "waybar", "i3blocks"]

  /// The fields a template may name, in the order docs/status-bars.md documents them.
  package static let fields = [
    "phase", "remaining", "kind", "badge", "state", "preset", "remaining_seconds", "percent", "session_percent",
    "round", "rounds", "phase_index", "phase_count", "deadline", "started", "tags", "pid", "goal",
  ]

  package enum Problem: Error, Equatable, CustomStringConvertible {
    /// Neither a format's name nor a template (a template holds a `{`).
    case unknownName(String, suggestion: String?)
    case template(Template.Problem)

    package var description: String {
      switch self {
      case .unknownName(_, let suggestion):
        "must be text, json, waybar, i3blocks or a template like '{phase} {remaining}'"
          + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
      case .template(let problem): problem.description
      }
    }
  }

  /// The format `value` names: one of `names`, or, when it holds a `{`, a template whose
  /// fields are all among `fields`.
  package init(parsing value: String) throws(Problem) {
    if value.contains("{") {
      do {
        _ = try Template(parsing: value, fields: Self.fields)
      } catch {
        throw .template(error)
      }
      self = .template(value)
      return
    }
    switch value {
    case "text": self = .text
    case "json": self = .json
    case "waybar": self = .waybar
    case "i3blocks": self = .i3blocks
    default: throw .unknownName(value, suggestion: Suggestion.closest(to: value, in: Self.names))
    }
  }

  /// Whether the output is JSON throughout (so a locale that is not UTF-8 may write it with
  /// `\u` escapes instead of replacing characters).
  package var isJSON: Bool {
    switch self {
    case .json, .waybar, .i3blocks: true
    case .text, .template: false
    }
  }
}
