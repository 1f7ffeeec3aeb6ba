import PomoCore

/// When a session on a Taskwarrior task ends, notes the focus it got on the task
/// (`task 12 annotate "pomo: 25:00 focus"`), once, and only when there was focus.
package final class TaskwarriorAnnotation: SessionListener {
  package let task: TaskwarriorTask
  /// Runs `task` with these arguments and waits for it.
  package let run: ([String]) -> Void

  package init(task: TaskwarriorTask, run: @escaping ([String]) -> Void) {
    self.task = task
    self.run = run
  }

  package func sessionDidUpdate(_ engine: SessionEngine, events: [SessionEvent]) {
    guard events.contains(where: { if case .sessionEnded = $0 { true } else { false } }) else { return }
    // A void Pomodoro is not focus (`SessionSummary`): only the Pomodoros finished before it.
    let focus = SessionSummary.total(engine, .work)
    if focus > .zero { run(task.annotateArguments(focus: focus)) }
  }
}
