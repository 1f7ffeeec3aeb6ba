/// Which tasks a command asks for: open ones or not, those done within a span, and those whose
/// id starts with some text. The index's table answers it for most tasks before any line is
/// read (`History.tasks`); every task read is checked against it again, as it now stands.
package struct TaskQuery: Equatable, Sendable {
  /// Whether open tasks are wanted.
  package var open: Bool
  /// When the done tasks wanted were done.
  package var done: Range<Double>
  /// The start of the ids wanted, in lower case; nil for any.
  package var idPrefix: String?
  /// Whether `idPrefix` is the whole id.
  package var wholeID = false

  package init(open: Bool = true, done: Range<Double> = -Double.infinity..<Double.infinity, idPrefix: String? = nil) {
    self.open = open
    self.done = done
    self.idPrefix = idPrefix?.lowercased()
  }

  /// Every task.
  package static let all = TaskQuery()

  /// The task with this id.
  package static func id(_ id: String) -> TaskQuery {
    var query = TaskQuery(idPrefix: id)
    query.wholeID = true
    return query
  }

  /// Whether a task done then (nil: open) is wanted.
  package func keeps(done at: Double?) -> Bool {
    at.map { done.contains($0) } ?? open
  }

  /// Whether a task, as it now stands, is wanted.
  package func keeps(_ task: TaskRecord) -> Bool {
    let id = task.id.lowercased()
    return keeps(done: task.done) && (idPrefix.map { wholeID ? id == $0 : id.hasPrefix($0) } ?? true)
  }
}
