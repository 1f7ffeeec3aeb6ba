/// Interruptions marked in a running focus phase: `pomo mark`, the keys `i` and `e`.
extension SessionEngine {
  /// The marks of the whole session so far.
  package var marksInSession: Int { records.reduce(marks.count) { $0 + $1.marks.count } }

  /// Whether a focus phase is under way (running, paused or waiting), so it can be marked or voided.
  package var inFocus: Bool { isActive && currentPhase?.kind == .work }

  /// Marks an interruption in the running focus phase, now; nothing outside one.
  package mutating func mark(_ kind: PhaseMark.Kind, note: String?) -> [SessionEvent] {
    var events = tick()
    guard inFocus, marksInSession < PhaseMark.limit else { return events }
    let note = note.flatMap { $0.isEmpty ? nil : String($0.prefix(PhaseMark.noteLimit)) }
    marks.append(PhaseMark(kind: kind, at: wallTime(clock.now()), note: note))
    events.append(.marked(index, kind))
    return events
  }
}
