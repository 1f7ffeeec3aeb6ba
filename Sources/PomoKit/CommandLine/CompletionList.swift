import PomoCore

/// The names a completion script asks pomo for while completing (`pomo completions --list`).
package enum CompletionList: String, ChoiceValue {
  case presets, tags
  /// The latest sessions' short ids, newest first, each with a tab and what it was.
  case sessions
  /// The open tasks' short ids, newest first, each with a tab and the task's title.
  case tasks

  /// Whether each line is an id, a tab, and a description the shell shows beside it.
  var described: Bool { self == .sessions || self == .tasks }
}
