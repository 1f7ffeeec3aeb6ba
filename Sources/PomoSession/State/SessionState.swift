import PomoCore
import PomoJournal
import PomoPlatform

/// The running session, saved so that it survives its process: `current.json` in the XDG
/// state folder. It holds the deadline, not a count, so anyone can rebuild the timer from it.
package struct SessionState: Equatable, Sendable {
  package var pid: Int32
  /// When this was last known true, on the session's own clock (its start's wall time plus
  /// the boot clock): the heartbeat, rewritten at least every 10 s. No reader trusts a file's
  /// time, which the kernel takes from a wall clock that may have been stepped since.
  package var updated: Double
  /// The boot clock's reading at `updated`, in nanoseconds, and the boot it counts from: a
  /// reader of the same boot works out the session's time now as `updated` plus how far its
  /// own boot clock has moved since; any other reader trusts `updated` alone.
  package var bootNanoseconds: Int64?
  package var bootID: String?
  /// The session so far: the phases done, status interrupted, as it would be recorded now.
  package var record: JournalRecord
  package var phaseIndex: Int
  package var phaseCount: Int
  package var phaseName: String
  package var phaseKind: PhaseKind
  package var phaseRound: Int?
  package var phasePlannedSeconds: Double
  /// Planned plus any extension.
  package var phaseLengthSeconds: Double
  package var phaseOffsetSeconds: Double
  package var totalSeconds: Double
  package var phaseStart: Double
  package var deadline: Double
  package var pausedAt: Double?
  /// The phase's time is up and it waits for confirmation; its overtime is `now - deadline`.
  package var waiting = false
  /// The phase is open (Flowtime): it counts up from `deadline`, its start with pauses added,
  /// until someone goes on.
  package var open = false
  /// Overtime of earlier waits in this phase, before a `+` made it count down again.
  package var phaseOvertimeSeconds = 0.0
  /// Whether each phase waits for confirmation when its time is up (a preset's
  /// `"advance": "confirm"`, or `--confirm`), so a display offers `enter` only then.
  package var confirm = false
  package var phasePausedSeconds: Double
  /// The plan from the current phase on (at most `planLimit` phases, indexed and timed from
  /// the current phase), so anyone reading the file sees what is still to come.
  package var upcoming: [PlannedPhase]
  /// Why the session has no control socket (its folder is another user's, say), so that
  /// `status` and the commands name the reason; nil when it listens.
  package var controlProblem: String?
  /// The title of the task the session works on (`record.task`), when it has one.
  package var taskTitle: String?
  /// Whether a Timewarrior interval may be open for the session (`SessionInfo.timewarrior`).
  package var timewarrior = false
  /// The rounds marked so far, when the phase counts them (an AMRAP).
  package var countedRounds: Int?
  /// What the open question for reps asks about (an exercise, or a phase's name), and the
  /// digits typed so far; nil when no question is open.
  package var question: String?
  package var questionTyped = ""
  /// Every phase has ended and the session waits only for the answer to `question`
  /// (`SessionEngine.Status.asking`): the phase above is the last one, already in `record`.
  package var asking = false
  /// pomo turned the desktop's do-not-disturb on, and how to turn it off (`DoNotDisturbMark`).
  package var doNotDisturb: DoNotDisturbMark?
  /// The interruptions marked in the current phase so far (`"phase": {"marks": […]}`), kept
  /// here so that a crash loses none: the record of a dead session ends its phase with them.
  package var phaseMarks: [PhaseMark] = []
  /// Why the person is away and since when, while they are (`pomo away`, a lock, an idle desk).
  package var awayCause: String?
  package var awaySince: Double?
  /// The session asks what to do with the time away (`ask`): 'pomo keep' or 'pomo drop'.
  package var awayAsking = false
  /// The current phase's spans away that have closed, so a crash records them with the phase.
  package var phaseAway: [JournalAway] = []
  /// The span away under way (`"away": {"span": …}`), its end the state's time: whoever takes
  /// the session as ended later (recovery, `status`) runs it on to that end, as `pomo stop`
  /// then would have. Nil when the person is not away, or the phase is paused by hand.
  package var awaySpan: JournalAway?

  package static let planLimit = 1000

  /// The state of a running engine, with at most `limit` phases of the plan to come (at most
  /// `planLimit`, the default).
  package init?(engine: SessionEngine, info: SessionInfo, pid: Int32, upcoming limit: Int = 1000) {
    guard let snapshot = engine.snapshot, let phase = engine.currentPhase else { return nil }
    let instant = engine.clock.now()
    let now = engine.wallTime(instant)
    self.pid = pid
    updated = now
    bootNanoseconds = SessionEngine.nanos(instant)
    bootID = engine.clock.bootID()
    record = JournalRecord(engine: engine, info: info, end: now)
    record.status = .interrupted
    record.interruption = .crash
    phaseIndex = info.planOffset + engine.index
    phaseCount = info.planCount
    phaseName = phase.name
    phaseKind = phase.kind
    phaseRound = phase.round
    phasePlannedSeconds = TimeText.seconds(phase.duration)
    phaseLengthSeconds = TimeText.seconds(snapshot.length)
    phaseOffsetSeconds = TimeText.seconds(phase.offset)
    totalSeconds = TimeText.seconds(engine.plan.total)
    phaseStart = engine.wallTime(engine.phaseStart)
    deadline = engine.wallTime(engine.deadline)
    pausedAt = engine.pausedAt.map(engine.wallTime)
    waiting = engine.status == .waiting
    open = phase.open
    phaseOvertimeSeconds = TimeText.seconds(engine.earlierOvertime)
    confirm = engine.plan.confirms
    let pausedSoFar = engine.totalPaused - engine.records.reduce(.zero) { $0 + $1.paused }
    phasePausedSeconds = TimeText.seconds(pausedSoFar)
    // Counted from the current phase, as the file stores them.
    let end = min(engine.plan.phases.count, engine.index + min(max(1, limit), Self.planLimit))
    upcoming = PlannedPhase.renumbered(engine.plan.phases[engine.index..<end])
    controlProblem = info.controlProblem
    taskTitle = info.task == nil ? nil : info.taskTitle
    timewarrior = info.timewarrior
    countedRounds = snapshot.counted
    question = snapshot.questionPhase.map { $0.exercise ?? $0.name }
    questionTyped = snapshot.question?.typed ?? ""
    asking = engine.status == .asking
    phaseMarks = engine.marks
    awayCause = engine.away?.cause.rawValue
    awaySince = engine.away.map { engine.wallTime($0.since) }
    awayAsking = engine.awayQuestion != nil
    phaseAway = engine.closedAway.map { JournalAway($0, of: engine) }
    awaySpan = engine.openAway.map { open in
      var span = JournalAway(open, of: engine)
      span.end = max(span.start, now)
      return span
    }
  }

  // MARK: - The file

  package func json(offset: (Double) -> Int) -> JSONOutput {
    func time(_ t: Double) -> JSONOutput { .string(RFC3339.format(t, offset: offset(t))) }
    func int(_ n: Int?) -> JSONOutput { n.map { .int(Int64($0)) } ?? .null }
    var phase: [(String, JSONOutput)] = [
      ("name", .string(phaseName)), ("kind", .string(phaseKind.rawValue)), ("round", int(phaseRound)),
      ("planned_seconds", .seconds(phasePlannedSeconds)), ("length_seconds", .seconds(phaseLengthSeconds)),
      ("offset_seconds", .seconds(phaseOffsetSeconds)), ("start", time(phaseStart)), ("deadline", time(deadline)),
      ("paused_at", pausedAt.map(time) ?? .null), ("waiting", .bool(waiting)),
      ("overtime_seconds", .seconds(phaseOvertimeSeconds)), ("paused_seconds", .seconds(phasePausedSeconds)),
    ]
    if open { phase.append(("open", .bool(true))) }
    if !phaseMarks.isEmpty { phase.append(("marks", .array(phaseMarks.map { $0.json(time) }))) }
    if let awayCause {
      var away: [(String, JSONOutput)] = [("cause", .string(awayCause))]
      if let awaySince { away.append(("since", time(awaySince))) }
      if let awaySpan {
        let paused: [(String, JSONOutput)] = awaySpan.paused ? [("paused", .bool(true))] : []
        away.append(("span", .object([("start", time(awaySpan.start))] + paused)))
      }
      phase.append(("away", .object(away)))
    }
    if awayAsking { phase.append(("away_asking", .bool(true))) }
    if !phaseAway.isEmpty { phase.append(("away_spans", .array(phaseAway.map { $0.json(time) }))) }
    var fields: [(String, JSONOutput)] = [("v", .int(1)), ("pid", int(Int(pid))), ("updated", time(updated))]
    if let bootNanoseconds, let bootID {
      fields += [("boot_id", .string(bootID)), ("boot_nanoseconds", .int(bootNanoseconds))]
    }
    fields += [
      ("phase_index", int(phaseIndex)), ("phase_count", int(phaseCount)), ("phase", .object(phase)),
      ("total_seconds", .seconds(totalSeconds)), ("advance", .string(confirm ? "confirm" : "auto")),
    ]
    if let doNotDisturb { fields.append(("dnd", doNotDisturb.json)) }
    // The session before the plan: a file cut short keeps the record (see `salvage`).
    fields.append(("session", record.json(offset: offset)))
    let plan = upcoming.map { p -> JSONOutput in
      .object(
        [
          ("name", .string(p.name)), ("kind", .string(p.kind.rawValue)),
          ("seconds", .seconds(TimeText.seconds(p.duration))), ("round", int(p.round)),
        ] + (p.open ? [("open", .bool(true))] : []))
    }
    fields.append(("plan", .array(plan)))
    // Written only when there is something to say, so older readers see the file they know.
    if let countedRounds { fields.append(("counted_rounds", int(countedRounds))) }
    if let question {
      fields.append(("question", .object([("of", .string(question)), ("typed", .string(questionTyped))])))
    }
    if asking { fields.append(("asking", .bool(true))) }
    if let controlProblem { fields.append(("control_problem", .string(controlProblem))) }
    if let taskTitle { fields.append(("task_title", .string(taskTitle))) }
    if timewarrior { fields.append(("timewarrior", .bool(true))) }
    return .object(fields)
  }

  package init(bytes: [UInt8]) throws(JournalRecord.Problem) {
    func refused(_ why: String = "") -> JournalRecord.Problem {
      JournalRecord.Problem(message: "not a pomo state file" + (why.isEmpty ? "" : " (\(why))"))
    }
    guard let value = try? JSONParser.parse(bytes) else { throw refused() }
    // Every number is range-checked before it is converted: a damaged file is refused, never trapped on.
    func int(_ v: JSONValue?, _ range: ClosedRange<Int>) -> Int? {
      guard let n = v?.intValue, range.contains(n) else { return nil }
      return n
    }
    func seconds(_ v: JSONValue?) throws(JournalRecord.Problem) -> Double? {
      guard let v else { return nil }
      guard let x = v.doubleValue, x.isFinite, RecordScanner.Limits.seconds.contains(x) else {
        throw refused("a number of seconds out of range")
      }
      return x
    }
    func time(_ v: JSONValue?) -> Double? { v?.stringValue.flatMap(RFC3339.parse) }
    /// A whole number in `range`, nil when absent; anything else is refused.
    func number(_ v: JSONValue?, _ range: ClosedRange<Int>, _ what: String) throws(JournalRecord.Problem) -> Int? {
      guard let v else { return nil }
      guard let n = int(v, range) else { throw refused("\(what) out of range") }
      return n
    }
    // A round that is not a number is no round.
    func round(_ v: JSONValue?) throws(JournalRecord.Problem) -> Int? {
      v?.doubleValue == nil ? nil : try number(v, Preset.roundsRange, "a round")
    }
    func kindOf(_ v: JSONValue) -> PhaseKind? { v["kind"]?.stringValue.flatMap(PhaseKind.init(rawValue:)) }
    guard let session = value["session"], let phase = value["phase"], let updated = time(value["updated"]),
      let kind = kindOf(phase), let start = time(phase["start"]), let deadline = time(phase["deadline"])
    else { throw refused() }
    guard let pid = int(value["pid"], 1...Int(Int32.max)) else { throw refused("a pid out of range") }
    self.pid = Int32(pid)
    self.updated = updated
    if let id = value["boot_id"]?.stringValue, !id.isEmpty, let n = value["boot_nanoseconds"]?.intValue, n >= 0 {
      bootID = id
      bootNanoseconds = Int64(n)
    }
    record = try JournalRecord(line: bytes[session.span])
    let count = RecordScanner.Limits.planOffset
    phaseIndex = try number(value["phase_index"], count, "a phase number") ?? 0
    phaseCount = try number(value["phase_count"], 1...count.upperBound, "a phase number") ?? 1
    phaseName = phase["name"]?.stringValue ?? kind.rawValue
    phaseKind = kind
    phaseRound = try round(phase["round"])
    phasePlannedSeconds = try seconds(phase["planned_seconds"]) ?? 0
    phaseLengthSeconds = try seconds(phase["length_seconds"]) ?? phasePlannedSeconds
    phaseOffsetSeconds = try seconds(phase["offset_seconds"]) ?? 0
    totalSeconds = try seconds(value["total_seconds"]) ?? phaseLengthSeconds
    phaseStart = start
    self.deadline = deadline
    pausedAt = time(phase["paused_at"])
    waiting = phase["waiting"]?.boolValue ?? false
    open = phase["open"]?.boolValue ?? false
    phaseOvertimeSeconds = try seconds(phase["overtime_seconds"]) ?? 0
    confirm = value["advance"]?.stringValue == "confirm"
    phasePausedSeconds = try seconds(phase["paused_seconds"]) ?? 0
    awayCause = phase["away"]?["cause"]?.stringValue
    awaySince = time(phase["away"]?["since"])
    awayAsking = phase["away_asking"]?.boolValue ?? false
    if let awayCause, let span = phase["away"]?["span"], let start = time(span["start"]) {
      awaySpan = JournalAway(
        start: start, end: max(start, updated), cause: awayCause, paused: span["paused"]?.boolValue ?? false)
    }
    for item in (phase["away_spans"]?.arrayValue ?? []).prefix(Self.planLimit) {
      guard let start = time(item["start"]), let end = time(item["end"]), end >= start,
        let cause = item["cause"]?.stringValue
      else { continue }
      phaseAway.append(
        JournalAway(
          start: start, end: end, cause: cause, paused: item["paused"]?.boolValue ?? false,
          kept: item["kept"]?.boolValue))
    }
    upcoming = []
    for item in (value["plan"]?.arrayValue ?? []).prefix(Self.planLimit) {
      guard let kind = kindOf(item), let seconds = try seconds(item["seconds"]) else { continue }
      var phase = PlannedPhase(
        index: 0, name: item["name"]?.stringValue ?? kind.rawValue, kind: kind,
        duration: .milliseconds(Int64((seconds * 1000).rounded())), round: try round(item["round"]), offset: .zero)
      phase.open = item["open"]?.boolValue ?? false
      upcoming.append(phase)
    }
    upcoming = PlannedPhase.renumbered(upcoming)
    controlProblem = value["control_problem"]?.stringValue
    taskTitle = value["task_title"]?.stringValue
    timewarrior = value["timewarrior"]?.boolValue ?? false
    countedRounds = int(value["counted_rounds"], PhaseCount.range)
    if let of = value["question"]?["of"]?.stringValue {
      question = of
      let typed = value["question"]?["typed"]?.stringValue ?? ""
      questionTyped = typed.count <= RepsQuestion.digits && typed.allSatisfy(\.isASCIIDigit) ? typed : ""
    }
    asking = value["asking"]?.boolValue ?? false
    doNotDisturb = DoNotDisturbMark(json: value["dnd"])
    for item in (phase["marks"]?.arrayValue ?? []).prefix(PhaseMark.limit) {
      guard let kind = item["kind"]?.stringValue.flatMap(PhaseMark.Kind.init(rawValue:)), let at = time(item["at"]) else {
        throw refused("a mark without its kind or time")
      }
      // A note is kept at most as long as the session keeps one.
      let note = item["note"]?.stringValue.map { String($0.prefix(PhaseMark.noteLimit)) }
      phaseMarks.append(PhaseMark(kind: kind, at: at, note: note))
    }
  }

  /// A state file holds the record so far (a journal line at most) and up to 1,000 phases
  /// still to come.
  package static let sizeLimit = RecordSize.longestLine + (4 << 20)

  package static func read(path: String) -> SessionState? {
    guard let bytes = try? Platform.readFile(path, limit: sizeLimit) else { return nil }
    return try? SessionState(bytes: bytes)
  }

  /// What a state file that was cut short still holds: the session record as it stood when
  /// the file was written (its finished phases), and the do-not-disturb mark, written before
  /// it; nil when even the record is gone.
  static func salvage(_ bytes: [UInt8]) -> (record: JournalRecord, doNotDisturb: DoNotDisturbMark?)? {
    // The first member of each name, read as the whole file is, only up to the value's end.
    func member(_ name: String) -> JSONValue? {
      guard let at = bytes.firstRange(of: Array("\"\(name)\":".utf8))?.upperBound else { return nil }
      return try? JSONParser.parse(bytes, valueAt: at)
    }
    guard let session = member("session"), var record = try? JournalRecord(line: bytes[session.span]) else {
      return nil
    }
    record.status = .interrupted
    record.interruption = .crash
    return (record, DoNotDisturbMark(json: member("dnd")))
  }

  // MARK: - Reading the moment

  /// The session's time now, on its own clock: `updated` plus how far the boot clock has
  /// moved since, when `bootID` is the boot the heartbeat was written in; `updated` alone
  /// otherwise. A wall clock stepped since the session started (in the session or in the
  /// reader) changes nothing here.
  package func now(bootID readerBoot: String?, bootNanoseconds readerNanos: Int64) -> Double {
    guard let bootID, let bootNanoseconds, readerBoot == bootID else { return updated }
    return updated + Double(max(0, readerNanos - bootNanoseconds)) / 1e9
  }

  /// Moves `updated` to `time` (a later tick of the session's clock), and the boot clock's
  /// reading with it, so the two still name one instant.
  package mutating func tick(to time: Double) {
    if let n = bootNanoseconds { bootNanoseconds = n + Int64(((time - updated) * 1e9).rounded()) }
    updated = time
  }

  /// The session's time now, read from `clock` (a reader's): see `now(bootID:bootNanoseconds:)`.
  package func now(on clock: SessionClock) -> Double {
    now(bootID: clock.bootID(), bootNanoseconds: SessionEngine.nanos(clock.now()))
  }

  /// Seconds left in the phase at `now` (frozen while paused).
  package func remaining(at now: Double) -> Double {
    max(0, deadline - (pausedAt ?? now))
  }

  package func phaseProgress(at now: Double) -> Double {
    guard phaseLengthSeconds > 0 else { return 1 }
    return min(1, max(0, 1 - remaining(at: now) / phaseLengthSeconds))
  }

  package func sessionProgress(at now: Double) -> Double {
    guard totalSeconds > 0 else { return 1 }
    return min(1, (phaseOffsetSeconds + phaseProgress(at: now) * phasePlannedSeconds) / totalSeconds)
  }
  /// The moment as the live status line draws it, for a display that follows the session
  /// from another process (`pomo attach`).
  package func snapshot(at now: Double) -> SessionSnapshot {
    var phase = PlannedPhase(
      index: phaseIndex, name: phaseName, kind: phaseKind, duration: .milliseconds(Int64(phasePlannedSeconds * 1000)),
      round: phaseRound, offset: .milliseconds(Int64(phaseOffsetSeconds * 1000)))
    phase.open = open
    var snapshot = SessionSnapshot(
      phase: phase, phaseCount: phaseCount, rounds: record.rounds,
      remaining: .milliseconds(Int64((remaining(at: now) * 1000).rounded(.up))),
      length: .milliseconds(Int64(phaseLengthSeconds * 1000)), paused: pausedAt != nil,
      sessionFraction: sessionProgress(at: now), overtime: overtime(at: now).map { .milliseconds(Int64($0 * 1000)) })
    snapshot.counted = countedRounds
    snapshot.marks = PhaseMark.signs(phaseMarks)
    if let question {
      var open = RepsQuestion(phase: phaseIndex, closes: .zero)
      open.typed = questionTyped
      snapshot.question = open
      snapshot.questionPhase = PlannedPhase(
        index: phaseIndex, name: question, kind: .work, duration: .zero, round: nil, offset: .zero)
    }
    return snapshot
  }

  /// How long a waiting phase has waited past its deadline, in seconds; nil unless it waits.
  package func overtime(at now: Double) -> Double? {
    // An open phase's time so far reads the same way, and stands still while paused.
    if open { return max(0, (pausedAt ?? now) - deadline) }
    return waiting ? max(0, now - deadline) : nil
  }

  /// The session as it stood at `lastKnown` (a time on the session's clock: `updated` after a
  /// crash or power loss, `now(on:)` for a live session's figures), as `pomo stop` would have
  /// recorded it then. A running phase ends at the latest at its deadline (the next phase would
  /// have been in the file); a waiting phase waited until `lastKnown`, and that overtime counts;
  /// a paused phase ends at `lastKnown`, paused until then. The span away under way closes at
  /// the phase's end, with its cause and flags.
  ///
  /// A session that only waited for the last answer (`asking`) had run every phase: it is
  /// recorded completed, ending with its last phase, the answer not given.
  package func interruptedRecord(lastKnown: Double) -> JournalRecord {
    var result = record
    if asking && !result.phases.isEmpty {
      result.status = .completed
      result.interruption = nil
      result.end = result.phases.last!.end
      return result
    }
    let running = pausedAt == nil
    let end: Double
    if let pausedAt {
      end = max(lastKnown, pausedAt, phaseStart)
    } else if waiting {
      end = max(lastKnown, deadline, phaseStart)
    } else {
      end = min(max(lastKnown, phaseStart), deadline)
    }
    // The pause under way, to the phase's end.
    let pausing = pausedAt.map { end - max($0, phaseStart) } ?? 0
    let elapsed = max(0, end - phaseStart - phasePausedSeconds - pausing)
    // An open phase is not overtime: it was planned to run as long as it did.
    let overtime = open ? 0 : phaseOvertimeSeconds + (waiting ? end - max(deadline, phaseStart) : 0)
    var phase = JournalPhase(
      name: phaseName, kind: phaseKind, round: phaseRound, start: phaseStart, end: end,
      plannedSeconds: open ? elapsed : phasePlannedSeconds, elapsedSeconds: elapsed,
      completed: running && (waiting || lastKnown >= deadline), pausedSeconds: phasePausedSeconds + pausing,
      extendedSeconds: max(0, phaseLengthSeconds - phasePlannedSeconds), overtimeSeconds: overtime)
    // The spans away so far, the one under way closed at the phase's end, none past it.
    var spans = phaseAway
    if var open = awaySpan {
      open.end = end
      spans.append(open)
    }
    phase.away = spans.compactMap { span in
      var span = span
      span.end = min(span.end, end)
      return span.end > span.start ? span : nil
    }
    phase.marks = phaseMarks
    result.phases.append(phase)
    result.pausedSeconds += pausing
    result.end = running ? end : max(end, lastKnown)
    result.status = .interrupted
    result.interruption = .crash
    return result
  }
}
