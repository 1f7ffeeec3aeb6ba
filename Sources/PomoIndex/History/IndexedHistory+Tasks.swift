import PomoCore
import PomoJournal
import PomoPlatform

/// The tasks of a history's files: their lines and amendments are found in the correction
/// tables (tasks are few, as corrections are), and their Pomodoros are counted from the
/// sessions since the earliest of them was made, read through the time index
/// (`History+Reading`), so counting today's tasks reads today's sessions, never the journal.
/// It answers as `TaskFold.tasks` does from every line.
extension IndexedHistory {
  /// Every task as it now stands (undone and deleted ones left out) that `query` wants, in
  /// the order they were made, with the Pomodoros of the sessions that worked on it (without
  /// `counting`, every count is 0: to find a task by its id, say).
  package func tasks(_ query: TaskQuery, counting: Bool) throws(FileSystemError) -> [TaskProgress] {
    let wanted = chosen(query)
    var tasks: [TaskRecord] = []
    var seen = Set<String>()
    for (f, table) in correctionTables.enumerated() {
      for ref in table.all where ref.kind == .task && wanted.contains(ref.session) {
        let bytes = try files[f].read(offset: ref.offset, length: ref.length)
        if case .task(let task)? = try? JournalEntry(line: bytes[...]), seen.insert(task.id).inserted {
          tasks.append(task)
        }
      }
    }
    var kept: [TaskRecord] = []
    for task in tasks {
      if let folded = TaskFold.apply(task, try corrections(of: task.id)), query.keeps(folded) { kept.append(folded) }
    }
    kept.sort(by: TaskFold.precedes)
    guard counting, let earliest = kept.map(\.at).min() else {
      return kept.map { TaskProgress(task: $0, pomodoros: 0) }
    }
    return try TaskFold.progress(of: kept) { count throws(FileSystemError) in
      try records(overlapping: earliest - TaskFold.leeway, .infinity, count)
    }
  }

  /// The hashes of the tasks `query` may want, chosen from the tables alone: a task is left
  /// out unread only when its table entries show for certain that it is not wanted (when it
  /// was done is the last that set it, with no undo or deletion to weigh); every other is read.
  private func chosen(_ query: TaskQuery) -> Set<UInt64> {
    struct Known {
      var done: Double?
      var doneAt = -Double.infinity
      var tied = false
      var uncertain = false
    }
    var known: [UInt64: Known] = [:]
    for table in correctionTables {
      for ref in table.all where ref.kind == .task && query.mayKeep(idPrefix: ref.sessionPrefix) {
        if known[ref.session] != nil {
          known[ref.session]!.uncertain = true  // the same id twice: the first line wins
        } else {
          known[ref.session] = Known(done: ref.setsDone && !ref.done.isNaN ? ref.done : nil)
        }
      }
    }
    if query == .all || known.isEmpty { return Set(known.keys) }
    for table in correctionTables {
      for ref in table.all where ref.kind != .task {
        guard var task = known[ref.session] else { continue }
        switch ref.kind {
        case .amend where ref.setsDone:
          if ref.at == task.doneAt {
            task.tied = true
          } else if ref.at > task.doneAt {
            task.done = ref.done.isNaN ? nil : ref.done
            task.doneAt = ref.at
            task.tied = false
          }
        case .amend: break
        default: task.uncertain = true
        }
        known[ref.session] = task
      }
    }
    return Set(known.compactMap { hash, task in task.uncertain || task.tied || query.keeps(done: task.done) ? hash : nil })
  }
}

extension TaskQuery {
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
