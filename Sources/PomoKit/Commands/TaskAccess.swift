import PomoCore
import PomoJournal
import PomoPlatform

/// What the `pomo task` commands and `pomo start --task` share: reading the tasks, finding
/// one by its id, and how a task is named in messages.
enum TaskAccess {
  static let idArgument = ArgumentSpec(
    "id", kind: .task,
    help: "A task: a unique prefix of its id of at least 4 characters (as 'pomo task list' shows it), or last.")

  /// The fewest characters of an id that name a task (as for sessions).
  static let shortestPrefix = 4

  /// Every task as it now stands that `query` wants, with its Pomodoros (none without
  /// `counting`).
  static func tasks(
    _ journal: Journal, _ context: Context, quiet: Bool = false, _ query: TaskQuery = .all, counting: Bool = true
  ) throws(CLIError) -> [TaskProgress] {
    try tasks(try JournalAccess.history(journal, strict: false, context, quiet: quiet), journal, query, counting)
  }

  static func tasks(
    _ history: any History, _ journal: Journal, _ query: TaskQuery = .all, _ counting: Bool = true
  ) throws(CLIError) -> [TaskProgress] {
    do {
      return try history.tasks(query, counting: counting)
    } catch {
      throw .failure("cannot read the journal \(journal.name): \(error)")
    }
  }

  /// The task `text` names (`find`), with its Pomodoros: the others are not counted.
  static func find(_ text: String, _ journal: Journal, _ context: Context, quiet: Bool = false) throws(CLIError)
    -> TaskProgress
  {
    let history = try JournalAccess.history(journal, strict: false, context, quiet: quiet)
    // `last` needs every task; an id or a prefix only those that start with it.
    let wanted = text.lowercased()
    let query = wanted == "last" || wanted.count < shortestPrefix ? TaskQuery.all : TaskQuery(idPrefix: wanted)
    let found = try find(text, in: try tasks(history, journal, query, false))
    return try tasks(history, journal, .id(found.task.id)).first ?? found
  }

  /// The task `text` names: `last` (the latest made), a whole id or a unique prefix of at
  /// least `shortestPrefix` characters. Anything else is bad data (exit 65), said in one line.
  static func find(_ text: String, in tasks: [TaskProgress]) throws(CLIError) -> TaskProgress {
    let wanted = text.lowercased()
    guard !wanted.isEmpty else { throw .data("give a task's id or a prefix of it (see 'pomo task list')") }
    if wanted == "last" {
      guard let last = tasks.last else { throw .data("no tasks yet: add one with 'pomo task add TITLE'") }
      return last
    }
    if let exact = tasks.first(where: { $0.task.id.lowercased() == wanted }) { return exact }
    let shown = TextLayout.inert(wanted.count > 40 ? String(wanted.prefix(40)) + "..." : wanted)
    guard wanted.count >= shortestPrefix else {
      throw .data(
        "'\(shown)' is too short to name a task: give at least \(shortestPrefix) characters of its id (see 'pomo task list')")
    }
    let matches = tasks.filter { $0.task.id.lowercased().hasPrefix(wanted) }
    switch matches.count {
    case 0: throw .data("no task has an id starting with '\(shown)' (see 'pomo task list --all')")
    case 1: return matches[0]
    default:
      let names = matches.prefix(5).map { "\(short($0.task.id)) (\(TextLayout.inert($0.task.title)))" }
      throw .data(
        "'\(shown)' matches \(matches.count) tasks: \(names.joined(separator: ", "))\(matches.count > 5 ? ", ..." : ""); give more of the id"
      )
    }
  }

  /// A task's id as lists show it: its first 8 characters, as `pomo log` shows sessions'.
  static func short(_ id: String) -> String { TextLayout.inert(String(id.prefix(8))) }

  /// "3f2a1b4c (write the intro)": a task as a message names it.
  static func describe(_ task: TaskRecord) -> String { "\(short(task.id)) (\(TextLayout.inert(task.title)))" }

  /// "2026-12-01 09:30": an instant as messages and lists show it, in local time.
  static func when(_ t: Double, _ context: Context) -> String {
    let stamp = RFC3339.format(t, offset: context.zone.offset(at: t))
    return "\(stamp.prefix(10)) \(stamp.dropFirst(11).prefix(5))"
  }

  /// A title as given: trimmed, and never empty.
  static func title(_ text: String, path: [String]) throws(CLIError) -> String {
    let title = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !title.isEmpty else { throw .usage("a task needs a title: say what there is to do", command: path) }
    guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw .usage("a task's title is one line, without control characters", command: path)
    }
    return title
  }
}
