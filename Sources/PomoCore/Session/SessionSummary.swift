import PomoPlatform

/// The lines printed when a session ends: phases done, focus, rest, paused and slept time.
///
/// A workout (a plan with a 3-2-1 cue: hiit, tabata, quick interval timers) says instead what
/// someone on a mat wants to know: the rounds done, the total work and rest, the longest run
/// without a pause, and what changed against the plan (phases skipped, time added).
package enum SessionSummary {
  /// The summary laid out in `width` columns the way the status line is: no line reaches the
  /// last column (some terminals wrap when it is filled). One line when it fits; else the
  /// head, then the parts, as many to a line as fit; whatever is still too long is cut.
  package static func render(_ engine: SessionEngine, width: Int, unicode: Bool) -> String {
    let (head, parts) = parts(engine)
    return layout(head: head, parts: parts, width: width, unicode: unicode)
  }

  /// The summary's head and parts before they are laid out, for a follower (`pomo attach`) to
  /// lay out in its own width.
  package static func parts(_ engine: SessionEngine) -> (head: String, parts: [String]) {
    engine.plan.isWorkout ? workout(engine) : session(engine)
  }

  /// "Completed work: 7 of 7 phases done" and the focus, rest, paused (and asleep) times.
  static func session(_ engine: SessionEngine) -> (String, [String]) {
    let records = engine.records
    let done = records.filter(\.completed).count
    let count =
      engine.plan.endless
      ? "\(done == 1 ? "phase" : "phases") done" : "of \(TextLayout.count(engine.plan.phases.count, "phase")) done"
    let head = "\(verb(engine)) \(TextLayout.inert(engine.plan.presetName)): \(done) " + count
    return (head, ["focus \(TimeText.clock(total(engine, .work)))"] + void(engine) + common(engine) + exercises(engine))
  }

  /// "Completed tabata: 8 of 8 rounds done", then work, rest, paused, the longest run and
  /// the changes against the plan.
  static func workout(_ engine: SessionEngine) -> (String, [String]) {
    let plan = engine.plan
    let done = roundsDone(engine)
    let rounds =
      plan.endless
      ? "\(done) \(done == 1 ? "round" : "rounds") done" : "\(done) of \(TextLayout.count(plan.rounds, "round")) done"
    let head = "\(verb(engine)) \(TextLayout.inert(plan.presetName)): \(rounds)"
    // The phase a stop ended is not one someone skipped.
    let stopped = engine.status == .finished(completed: false) ? engine.records.last : nil
    let skipped = engine.records.filter { !$0.completed && !$0.void && $0 != stopped }.count
    let added = engine.records.reduce(Duration.zero) { $0 + $1.extended }
    return (
      head,
      ["work \(TimeText.clock(total(engine, .work)))"] + common(engine) + [
        "longest run without a pause \(TimeText.clock(engine.longestRun))",
        "against the plan: \(skipped) skipped, +\(TimeText.clock(added))",
      ] + exercises(engine)
    )
  }

  /// Each exercise done (or phase that counted), once, in the order they came, with its time
  /// and what was counted: "burpees 1:20", "squats 0:40 (36 reps)", "amrap 12:00 (7 rounds)".
  package static func exercises(_ engine: SessionEngine) -> [String] {
    var order: [String] = []
    var tally: [String: (time: Duration, reps: Int?, rounds: Int?)] = [:]
    for record in engine.records where record.phase.exercise != nil || record.phase.count != nil {
      let name = TextLayout.inert(record.phase.exercise ?? record.phase.name)
      if tally[name] == nil { order.append(name) }
      var entry = tally[name] ?? (.zero, nil, nil)
      entry.time += record.elapsed
      if let reps = record.reps { entry.reps = (entry.reps ?? 0) + reps }
      if let rounds = record.countedRounds { entry.rounds = (entry.rounds ?? 0) + rounds }
      tally[name] = entry
    }
    return order.map { name in
      let entry = tally[name]!
      let counts = [entry.reps.map { TextLayout.count($0, "rep") }, entry.rounds.map { TextLayout.count($0, "round") }]
        .compactMap { $0 }
      return "\(name) \(TimeText.clock(entry.time))" + (counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))")
    }
  }

  /// Rounds whose every phase ran to its end (a skipped phase leaves its round not done).
  package static func roundsDone(_ engine: SessionEngine) -> Int {
    var completed: [Int: Bool] = [:]
    for record in engine.records {
      guard let round = record.phase.round else { continue }
      completed[round] = (completed[round] ?? true) && record.completed
    }
    var planned: [Int: Int] = [:]
    let reached = completed.keys.max() ?? 0
    for phase in engine.plan.phases {
      guard let round = phase.round else { continue }
      if round > reached { break }
      planned[round, default: 0] += 1
    }
    let ended = Dictionary(grouping: engine.records.compactMap(\.phase.round), by: { $0 }).mapValues(\.count)
    return completed.filter { round, ok in ok && ended[round] == planned[round] }.count
  }

  /// "Completed" only for a session that ran every focus to its end (a skip cuts it short).
  private static func verb(_ engine: SessionEngine) -> String {
    if engine.voided { return "Voided" }
    let cutShort = engine.records.contains { $0.phase.kind == .work && !$0.completed && !$0.void }
    return engine.status == .finished(completed: true) && !cutShort ? "Completed" : "Stopped"
  }

  /// The time of each kind, as the journal will count it (time away out unless kept,
  /// `PhaseRecord.credited`); a void Pomodoro's (the last focus phase of a voided session) is
  /// not focus but void.
  package static func total(_ engine: SessionEngine, _ kind: PhaseKind) -> Duration {
    engine.records.filter { $0.phase.kind == kind && !$0.void }.reduce(Duration.zero) { $0 + $1.credited }
  }

  /// "void 0:12" (the void Pomodoros' time) and the interruptions marked ("marks '' -"), when any.
  private static func void(_ engine: SessionEngine) -> [String] {
    var parts: [String] = []
    let voids = engine.records.filter(\.void)
    if !voids.isEmpty { parts.append("void \(TimeText.clock(voids.reduce(Duration.zero) { $0 + $1.credited }))") }
    let marks = PhaseMark.signs(engine.records.flatMap(\.marks))
    if !marks.isEmpty { parts.append("marks \(marks)") }
    return parts
  }

  private static func common(_ engine: SessionEngine) -> [String] {
    var times = ["rest \(TimeText.clock(total(engine, .rest)))", "paused \(TimeText.clock(engine.totalPaused))"]
    if engine.totalSlept > .zero { times.append("asleep \(TimeText.clock(engine.totalSlept))") }
    let spans = (engine.records.flatMap(\.away) + engine.currentAway).filter { $0.cause != .sleep }
    let away = spans.reduce(Duration.zero) { $0 + $1.length }
    if away > .zero { times.append("away \(TimeText.clock(away))") }
    return times
  }

  package static func layout(head: String, parts: [String], width: Int, unicode: Bool) -> String {
    let room = width - 1
    let tail = parts.joined(separator: ", ")
    if TextLayout.width(head) + 2 + tail.count <= room {
      return head + "; " + tail + "\n"
    }
    var lines = [head]
    var line = ""
    for part in parts {
      if line.isEmpty {
        line = part
      } else if line.count + 2 + part.count <= room {
        line += ", " + part
      } else {
        lines.append(line)
        line = part
      }
    }
    lines.append(line)
    guard room > 0 else { return "" }
    return lines.map { TextLayout.truncate($0, room, unicode: unicode) + "\n" }.joined()
  }
}
