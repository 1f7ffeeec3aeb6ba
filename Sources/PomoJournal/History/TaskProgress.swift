import PomoCore

/// A task as it now stands, with the Pomodoros the sessions that worked on it completed.
package struct TaskProgress: Equatable, Sendable {
  package var task: TaskRecord
  package var pomodoros: Int

  package init(task: TaskRecord, pomodoros: Int) {
    self.task = task
    self.pomodoros = pomodoros
  }

  /// Pomodoros beyond the estimate (0 when within it, or when there is none).
  package var overrun: Int { task.estimate.map { max(0, pomodoros - $0) } ?? 0 }
}
