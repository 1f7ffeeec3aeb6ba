import PomoCore

/// How task lines and their amendments become tasks, and how sessions count toward them: the
/// same rules as `Fold` for sessions (the first line of an id wins; corrections apply by the
/// time they were made, then by id; an undo revokes the change it names, and the task itself
/// when it names the task).
package enum TaskFold {
  /// A task with its corrections applied (any order given; each id counts once), or nil when
  /// it was deleted or its addition was undone.
  package static func apply(_ task: TaskRecord, _ corrections: [Correction]) -> TaskRecord? {
    if corrections.isEmpty { return task }
    let revoked = Fold.revoked(corrections)
    guard !revoked.contains(task.id), let c = Fold.merged(corrections, revoked: revoked) else { return nil }
    var t = task
    if let title = c.title { t.title = title }
    if let estimate = c.estimate { t.estimate = estimate }
    if let tags = c.tags { t.tags = tags }
    if c.setsDone { t.done = c.done }
    return t
  }

  /// The Pomodoros a session counts toward its task: its done Pomodoros, as reports count them
  /// (`JournalRecord.isDonePomodoro`: never a focus cut short, nor the void one).
  package static func pomodoros(_ record: JournalRecord) -> Int { record.donePomodoros }

  /// How long before a task was made a session that names it may begin and still count
  /// (another machine's clock may be behind): a day.
  package static let leeway = 86_400.0

  /// Whether a session that names a task counts toward it: when it ends after the task was
  /// made, less `leeway`. So a task's Pomodoros are read from the sessions since it was
  /// made, never from the whole journal.
  package static func counts(_ record: JournalRecord, taskMadeAt at: Double) -> Bool {
    max(record.end, record.phases.last?.end ?? record.end) >= at - leeway
  }

  /// The order tasks are listed in: by when they were made, then by id.
  package static func precedes(_ a: TaskRecord, _ b: TaskRecord) -> Bool {
    a.at != b.at ? a.at < b.at : a.id < b.id
  }

  /// Every task of lines read in order, folded, with its Pomodoros: the reference the
  /// indexed reader (`History.tasks`) must agree with.
  package static func tasks(_ entries: [JournalEntry]) -> [TaskProgress] {
    let lines = Fold.grouped(entries)
    let folded = lines.tasks.compactMap { apply($0, lines.corrections[$0.id] ?? []) }.sorted(by: precedes)
    return progress(of: folded) { count in Fold.sessions(entries).forEach(count) }
  }

  /// `tasks` with the Pomodoros of the sessions `sessions` hands to `count` that count toward them.
  package static func progress<E: Error>(
    of tasks: [TaskRecord], _ sessions: (_ count: (JournalRecord) -> Void) throws(E) -> Void
  ) throws(E) -> [TaskProgress] {
    var made: [String: Double] = [:]
    for task in tasks { made[task.id] = task.at }
    var done: [String: Int] = [:]
    try sessions { session in
      if let task = session.task, let at = made[task], counts(session, taskMadeAt: at) {
        done[task, default: 0] += pomodoros(session)
      }
    }
    return tasks.map { TaskProgress(task: $0, pomodoros: done[$0.id] ?? 0) }
  }
}
