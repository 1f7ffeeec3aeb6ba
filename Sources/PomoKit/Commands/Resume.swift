import PomoControl
import PomoCore
import PomoJournal
import PomoPlatform
import PomoReport
import PomoSession
import PomoTerminal

extension Pomo {
  /// `pomo resume`: continues the most recent interrupted session where it stopped.
  package enum Resume: Command {
    package static let runsSession = true
    package static let spec = CommandSpec(
      name: "resume",
      abstract: "Resume a paused session, or the last interrupted one.",
      discussion: """
        While a session runs, its pause ends (through its control socket, as 'pomo pause'
        does), and its new status line is printed.

        Otherwise the last interrupted session goes on. A session is interrupted by q,
        Ctrl-C, 'pomo stop', a signal, a crash or a power loss. Resuming runs the rest of its
        plan as a new journal record that names the one it continues. It runs where and as
        'pomo start' would: --detach runs it in the background, and the display options
        apply.
        """,
      options: SharedOptions.launch)

    package static func run(_ arguments: ParsedArguments, _ context: Context) throws -> Int32 {
      // A session left by a pomo that died is recorded first (so it can be resumed below),
      // and never steered.
      let journal = JournalAccess.journal(arguments, context)
      JournalAccess.recover(journal, context)
      do {
        let state = try context.paths.controlClient.send(.command(.resume))
        context.output.write(Steering.line(state) + "\n")
        return ExitCode.success
      } catch .notRunning {
        // Nothing runs: continue the last interrupted session, below.
      } catch .untrusted(let path, let reason) {
        // A socket not to be trusted says nothing of this profile: when no session of its own
        // runs, the last interrupted one goes on (and says, as it starts, that it has no socket).
        if let state = SessionState.read(path: context.paths.stateFile), Platform.processExists(state.pid) {
          throw CLIError.failure(ControlClient.Failure.untrusted(path, reason: reason).description)
        }
      } catch {
        throw CLIError.failure(error.description)
      }
      let setup = try SessionLauncher.Setup(arguments, context, journal: journal)
      // Claiming the state folder also records a session that crashed, so it can be resumed.
      let lock = try JournalAccess.claim(journal, context)
      var latest: JournalRecord?
      var resumed = Set<String>()
      let history = try JournalAccess.history(journal, strict: false, context)
      do {
        // Sessions as they now stand: a deleted one is not resumed, an edited one keeps its edits.
        try history.all(detail: true) { record in
          if let from = record.resumedFrom { resumed.insert(from) }
          if record.status == .interrupted && record.end >= (latest?.end ?? -.infinity) { latest = record }
        }
      } catch {
        throw CLIError.failure("cannot read the journal \(journal.name): \(error)")
      }
      guard let record = latest, !resumed.contains(record.id) else {
        throw CLIError.failure("no interrupted session to resume (see 'pomo log')")
      }
      let full = try plan(of: record, path: arguments.path, context)
      guard let rest = full.resuming(after: record) else {
        throw CLIError.failure(
          "the \(TextLayout.inert(record.preset)) session of \(context.zone.clockTime(record.start)) has nothing left to run"
        )
      }
      var info = SessionInfo(
        id: JournalRecord.newID(), tags: record.tags, note: record.note, host: context.hostName,
        source: record.source,
        planOffset: rest.offset, planCount: full.phases.count, resumedFrom: record.id)
      info.warmup = record.warmupSeconds.map(Self.duration)
      info.cooldown = record.cooldownSeconds.map(Self.duration)
      info.task = record.task
      if let task = record.task {
        info.taskTitle = try? TaskAccess.tasks(history, journal, .id(task), false).first?.task.title
      }
      if arguments[SharedOptions.detach] {
        // The session started again in the background claims the state folder itself.
        lock.release()
        return try SessionLauncher.detach(plan: rest.plan, arguments, context)
      }
      return SessionLauncher.run(plan: rest.plan, info: info, setup: setup, lock: lock, arguments, context)
    }

    /// The whole plan `record` is a part of, as it was started: the preset file it names, or
    /// its preset or quick timer by name, with the rounds, warm-up and cool-down it recorded.
    /// A plan that does not hold the record's phases is refused rather than resumed wrongly.
    static func plan(of record: JournalRecord, path: [String], _ context: Context) throws(CLIError) -> Plan {
      let preset: Preset
      if let source = record.source {
        do {
          preset = try PresetCatalog.load(file: source)
        } catch {
          throw .data(error.description)
        }
      } else if record.preset.hasPrefix("@") {
        // A timer to a time on the clock (`@14:30`): that time has come or gone by now.
        throw .failure(
          "the \(TextLayout.inert(record.preset)) session of \(context.zone.clockTime(record.start)) ran to a time on "
            + "the clock; start a new one ('pomo start @TIME')")
      } else {
        // A quick timer's name says its work and rest; the record says the rest of its shape.
        let timer = QuickTimerOptions(
          rounds: record.endless ? nil : record.rounds, warmup: record.warmupSeconds.map(duration),
          cooldown: record.cooldownSeconds.map(duration))
        preset = try PresetLookup.preset(record.preset, path: path, context: context, timer: timer)
      }
      // The reader keeps rounds within the presets' limits; checked again, as the plan's size depends on it.
      guard Preset.roundsRange.contains(record.rounds) else {
        throw .data("the session \(record.id) has \(record.rounds) rounds, more than a preset allows")
      }
      let full = Plan(preset: preset, rounds: record.rounds)
      if let problem = full.mismatch(record) {
        throw .failure(
          "the \(TextLayout.inert(record.preset)) session of \(context.zone.clockTime(record.start)) ran a plan that "
            + "'\(TextLayout.inert(record.preset))' no longer gives (\(problem)); start it afresh")
      }
      return full
    }

    /// Seconds from the journal, to the millisecond (the reader checked the range).
    private static func duration(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }
  }
}

extension Plan {
  /// Why `record` is not a run of this plan, or nil when it is: its phases must be the
  /// plan's, by name, kind and round, from its place in the plan on. A preset file edited
  /// since, or a record from before pomo kept a timer's warm-up, gives another plan, and
  /// resuming that would run the wrong phases.
  package func mismatch(_ record: JournalRecord) -> String? {
    for (i, phase) in record.phases.enumerated() {
      let index = record.planOffset + i
      guard index < phases.count else { return "it has \(phases.count) phases, the session more" }
      let planned = phases[index]
      if planned.name != phase.name || planned.kind != phase.kind || planned.round != phase.round {
        let names = (TextLayout.inert(planned.name), TextLayout.inert(phase.name))
        return "phase \(index + 1) is \(names.0), the session's was \(names.1)"
      }
    }
    return nil
  }

  /// The part of this plan an interrupted record did not finish: from the phase it stopped
  /// in (with the time that phase still had), or nil when nothing is left.
  package func resuming(after record: JournalRecord) -> (plan: Plan, offset: Int)? {
    var index = record.planOffset + record.phases.count
    var firstRemaining: Duration?
    if let last = record.phases.last, !last.completed, index - 1 < phases.count {
      // The record is not trusted beyond the preset: what is left of a phase is at most the
      // preset's own duration for it plus a day of extensions.
      let most = TimeText.seconds(phases[max(0, index - 1)].duration) + min(last.extendedSeconds, 86_400)
      // Overtime is in `elapsed` but not in what the phase was to run.
      let ran = last.elapsedSeconds - last.overtimeSeconds
      let left = min(last.plannedSeconds + last.extendedSeconds - ran, most)
      // Whatever was left, to the millisecond the journal keeps: a phase stopped 0.4 s before
      // its end goes on for 0.4 s, it is not skipped.
      let milliseconds = Int64((left * 1000).rounded())
      if milliseconds >= 1 {
        index -= 1
        firstRemaining = .milliseconds(milliseconds)
      }
    }
    guard index >= 0, index < phases.count else { return nil }
    var rest = Array(phases[index...])
    if let firstRemaining {
      rest[0].duration = firstRemaining
    } else if let earned = earnedRest, index > 0, earnedRestPhase(after: index - 1) == index,
      let focus = record.phases.last, record.planOffset + record.phases.count == index
    {
      // Stopped as the open focus ended: the rest it earned comes first, not the placeholder.
      rest[0].duration = earned.rest(after: .milliseconds(Int64((focus.elapsedSeconds * 1000).rounded())))
    }
    var plan = Plan(
      presetName: presetName, rounds: rounds, cue: cue, phases: PlannedPhase.renumbered(rest), advance: advance)
    plan.endless = endless
    plan.halfway = halfway
    plan.advanceBefore = advanceBefore
    // The open focus phases still to come earn their rests as they did before the stop.
    plan.earnedRest = earnedRest
    return (plan, index)
  }
}
