import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A journal line as `RecordScanner` read it and checked it: every field pomo knows, its
/// strings left where they lie in the line (`ScannedText`). What is built from it is up to
/// the reader: a whole record (`entry`), or only the summary the index and the day totals
/// keep, with no string made at all. One scanner decides which lines are damaged, so every
/// reader agrees.
///
/// A reader that scans many lines keeps one and scans into it again: its arrays keep their room.
package struct ScannedLine: Sendable {
  /// Nil for a session; a correction's kind otherwise.
  package var correction: Correction.Kind?
  package var id = ScannedText.empty
  package var preset: ScannedText?
  /// Whether the session counts as completed: its status says so and no focus phase of it was
  /// cut short (`JournalRecord.isCutShort`; the scanner applies the rule, so every reader sees it).
  package var completed = false
  /// Whether the status said "completed" of a session a skip cut short: read as interrupted,
  /// by "skip".
  package var skipped = false
  /// Whether a work phase ended before its end (`completed` false).
  package var cutShort = false
  /// Whether the session counts for the streak: a focus session, completed.
  package var countsForStreak: Bool { completed && !workout }
  /// What the line says of `"workout"`, when it says it.
  package var statedWorkout: Bool?
  /// Whether the session is a workout (`WorkoutRule`): as the line says, else by its preset's name.
  package var workout = false
  /// Whether the status is "void" (`pomo void`).
  package var void = false
  package var voidReason: ScannedText?
  package var interruption: ScannedText?
  package var start: Double?
  package var end: Double?
  package var tags: [ScannedText] = []
  package var note: ScannedText?
  package var host: ScannedText?
  package var source: ScannedText?
  package var rounds = 1
  package var planOffset = 0
  package var resumedFrom: ScannedText?
  package var pausedSeconds = 0.0
  package var sleptSeconds = 0.0
  package var warmupSeconds: Double?
  package var cooldownSeconds: Double?
  package var endless = false
  package var clockStepSeconds = 0.0
  package var added: Double?
  /// The phases, when `keepsPhases` (the index needs only when the last one ends).
  package var phases: [ScannedPhase] = []
  /// Whether the phases are kept, or only when the last ends and when the latest ends.
  package var keepsPhases = true
  package var lastPhaseEnd: Double?
  package var latestPhaseEnd: Double?
  /// Whether a phase counts for an exercise total (`ExerciseTotal.counts`): kept even when the
  /// phases are not, so the index can mark the chunks the report by exercise must read.
  package var countsExercises = false
  // A correction's fields.
  package var target: ScannedText?
  package var session: ScannedText?
  package var at: Double?
  package var changes = Correction.Changes()
  /// Whether the line is a task (`"kind":"task"`), and a task's own fields.
  package var isTask = false
  package var title: ScannedText?
  package var estimate: Int?
  package var done: Double?
  /// The task a session worked on (`"task"`).
  package var task: ScannedText?
  /// Whether the line had a `"set"` (so `reset` knows to empty `changes`).
  var setsChanges = false
  /// The texts of the strings with escapes (rare), which their `ScannedText`s point to.
  package var decoded: [String] = []

  package init() {}

  /// The text of `text`, from `line` (the bytes that were scanned).
  package func string(_ text: ScannedText, in line: UnsafeBufferPointer<UInt8>) -> String {
    text.string(in: line, decoded: decoded)
  }

  /// The text of `text`, when the line has it.
  package func string(_ text: ScannedText?, in line: UnsafeBufferPointer<UInt8>) -> String? {
    text.map { $0.string(in: line, decoded: decoded) }
  }

  /// Whether `text` has no character.
  package func isEmpty(_ text: ScannedText) -> Bool {
    text.decoded >= 0 ? decoded[text.decoded].isEmpty : text.from == text.to
  }

  /// Empties it for the next line, keeping its arrays' room.
  mutating func reset() {
    correction = nil
    id = .empty
    preset = nil
    completed = false
    skipped = false
    cutShort = false
    statedWorkout = nil
    workout = false
    void = false
    voidReason = nil
    interruption = nil
    start = nil
    end = nil
    if !tags.isEmpty { tags.removeAll(keepingCapacity: true) }
    note = nil
    host = nil
    source = nil
    rounds = 1
    planOffset = 0
    resumedFrom = nil
    pausedSeconds = 0
    sleptSeconds = 0
    warmupSeconds = nil
    cooldownSeconds = nil
    endless = false
    clockStepSeconds = 0
    added = nil
    if !phases.isEmpty { phases.removeAll(keepingCapacity: true) }
    lastPhaseEnd = nil
    latestPhaseEnd = nil
    countsExercises = false
    target = nil
    session = nil
    at = nil
    isTask = false
    title = nil
    estimate = nil
    done = nil
    task = nil
    if setsChanges {
      changes = Correction.Changes()
      setsChanges = false
    }
    if !decoded.isEmpty { decoded.removeAll(keepingCapacity: true) }
  }

  /// Where the session ends: its end, else its last phase's, and never before a phase ends.
  package var sessionEnd: Double {
    let last = end ?? lastPhaseEnd ?? start ?? 0
    return max(last, latestPhaseEnd ?? last)
  }

  /// The session's status, as its record has it.
  package var status: JournalRecord.Status { completed ? .completed : void ? .void : .interrupted }

  /// The session's focus time, as its record has it (`JournalRecord.workSeconds`): needs the
  /// phases kept.
  package var workSeconds: Double { ScannedPhase.workSeconds(phases, workout: workout, voidSession: status == .void) }

  /// The line read whole (its phases kept): a session (its host, source and phase names only when
  /// `detail`; reports and `pomo log` need none of them) or a correction. The note is always
  /// read: `pomo log` shows it, and most sessions have none.
  package func entry(in line: UnsafeBufferPointer<UInt8>, detail: Bool) -> JournalEntry {
    let id = string(self.id, in: line)
    let tags = self.tags.map { string($0, in: line) }
    if isTask {
      return .task(
        TaskRecord(
          id: id, at: at ?? 0, host: string(host, in: line) ?? "", title: string(title, in: line) ?? "",
          estimate: estimate, tags: tags, done: done))
    }
    if let correction {
      return .correction(
        Correction(
          kind: correction, id: id, target: string(target, in: line) ?? "",
          session: string(correction == .undo ? session : target, in: line), at: at ?? 0,
          host: detail ? string(host, in: line) ?? "" : "",
          changes: correction == .amend ? changes : Correction.Changes()
        ))
    }
    let start = start ?? 0
    var record = JournalRecord(
      id: id, preset: string(preset, in: line) ?? "?", status: status,
      interruption: skipped ? .skip : string(interruption, in: line).map { Interruption(rawValue: $0) }, start: start,
      end: end ?? phases.last?.end ?? start, tags: tags, note: string(note, in: line),
      host: detail ? string(host, in: line) ?? "" : "", source: detail ? string(source, in: line) : nil,
      rounds: rounds, planOffset: planOffset, resumedFrom: string(resumedFrom, in: line), pausedSeconds: pausedSeconds,
      sleptSeconds: sleptSeconds,
      phases: phases.map { phase in
        phase.phase(name: detail ? string(phase.name, in: line) : nil, exercise: string(phase.exercise, in: line))
      })
    record.added = added
    record.warmupSeconds = warmupSeconds
    record.cooldownSeconds = cooldownSeconds
    record.endless = endless
    record.clockStepSeconds = clockStepSeconds
    record.voidReason = string(voidReason, in: line)
    record.task = string(task, in: line)
    record.workout = workout
    return .session(record)
  }
}
