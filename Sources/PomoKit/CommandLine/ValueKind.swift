import PomoCore

/// What an option takes. The parser checks the value against it, and help, completions and
/// the manual read the allowed values from here, so they never disagree.
package enum ValueKind: Sendable, Equatable {
  /// A flag: no value.
  case none
  case integer(ClosedRange<Int>)
  /// A duration as people type them (`TypedDuration`): `25m`, `1h30`, `90sec`; never a bare number.
  case duration
  /// A calendar date, `YYYY-MM-DD`.
  case date
  /// `this`, `last`, an ISO week like `2026-W48`, or a date in the week.
  case week
  /// `this`, `last` or a month like `2026-11`.
  case month
  case choice([String])
  /// One of `choices`, or a template (any value holding `{`) whose `{field}`s are among
  /// `fields` (see `Template`). Completions offer the choices; a template is typed freely.
  case template(choices: [String], fields: [String])
  case path
  case preset
  case tag
  /// A recorded session's id, a prefix of it, or `last`: completions offer recent ids.
  case session
  /// A task's id, a prefix of it, or `last`: completions offer the open tasks' ids.
  case task
  case text

  /// The placeholder help shows: `<n>`, `<date>`.
  var placeholder: String {
    switch self {
    case .none: ""
    case .integer: "n"
    case .duration: "duration"
    case .date: "date"
    case .week: "week"
    case .month: "month"
    case .choice: "value"
    case .template: "format"
    case .path: "path"
    case .preset: "preset"
    case .tag: "tag"
    case .session: "id"
    case .task: "task"
    case .text: "text"
    }
  }
}
