/// One line of text per event, shared by the plain log and the live display's history.
package enum EventText {
  /// A line for `event`, or nil for events that have none; phase names are made inert. Times are the events' own
  /// (a phase that ended during a suspend shows its deadline, not the wake-up).
  package static func line(_ event: SessionEvent, _ engine: SessionEngine, clockTime: (Double) -> String) -> String? {
    let plan = engine.plan
    switch event {
    case .phaseStarted(let i):
      let phase = plan.phases[i]
      // An open phase has no length yet; a rest it earned says so.
      let earned = i > 0 && plan.earnedRestPhase(after: i - 1) == i ? " earned" : ""
      var length = phase.open ? "open" : TimeText.clock(phase.duration) + earned
      if let draw = engine.bankDraw, draw.phase == i { length += " + \(TimeText.clock(draw.amount)) banked" }
      var detail = "\(phase.kind.rawValue), \(length)"
      if let round = phase.round { detail += ", round \(plan.roundText(round))" }
      return
        "\(clockTime(engine.wallTime(engine.startTime(ofPhase: i))))  start   \(TextLayout.inert(phase.name)) (\(detail))"
    case .phaseEnded(let i, let completed):
      guard let record = engine.record(ofPhase: i) else { return nil }
      let at = clockTime(engine.wallTime(record.end))
      let last = engine.isFinished && engine.records.last == record
      // The Pomodoro `pomo void` ended: never done, whether it ran, waited or was open.
      if record.void {
        return "\(at)  void    \(TextLayout.inert(record.phase.name)) after \(TimeText.clock(record.elapsed))"
      }
      if completed {
        let over = record.overtime.map { ", \(TimeText.clock($0)) over" } ?? ""
        let counted = record.countedRounds.map { ", \(TextLayout.count($0, "round"))" } ?? ""
        return
          "\(at)  done    \(TextLayout.inert(record.phase.name)) (\(TimeText.clock(record.elapsed))\(over)\(counted))"
      }
      return
        "\(at)  \(last ? "stop  " : "skip  ")  \(TextLayout.inert(record.phase.name)) after \(TimeText.clock(record.elapsed))"
    case .paused:
      guard let snapshot = engine.snapshot else { return nil }
      // An open phase counts up: it says how long it has run, as its display does.
      let time = snapshot.overtime.map { "\(TimeText.clock($0)) in" } ?? "\(TimeText.countdown(snapshot.remaining)) left"
      return
        "\(clockTime(engine.startWallNow))  pause   \(TextLayout.inert(snapshot.phase.name)), \(time)"
    case .resumed:
      guard let phase = engine.currentPhase else { return nil }
      return "\(clockTime(engine.startWallNow))  resume  \(TextLayout.inert(phase.name))"
    case .extended(let i, let amount):
      return "\(clockTime(engine.startWallNow))  +\(TimeText.clock(amount))   \(TextLayout.inert(plan.phases[i].name))"
    case .waiting(let i):
      return
        "\(clockTime(engine.wallTime(engine.deadline)))  time    \(TextLayout.inert(plan.phases[i].name)) is up; waiting for space or 'pomo next'"
    case .reminded(let i):
      return
        "\(clockTime(engine.startWallNow))  remind  \(TextLayout.inert(plan.phases[i].name)) is still up; waiting for space or 'pomo next'"
    case .slept(let amount):
      return "\(clockTime(engine.startWallNow))  woke    after \(TimeText.clock(amount)) asleep"
    case .clockStepped(let step):
      let moved = (step < 0 ? "-" : "+") + TimeText.clock(.milliseconds(Int64((abs(step) * 1000).rounded())))
      return "\(clockTime(engine.startWallNow))  clock   the wall clock moved \(moved); pomo keeps its own time"
    case .asking(let i):
      return
        "\(clockTime(engine.startWallNow))  reps?   \(what(plan.phases[i])): type the reps and enter, or 'pomo rep N'"
    case .answered(let i, let reps):
      let answer = reps.map { TextLayout.count($0, "rep") } ?? "not given"
      return "\(clockTime(engine.startWallNow))  reps    \(what(plan.phases[i])): \(answer)"
    case .warning(let i):
      let left = plan.phases[i].warnBefore.map(TimeText.clock) ?? ""
      return "\(clockTime(engine.startWallNow))  warn    \(TextLayout.inert(plan.phases[i].name)): \(left) left"
    case .relabeled:
      let tags = engine.tags.isEmpty ? "no tags" : "tags " + engine.tags.map(TextLayout.inert).joined(separator: ", ")
      let note = engine.note.map { "note \"\(TextLayout.inert($0))\"" } ?? "no note"
      return "\(clockTime(engine.startWallNow))  label   \(tags); \(note)"
    case .marked(_, let kind):
      let note = engine.marks.last?.note.map { " \"\(TextLayout.inert($0))\"" } ?? ""
      return "\(clockTime(engine.startWallNow))  mark    \(kind.sign) \(kind.rawValue)\(note)"
    case .away(let cause):
      let what = engine.status == .paused && engine.away?.pausedIt == true ? "paused" : "counting"
      let since = engine.wallTime(engine.away?.since ?? engine.clock.now())
      return "\(clockTime(since))  away    \(cause.rawValue); \(what)"
    case .back(let cause, let length):
      return "\(clockTime(engine.startWallNow))  back    after \(TimeText.clock(length)) away (\(cause.rawValue))"
    case .awayAsking:
      guard let question = engine.awayQuestion else { return nil }
      return
        "\(clockTime(engine.startWallNow))  away?   \(TimeText.clock(question.length)) away: "
        + "k keeps it, d drops it, q ends; or 'pomo keep', 'pomo drop'"
    case .awayDecided(let kept):
      return "\(clockTime(engine.startWallNow))  away    time away \(kept ? "kept" : "dropped")"
    case .sessionStarted, .cue, .sessionEnded, .skipped, .halfway, .counted:
      return nil
    }
  }
}

extension EventText {
  /// What a phase's count is of: its exercise, else its name (made inert).
  package static func what(_ phase: PlannedPhase) -> String {
    TextLayout.inert(phase.exercise ?? phase.name)
  }
}
