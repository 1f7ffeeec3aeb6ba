import PomoCore

/// A task as it now stands, with the Pomodoros the sessions that worked on it completed.
public struct TaskProgress: Equatable, Sendable {
  public var task: TaskRecord
  public var pomodoros: Int

  public init(task: TaskRecord, pomodoros: Int) {
    self.task = task
    self.pomodoros = pomodoros
  }

  /// Pomodoros beyond the estimate (0 when within it, or when there is none).
  public var overrun: Int { task.estimate.map { max(0, pomodoros - $0) } ?? 0 }
}
