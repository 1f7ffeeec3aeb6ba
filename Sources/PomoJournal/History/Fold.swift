import PomoCore

/// The one way journal lines become sessions.
///
/// Sessions count once per id (the first line wins, as everywhere). Each session's
/// corrections apply in the order they were made (`at`, then id, so every machine folds
/// them alike), the last one winning field by field. An undo revokes the correction or
/// added session it names; a deletion removes the session. Every reader (log, report,
/// status, resume, export, the index) reads through this fold.
package enum Fold {
  /// Whether `a` was made before `b`: by time, then by id.
  package static func precedes(_ a: Correction, _ b: Correction) -> Bool {
    a.at != b.at ? a.at < b.at : a.id < b.id
  }

  /// The ids that undo corrections revoke. (An undo itself is never revoked.)
  package static func revoked(_ corrections: [Correction]) -> Set<String> {
    Set(corrections.lazy.filter { $0.kind == .undo }.map(\.target))
  }

  /// The changes of the corrections that still apply (each id once, no undo, none an undo of
  /// `revoked` revoked), merged in the order they apply, the last one winning field by field;
  /// nil when one of them is a deletion.
  static func merged(_ corrections: [Correction], revoked: Set<String>) -> Correction.Changes? {
    var seen = Set<String>()
    let live = corrections.filter { $0.kind != .undo && !revoked.contains($0.id) && seen.insert($0.id).inserted }
    var changes = Correction.Changes()
    for correction in live.sorted(by: precedes) {
      if correction.kind == .delete { return nil }
      let c = correction.changes
      if let tags = c.tags { changes.tags = tags }
      if c.setsNote {
        changes.setsNote = true
        changes.note = c.note
      }
      if let start = c.start { changes.start = start }
      if let end = c.end { changes.end = end }
      if let preset = c.preset { changes.preset = preset }
      if let status = c.status { changes.status = status }
      if let kept = c.keptAway { changes.keptAway = kept }
      if let title = c.title { changes.title = title }
      if let estimate = c.estimate { changes.estimate = estimate }
      if c.setsDone {
        changes.setsDone = true
        changes.done = c.done
      }
    }
    return changes
  }

  /// A session with its corrections applied (any order given; each id counts once), or nil
  /// when it was deleted, or was added by `pomo add` and that was undone.
  package static func apply(_ record: JournalRecord, _ corrections: [Correction]) -> JournalRecord? {
    if corrections.isEmpty { return record }
    let revoked = revoked(corrections)
    if record.added != nil && revoked.contains(record.id) { return nil }
    return merged(corrections, revoked: revoked).map { applying($0, to: record) }
  }

  /// `record` with `changes` set: a new start moves the whole session, its marks and spans
  /// away with it; a new end moves the end of the last phase (dropping phases that would start
  /// after it), and cuts its spans away there: one wholly after the end goes, one crossing it
  /// ends at it. Time cut off that the phase was paused through away comes off its paused
  /// time, not its elapsed time; the rest comes off the time it ran, and its paused time only
  /// once that is gone (when a pause by hand came is not recorded).
  package static func applying(_ changes: Correction.Changes, to record: JournalRecord) -> JournalRecord {
    var r = record
    if let tags = changes.tags { r.tags = tags }
    if changes.setsNote { r.note = changes.note }
    if let preset = changes.preset, preset != r.preset {
      r.preset = preset
      // What the session was follows the preset it is said to be (`WorkoutRule`).
      r.workout = WorkoutRule.isWorkout(presetName: preset)
    }
    if let kept = changes.keptAway {
      for k in r.phases.indices {
        for s in r.phases[k].away.indices { r.phases[k].away[s].kept = kept }
      }
    }
    if let status = changes.status {
      r.status = status
      // A void session says why in its void reason, and only a void one keeps one.
      if status != .void { r.voidReason = nil }
      // Completed says every focus ran its time: none is cut short (`JournalRecord.isCutShort`).
      if status == .completed {
        for k in r.phases.indices where r.phases[k].kind == .work && !r.phases[k].void { r.phases[k].completed = true }
      }
      if status == .completed || status == .void {
        r.interruption = nil
      } else if r.interruption == nil {
        r.interruption = .other("edited")
      }
    }
    if let start = changes.start, start != r.start {
      let delta = start - r.start
      r.start = start
      r.end += delta
      for k in r.phases.indices {
        r.phases[k].start += delta
        r.phases[k].end += delta
        for m in r.phases[k].marks.indices { r.phases[k].marks[m].at += delta }
        for s in r.phases[k].away.indices {
          r.phases[k].away[s].start += delta
          r.phases[k].away[s].end += delta
        }
      }
    }
    if let end = changes.end, end > r.start {
      while r.phases.count > 1, let last = r.phases.last, last.start >= end {
        r.pausedSeconds -= last.pausedSeconds
        r.sleptSeconds -= last.sleptSeconds
        r.phases.removeLast()
      }
      if var last = r.phases.last {
        let delta = end - last.end
        let length = max(0, end - last.start)
        let pausedCut = last.away.reduce(0) { $0 + ($1.paused ? max(0, $1.end - max($1.start, end)) : 0) }
        let (paused, slept, elapsed) = (last.pausedSeconds, last.sleptSeconds, last.elapsedSeconds)
        last.end = end
        last.elapsedSeconds = max(0, min(elapsed + delta + pausedCut, length))
        // When a pause of your own came is not recorded: it is taken to be as early as it can
        // be, so the time cut off comes off the time the phase ran first, and off the pause
        // only once none is left. A phase is never paused (or asleep) longer than it lasts.
        last.pausedSeconds = max(0, min(paused - pausedCut, length - last.elapsedSeconds))
        last.sleptSeconds = min(slept, length)
        // Overtime is the end of the time the phase ran: a cut takes it first.
        let ranCut = max(0, elapsed - last.elapsedSeconds)
        last.overtimeSeconds = max(0, min(last.overtimeSeconds - ranCut, last.elapsedSeconds))
        r.pausedSeconds = max(0, r.pausedSeconds - (paused - last.pausedSeconds))
        r.sleptSeconds = max(0, r.sleptSeconds - (slept - last.sleptSeconds))
        last.away = last.away.compactMap { span in
          var span = span
          span.end = min(span.end, end)
          return span.start < end ? span : nil
        }
        if delta < 0 { last.completed = last.completed && last.elapsedSeconds >= last.plannedSeconds }
        r.phases[r.phases.count - 1] = last
      }
      r.end = end
    }
    return r
  }

  /// Sessions from lines read in order: each id once (the first line wins), corrections
  /// applied, deleted sessions left out. The sessions keep the order of their lines.
  package static func sessions(_ entries: [JournalEntry]) -> [JournalRecord] {
    let lines = grouped(entries)
    return lines.sessions.compactMap { apply($0, lines.corrections[$0.id] ?? []) }
  }

  /// Lines read in order, by kind: each session and each task once (the first line wins), in
  /// the order of their lines, and the corrections by the session or task they concern.
  static func grouped(_ entries: [JournalEntry]) -> (
    sessions: [JournalRecord], tasks: [TaskRecord], corrections: [String: [Correction]]
  ) {
    var sessions: [JournalRecord] = []
    var tasks: [TaskRecord] = []
    var seenSessions = Set<String>()
    var seenTasks = Set<String>()
    var corrections: [String: [Correction]] = [:]
    for entry in entries {
      switch entry {
      case .session(let record): if seenSessions.insert(record.id).inserted { sessions.append(record) }
      case .task(let task): if seenTasks.insert(task.id).inserted { tasks.append(task) }
      case .correction(let c): corrections[c.session, default: []].append(c)
      }
    }
    return (sessions, tasks, corrections)
  }
}
