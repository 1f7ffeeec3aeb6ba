import PomoCore

/// What the journal records about a session beyond its phases.
package struct SessionInfo: Equatable, Sendable {
  package var id: String
  package var tags: [String]
  package var note: String?
  package var host: String
  /// The preset file, for presets that are not built in.
  package var source: String?
  /// For a resumed session: where in the full plan its first phase stands, and the record it continues.
  package var planOffset: Int
  package var planCount: Int
  package var resumedFrom: String?
  /// A quick timer's warm-up and cool-down, recorded so that resuming rebuilds its plan.
  package var warmup: Duration?
  package var cooldown: Duration?
  /// Why the session has no control socket, kept in its state file (never in the journal).
  package var controlProblem: String?
  /// The task (`TaskRecord`) the session works on, by its whole id.
  package var task: String?
  /// That task's title as it was when the session began, kept in its state file (never in the
  /// journal) so `pomo status` names the task without reading the journal.
  package var taskTitle: String?
  /// Whether the session keeps a Timewarrior interval open while focus runs, kept in its
  /// state file: recovery stops the interval a dead session left open.
  package var timewarrior = false

  package init(
    id: String, tags: [String] = [], note: String? = nil, host: String, source: String? = nil, planOffset: Int = 0,
    planCount: Int, resumedFrom: String? = nil
  ) {
    self.id = id
    self.tags = tags
    self.note = note
    self.host = host
    self.source = source
    self.planOffset = planOffset
    self.planCount = planCount
    self.resumedFrom = resumedFrom
  }
}
