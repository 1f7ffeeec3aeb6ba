import PomoCore
import PomoPlatform

/// The tasks of a history's files: their lines and amendments are found in the correction
/// tables (tasks are few, as corrections are), and their Pomodoros are counted from the
/// sessions since the earliest of them was made, read through the time index
/// (`SessionReader`), so counting today's tasks reads today's sessions, never the journal.
/// It answers as `TaskFold.tasks` does from every line.
struct TaskReader {
  let files: [IndexedJournal]
  let corrections: CorrectionFolder
  let reader: SessionReader

  /// Every task as it now stands (undone and deleted ones left out) that `including` keeps,
  /// in the order they were made, with the Pomodoros of the sessions that worked on it
  /// (without `counting`, every count is 0: to find a task by its id, say).
  func tasks(including: (TaskRecord) -> Bool = { _ in true }, counting: Bool = true) throws(FileSystemError)
    -> [TaskProgress]
  {
    var tasks: [TaskRecord] = []
    var seen = Set<String>()
    for (f, table) in corrections.tables.enumerated() {
      for k in 0..<table.count where table[k].kind == .task {
        let ref = table[k]
        let bytes = try files[f].read(offset: ref.offset, length: ref.length)
        if case .task(let task)? = try? JournalEntry(line: bytes[...]), seen.insert(task.id).inserted {
          tasks.append(task)
        }
      }
    }
    var kept: [TaskRecord] = []
    for task in tasks {
      guard let folded = TaskFold.apply(task, try corrections.corrections(of: task.id)), including(folded) else {
        continue
      }
      kept.append(folded)
    }
    kept.sort(by: TaskFold.precedes)
    guard counting, let earliest = kept.map(\.at).min() else {
      return kept.map { TaskProgress(task: $0, pomodoros: 0) }
    }
    var made: [String: Double] = [:]
    for task in kept { made[task.id] = task.at }
    var counts: [String: Int] = [:]
    try reader.records(overlapping: earliest - TaskFold.leeway, .infinity) { record in
      guard let task = record.task, let at = made[task], TaskFold.counts(record, taskMadeAt: at) else { return }
      counts[task, default: 0] += TaskFold.pomodoros(record)
    }
    return kept.map { TaskProgress(task: $0, pomodoros: counts[$0.id] ?? 0) }
  }
}
