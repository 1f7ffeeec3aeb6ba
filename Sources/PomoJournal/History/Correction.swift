import PomoCore

/// A change to a recorded session, kept as a line of its own: the journal stays append-only,
/// and the fold (`Fold`) applies the corrections when sessions are read.
///
/// - `amend` sets some of a session's fields: tags, note, start, end, preset, status; or
///   some of a task's (`TaskRecord`): title, estimate, tags, done.
/// - `delete` removes a session.
/// - `undo` revokes an earlier correction, or a session that `pomo add` recorded.
package struct Correction: Equatable, Sendable {
  package enum Kind: String, Sendable, CaseIterable {
    case amend, delete, undo
  }

  /// The fields an amendment sets; nil leaves a field as it was.
  package struct Changes: Equatable, Sendable {
    package var tags: [String]?
    /// Whether the note is set (to `note`, which may be nil: no note).
    package var setsNote = false
    package var note: String?
    /// A new start moves the whole session.
    package var start: Double?
    /// A new end shortens or lengthens the last phase.
    package var end: Double?
    package var preset: String?
    package var status: JournalRecord.Status?
    // A task's fields (`TaskRecord`), which an amendment of a task sets.
    package var title: String?
    package var estimate: Int?
    /// Whether `done` is set (to `done`, which may be nil: the task is open again).
    package var setsDone = false
    package var done: Double?
    /// Keep (true) or drop (false) every span away of the session (`--keep-away`, `--drop-away`).
    package var keptAway: Bool?

    package init(
      tags: [String]? = nil, setsNote: Bool = false, note: String? = nil, start: Double? = nil, end: Double? = nil,
      preset: String? = nil, status: JournalRecord.Status? = nil
    ) {
      self.tags = tags
      self.setsNote = setsNote
      self.note = note
      self.start = start
      self.end = end
      self.preset = preset
      self.status = status
    }

    package var isEmpty: Bool {
      tags == nil && !setsNote && start == nil && end == nil && preset == nil && status == nil && title == nil
        && estimate == nil && !setsDone && keptAway == nil
    }
  }

  package var kind: Kind
  /// The correction's own id.
  package var id: String
  /// What it corrects: a session's id (amend, delete), or the id of the correction or added
  /// session an undo revokes.
  package var target: String
  /// The session concerned: `target` for amend and delete; for undo, the session whose
  /// correction (or addition) it revokes.
  package var session: String
  /// When the correction was made (seconds since 1970): corrections apply in this order,
  /// then by id, so every machine folds them alike.
  package var at: Double
  package var host: String
  package var changes: Changes

  package init(
    kind: Kind, id: String = JournalRecord.newID(), target: String, session: String? = nil, at: Double, host: String,
    changes: Changes = Changes()
  ) {
    self.kind = kind
    self.id = id
    self.target = target
    self.session = session ?? target
    self.at = at
    self.host = host
    self.changes = changes
  }

  /// The correction as one line of JSON (record version 2).
  package func json(offset: (Double) -> Int) -> JSONOutput {
    func time(_ t: Double) -> JSONOutput { .string(RFC3339.format(t, offset: offset(t))) }
    var members: [(String, JSONOutput)] = [
      ("v", .int(Int64(JournalRecord.version))), ("kind", .string(kind.rawValue)), ("id", .string(id)),
      ("target", .string(target)),
    ]
    if kind == .undo { members.append(("session", .string(session))) }
    members += [("at", time(at)), ("host", .string(host))]
    if kind == .amend {
      var set: [(String, JSONOutput)] = []
      if let tags = changes.tags { set.append(("tags", .array(tags.map(JSONOutput.string)))) }
      if changes.setsNote { set.append(("note", changes.note.map(JSONOutput.string) ?? .null)) }
      if let start = changes.start { set.append(("start", time(start))) }
      if let end = changes.end { set.append(("end", time(end))) }
      if let preset = changes.preset { set.append(("preset", .string(preset))) }
      if let status = changes.status { set.append(("status", .string(status.rawValue))) }
      if let title = changes.title { set.append(("title", .string(title))) }
      if let estimate = changes.estimate { set.append(("estimate", .int(Int64(estimate)))) }
      if changes.setsDone { set.append(("done", changes.done.map(time) ?? .null)) }
      if let kept = changes.keptAway { set.append(("kept", .bool(kept))) }
      members.append(("set", .object(set)))
    }
    return .object(members)
  }
}
