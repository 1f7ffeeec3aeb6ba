import PomoCore
import PomoPlatform

/// The tasks of a history's files, read through their correction tables: each task line and
/// its amendments are found there, and so is every session that worked on a task (a
/// `tasked` entry under the task's id hash), so counting a task's Pomodoros reads its
/// sessions' lines alone, never the journal. It answers as `TaskFold.tasks` does from every line.
struct TaskReader {
  let files: [IndexedJournal]
  let corrections: CorrectionFolder

  /// Every task as it now stands (undone and deleted ones left out), in the order they were
  /// made, with the Pomodoros of the sessions that worked on it.
  func tasks() throws(FileSystemError) -> [TaskProgress] {
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
    var result: [TaskProgress] = []
    for task in tasks {
      guard let folded = TaskFold.apply(task, try corrections.corrections(of: task.id)) else { continue }
      result.append(TaskProgress(task: folded, pomodoros: try pomodoros(of: task.id)))
    }
    return result.sorted { TaskFold.precedes($0.task, $1.task) }
  }

  /// The Pomodoros the sessions that worked on the task with this id completed, each session
  /// once and as it now stands (a deleted one counts none).
  private func pomodoros(of id: String) throws(FileSystemError) -> Int {
    let hash = FNV1a.hash(id)
    var sessions = Set<String>()
    var count = 0
    for (f, table) in corrections.tables.enumerated() {
      for k in table.range(session: hash) where table[k].kind == .tasked {
        let ref = table[k]
        let bytes = try files[f].read(offset: ref.offset, length: ref.length)
        guard case .session(let record)? = try? JournalEntry(line: bytes[...], detail: false), record.task == id,
          sessions.insert(record.id).inserted, let now = try corrections.fold(record)
        else { continue }
        count += TaskFold.pomodoros(now)
      }
    }
    return count
  }
}
