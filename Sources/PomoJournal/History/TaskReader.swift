import PomoCore
import PomoPlatform

/// The tasks of a history's files, read through their correction tables: each task line and
/// its amendments are found there, and so is every session that worked on a task (a
/// `tasked` entry under the task's id hash), so counting a task's Pomodoros reads its
/// sessions' lines alone, never the journal. It answers as `TaskFold.tasks` does from every line.
struct TaskReader {
  let files: [IndexedJournal]
  let corrections: CorrectionFolder

  /// Every task as it now stands (undone and deleted ones left out) that `including` keeps,
  /// in the order they were made, with the Pomodoros of the sessions that worked on it.
  /// Without `counting`, every Pomodoros is 0 (to find a task by its id, say).
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
    var result: [TaskProgress] = []
    for task in tasks {
      guard let folded = TaskFold.apply(task, try corrections.corrections(of: task.id)), including(folded) else {
        continue
      }
      result.append(TaskProgress(task: folded, pomodoros: counting ? try pomodoros(of: task.id) : 0))
    }
    return result.sorted { TaskFold.precedes($0.task, $1.task) }
  }

  /// The Pomodoros the sessions that worked on the task with this id completed, each session
  /// once and as it now stands (a deleted one counts none). A session no correction touched
  /// counts what its index entry says; only a corrected one's line is read and folded.
  private func pomodoros(of id: String) throws(FileSystemError) -> Int {
    let hash = FNV1a.hash(id)
    var sessions = Set<UInt64>()
    var count = 0
    for (f, table) in corrections.tables.enumerated() {
      for k in table.range(session: hash) where table[k].kind == .tasked {
        let ref = table[k]
        guard sessions.insert(ref.id).inserted else { continue }
        guard corrections.corrected, corrections.isCorrected(hash: ref.id) else {
          count += Int(ref.to)
          continue
        }
        let bytes = try files[f].read(offset: ref.offset, length: ref.length)
        guard case .session(let record)? = try? JournalEntry(line: bytes[...], detail: false), record.task == id,
          let now = try corrections.fold(record)
        else { continue }
        count += TaskFold.pomodoros(now)
      }
    }
    return count
  }
}
