import PomoCore

/// A task of the Pomodoro Technique: something to do today, with an estimate in Pomodoros.
///
/// It is a line of the journal of its own (`"kind":"task"`), so it travels with the journal
/// folder to other machines; `pomo task edit` and `pomo task done` change it with amendments
/// (`Correction`), which the fold applies (`TaskFold`) and `pomo undo` takes back.
package struct TaskRecord: Equatable, Sendable {
  /// The estimates a task may have: a day's work at most, in Pomodoros.
  package static let estimates = 1...99

  /// A UUID, as sessions have; commands take any unique prefix of it.
  package var id: String
  /// When it was made (seconds since 1970).
  package var at: Double
  package var host: String
  package var title: String
  /// Pomodoros it should take; nil when none was given.
  package var estimate: Int?
  package var tags: [String]
  /// When it was done; nil while it is open.
  package var done: Double?

  package init(
    id: String = JournalRecord.newID(), at: Double, host: String, title: String, estimate: Int?, tags: [String] = [],
    done: Double? = nil
  ) {
    self.id = id
    self.at = at
    self.host = host
    self.title = title
    self.estimate = estimate
    self.tags = tags
    self.done = done
  }

  /// The task as one line of JSON (record version 2). `done` is never written here: only
  /// an amendment sets it.
  package func json(offset: (Double) -> Int) -> JSONOutput {
    var members: [(String, JSONOutput)] = [
      ("v", .int(Int64(JournalRecord.version))), ("kind", .string("task")), ("id", .string(id)),
      ("at", .string(RFC3339.format(at, offset: offset(at)))), ("host", .string(host)), ("title", .string(title)),
    ]
    if let estimate { members.append(("estimate", .int(Int64(estimate)))) }
    members.append(("tags", .array(tags.map(JSONOutput.string))))
    return .object(members)
  }
}
