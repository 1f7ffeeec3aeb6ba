/// Which tasks a command asks for: open ones or not, those done within a span, and those whose
/// id starts with some text. The index's table answers it for most tasks before any line is
/// read (`History.tasks`); every task read is checked against it again, as it now stands.
public struct TaskQuery: Equatable, Sendable {
  /// Whether open tasks are wanted.
  public var open: Bool
  /// When the done tasks wanted were done.
  public var done: Range<Double>
  /// The start of the ids wanted, in lower case; nil for any.
  public var idPrefix: String?
  /// Whether `idPrefix` is the whole id.
  public var wholeID = false

  public init(open: Bool = true, done: Range<Double> = -Double.infinity..<Double.infinity, idPrefix: String? = nil) {
    self.open = open
    self.done = done
    self.idPrefix = idPrefix?.lowercased()
  }

  /// Every task.
  public static let all = TaskQuery()

  /// The task with this id.
  public static func id(_ id: String) -> TaskQuery {
    var query = TaskQuery(idPrefix: id)
    query.wholeID = true
    return query
  }

  /// Whether a task done then (nil: open) is wanted.
  public func keeps(done at: Double?) -> Bool {
    at.map { done.contains($0) } ?? open
  }

  /// Whether a task, as it now stands, is wanted.
  public func keeps(_ task: TaskRecord) -> Bool {
    let id = task.id.lowercased()
    return keeps(done: task.done) && (idPrefix.map { wholeID ? id == $0 : id.hasPrefix($0) } ?? true)
  }

  /// Whether an id whose first 8 bytes are `prefix` (`JournalIndex.prefix`) may be wanted.
  func mayKeep(idPrefix prefix: UInt64) -> Bool {
    guard let idPrefix else { return true }
    let wanted = Array(idPrefix.utf8.prefix(8))
    for (k, byte) in wanted.enumerated() {
      var have = UInt8(truncatingIfNeeded: prefix >> UInt64(56 - 8 * k))
      // Beyond ASCII, lower case is Unicode's: such an id is read and checked whole.
      if have >= 0x80 || byte >= 0x80 { return true }
      if have >= 0x41 && have <= 0x5A { have += 0x20 }
      if have != byte { return false }
    }
    return true
  }
}
