import PomoCore

/// One session in the journal: a line of JSON, appended once and never rewritten.
package struct JournalRecord: Equatable, Sendable {
  package enum Status: String, Sendable, CaseIterable, ChoiceValue {
    case completed
    case interrupted
    /// Ended by `pomo void --stop`: its last focus phase, the Pomodoro that was running, is
    /// void, never counted as done or as focus (`isVoid`).
    case void
  }

  /// 2 since corrections: a line with `"kind"` amend, delete or undo is a correction.
  package static let version = 2

  package var id: String
  package var preset: String
  package var status: Status
  /// Why an interrupted session stopped: "quit", "signal", "crash" (a crash or power loss) or
  /// "skip" (a focus phase skipped before its end).
  package var interruption: Interruption?
  /// Why a void session was voided (`pomo void REASON`), when a reason was given.
  package var voidReason: String?
  package var start: Double
  package var end: Double
  package var tags: [String] = []
  package var note: String?
  package var host: String
  /// The preset file, when the preset was not a built-in, so `pomo resume` can find it again.
  package var source: String?
  package var rounds: Int
  /// Where in the plan this record's first phase stands (non-zero for a resumed session).
  package var planOffset: Int = 0
  package var resumedFrom: String?
  package var pausedSeconds: Double = 0
  package var sleptSeconds: Double = 0
  package var phases: [JournalPhase]
  /// When `pomo add` recorded a session that was not timed (so `pomo undo` can revoke it).
  package var added: Double?
  /// A quick timer's `--warmup` and `--cooldown`, which its name (`40s/20s`) does not say, so
  /// `pomo resume` rebuilds the same plan.
  package var warmupSeconds: Double?
  package var cooldownSeconds: Double?
  /// Whether the rounds ran until stopped (a quick timer such as `40s/20s` without `--rounds`).
  /// Its `rounds` are then the most a preset may have, as are those of `-r 10000`: this says
  /// which, so `pomo resume` rebuilds the same plan.
  package var endless = false
  /// How far the wall clock was stepped (NTP, a VM's clock sync, an RTC in local time) while
  /// the session ran, each step counted by its size. The record's times follow the session's
  /// own clock (its start plus the boot clock), so no step is in them or in any phase's time.
  package var clockStepSeconds: Double = 0
  /// The id of the task (`TaskRecord`) the session worked on: each completed focus phase
  /// counts one Pomodoro toward it (`TaskTally`).
  package var task: String?
  /// Whether the session was a workout, not focus (`WorkoutRule`): its work phases' time is
  /// workout time, never focus, and it holds no Pomodoro.
  package var workout = false

  package init(
    id: String, preset: String, status: Status, interruption: Interruption? = nil, start: Double, end: Double,
    tags: [String] = [], note: String? = nil, host: String, source: String? = nil, rounds: Int, planOffset: Int = 0,
    resumedFrom: String? = nil, pausedSeconds: Double = 0, sleptSeconds: Double = 0, phases: [JournalPhase]
  ) {
    self.id = id
    self.preset = preset
    self.status = status
    self.interruption = interruption
    self.start = start
    self.end = end
    self.tags = tags
    self.note = note
    self.host = host
    self.source = source
    self.rounds = rounds
    self.planOffset = planOffset
    self.resumedFrom = resumedFrom
    self.pausedSeconds = pausedSeconds
    self.sleptSeconds = sleptSeconds
    self.phases = phases
    // As a line without "workout" is read: by its preset's name, until told otherwise.
    workout = WorkoutRule.isWorkout(presetName: preset)
  }

  /// Whether phase `k` is a done Pomodoro: a focus phase of a focus session that ran its
  /// planned time (ended by its own end, by `next` after a wait, or by hand when open), and
  /// not the void one. A focus phase skipped or stopped before its end is focus time, never a
  /// done Pomodoro. The one rule for every count (docs/journal.md, "What a record counts").
  package func isDonePomodoro(_ k: Int) -> Bool {
    !workout && phases[k].kind == .work && phases[k].completed && !isVoid(k)
  }

  /// Whether the session counts for the streak: a focus session, completed.
  package var countsForStreak: Bool { status == .completed && !workout }

  /// The session's done Pomodoros (`isDonePomodoro`).
  package var donePomodoros: Int { phases.indices.count(where: isDonePomodoro) }

  /// Its focus phases cut short: skipped or stopped before their end (the void one aside).
  package var cutShortPomodoros: Int {
    workout ? 0 : phases.indices.count { phases[$0].kind == .work && phases[$0].isCutShort && !isVoid($0) }
  }

  /// Whether a work phase was ended before its end, the void one aside: a session that did so
  /// is cut short, however it then ended (a skip is as short as a stop).
  package static func isCutShort(_ phases: [JournalPhase], void: Int?) -> Bool {
    phases.indices.contains { phases[$0].kind == .work && phases[$0].isCutShort && !phases[$0].void && $0 != void }
  }

  /// Seconds of `work` phases, pauses and time away left out (unless kept); the void Pomodoro's
  /// are not focus. A workout's are counted all the same: `focus` says whether they are focus.
  package var workSeconds: Double {
    JournalPhase.workSeconds(phases, workout: workout, voidSession: status == .void)
  }

  /// Seconds of focus: a focus session's `workSeconds`; none for a workout.
  package var focusSeconds: Double { workout ? 0 : workSeconds }

  /// Seconds of a workout's work phases; none for a focus session.
  package var workoutSeconds: Double { workout ? workSeconds : 0 }

  /// Whether phase `k` is a void Pomodoro: one `pomo void` ended while the session went on
  /// (`"void": true`), or the last focus phase of a void session (`pomo void --stop`, or a
  /// correction that made the session void).
  /// A workout has no Pomodoro, so none void: its work stays workout time.
  package func isVoid(_ k: Int) -> Bool { !workout && (phases[k].void || k == lastVoid) }

  /// The void Pomodoro that ended a void session: its last focus phase; nil for any other.
  package var lastVoid: Int? {
    status == .void && !workout ? phases.lastIndex { $0.kind == .work } : nil
  }

  /// How many void Pomodoros the session holds.
  package var voidPomodoros: Int { phases.indices.count(where: isVoid) }

  /// Seconds of the void Pomodoros.
  package var voidSeconds: Double {
    phases.indices.filter(isVoid).reduce(0) { $0 + phases[$1].creditedSeconds }
  }

  package var restSeconds: Double { phases.filter { $0.kind == .rest }.reduce(0) { $0 + $1.creditedSeconds } }

  // MARK: - Writing

  /// The record as one line of JSON. `offset` gives the local UTC offset at an instant.
  package func json(offset: (Double) -> Int) -> JSONOutput {
    func time(_ t: Double) -> JSONOutput { .string(RFC3339.format(t, offset: offset(t))) }
    var members: [(String, JSONOutput)] = [
      ("v", .int(Int64(Self.version))), ("id", .string(id)), ("preset", .string(preset)),
      ("status", .string(status.rawValue)),
    ]
    if let interruption { members.append(("interruption", .string(interruption.rawValue))) }
    if let voidReason { members.append(("void_reason", .string(voidReason))) }
    members += [("start", time(start)), ("end", time(end)), ("tags", .array(tags.map(JSONOutput.string)))]
    members.append(("note", note.map(JSONOutput.string) ?? .null))
    members.append(("host", .string(host)))
    if let source { members.append(("source", .string(source))) }
    members.append(("rounds", .int(Int64(rounds))))
    if planOffset != 0 { members.append(("plan_offset", .int(Int64(planOffset)))) }
    if let warmupSeconds { members.append(("warmup_seconds", .seconds(warmupSeconds))) }
    if let cooldownSeconds { members.append(("cooldown_seconds", .seconds(cooldownSeconds))) }
    if endless { members.append(("endless", .bool(true))) }
    if let resumedFrom { members.append(("resumed_from", .string(resumedFrom))) }
    members.append(("paused_seconds", .seconds(pausedSeconds)))
    if sleptSeconds > 0 { members.append(("slept_seconds", .seconds(sleptSeconds))) }
    if clockStepSeconds > 0 { members.append(("clock_step_seconds", .seconds(clockStepSeconds))) }
    if let added { members.append(("added", time(added))) }
    if let task { members.append(("task", .string(task))) }
    // Said when it is a workout, or when the preset's name would say otherwise (a preset file
    // named like a built-in workout): a record without it is read by that name.
    if workout || WorkoutRule.isWorkout(presetName: preset) { members.append(("workout", .bool(workout))) }
    members.append(("phases", .array(phases.map { $0.json(time) })))
    return .object(members)
  }

  // MARK: - Reading

  /// Why a line is not a usable record.
  package struct Problem: Error, Equatable, Sendable {
    package var message: String

    package init(message: String) {
      self.message = message
    }
  }

  /// Reads a record from its line, tolerating unknown fields and newer versions.
  /// `detail: false` skips what reports do not need (names, host, source).
  package init(line: ArraySlice<UInt8>, detail: Bool = true) throws(Problem) {
    switch try JournalEntry(line: line, detail: detail) {
    case .session(let record): self = record
    case .correction(let correction):
      throw Problem(message: "a correction (\(correction.kind.rawValue)), not a session")
    case .task: throw Problem(message: "a task, not a session")
    }
  }

  package init(line: [UInt8], detail: Bool = true) throws(Problem) {
    try self.init(line: line[...], detail: detail)
  }

  /// A random (version 4) UUID, lowercase.
  package static func newID() -> String {
    var rng = SystemRandomNumberGenerator()
    var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &rng) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return NameUUID.text(bytes)
  }
}

extension JournalRecord {
  /// The record of a session as the engine ran it (so far, or to its end).
  package init(engine: SessionEngine, info: SessionInfo, end: Double? = nil) {
    let lastRecord = engine.records.indices.last
    let phases = engine.records.indices.map { k in
      let r = engine.records[k]
      var phase = JournalPhase(
        name: r.phase.name, kind: r.phase.kind, round: r.phase.round, start: engine.wallTime(r.start),
        // An open phase was planned to last as long as it ran: planned and elapsed agree, so no
        // report counts it as cut short or overrun.
        end: engine.wallTime(r.end), plannedSeconds: TimeText.seconds(r.phase.open ? r.elapsed : r.phase.duration),
        elapsedSeconds: TimeText.seconds(r.elapsed), completed: r.completed, pausedSeconds: TimeText.seconds(r.paused),
        sleptSeconds: TimeText.seconds(r.slept), extendedSeconds: TimeText.seconds(r.extended),
        overtimeSeconds: TimeText.seconds(r.overtime ?? .zero))
      // A phase that counts without a list of exercises (an AMRAP) is its own exercise, so
      // reports, which read no phase names, still tell it apart.
      phase.exercise = r.phase.exercise ?? (r.phase.count != nil ? r.phase.name : nil)
      phase.reps = r.reps
      phase.countedRounds = r.countedRounds
      phase.marks = r.marks
      phase.away = r.away.map { JournalAway($0, of: engine) }
      // A void Pomodoro the session went on from; the one that ended a void session is its
      // last focus phase, void by its status (so a correction of the status counts it again).
      phase.void = r.void && !(engine.voided && k == lastRecord)
      return phase
    }
    // A session that skipped a focus phase before its end is cut short, however it ended.
    let cutShort = Self.isCutShort(phases, void: engine.voided ? phases.lastIndex { $0.kind == .work } : nil)
    let completed = engine.status == .finished(completed: true) && !cutShort
    self.init(
      id: info.id, preset: engine.plan.presetName,
      status: engine.voided ? .void : completed ? .completed : .interrupted,
      interruption: completed || engine.voided
        ? nil : engine.status == .finished(completed: true) ? .skip : engine.stopReason, start: engine.startWall,
      end: end ?? phases.last?.end ?? engine.startWall, tags: engine.tags, note: engine.note, host: info.host,
      source: info.source, rounds: engine.plan.rounds, planOffset: info.planOffset, resumedFrom: info.resumedFrom,
      pausedSeconds: TimeText.seconds(engine.totalPaused), sleptSeconds: TimeText.seconds(engine.totalSlept),
      phases: phases)
    warmupSeconds = info.warmup.map(TimeText.seconds)
    cooldownSeconds = info.cooldown.map(TimeText.seconds)
    endless = engine.plan.endless
    clockStepSeconds = engine.clockStepSeconds
    voidReason = engine.voidReason
    task = info.task
    workout = engine.plan.isWorkout
  }
}
