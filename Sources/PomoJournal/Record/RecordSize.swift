import PomoCore
import PomoPlatform

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// How long a journal line may be, and the longest record a session could leave: so that no
/// line pomo writes is ever one its readers refuse.
///
/// The readers take lines of up to `longestLine` bytes (`LineReader.maxLine`). That is sized
/// from the largest session presets allow: 10,000 rounds (`Preset.roundsRange`) of two phases,
/// each name 64 characters written at their widest (C1 controls, six bytes each as `\u0085`),
/// every time and duration at its widest, is about 15 MB, which leaves a megabyte for its tags
/// and note (`largestSessionLine` works it out; a test records that session and reads it back).
///
/// A session whose record could be longer is refused before it starts (`largestLine`), and the
/// one append path (`Journal.append(lines:)`) refuses any longer line, naming its size.
package enum RecordSize {
  /// The longest line pomo writes or reads.
  package static let longestLine = LineReader.maxLine

  /// A time at its widest: the last millisecond of the year 9999, with an offset.
  static let widestTime = 253_402_300_799.999
  /// A duration at its widest: a century in seconds, to the millisecond.
  static let widestSeconds = 3_155_760_000.999

  /// The longest `longestLine` in words ("16 MB"), for messages.
  package static var longestText: String { "\(longestLine >> 20) MB (\(longestLine) bytes)" }

  /// The record `info`'s session of `plan` could leave at its longest: every phase run, each
  /// time and duration at its widest.
  package static func largest(plan: Plan, info: SessionInfo) -> JournalRecord {
    let phases = plan.phases.map { p in
      var phase = JournalPhase(
        name: p.name, kind: p.kind, round: p.round, start: widestTime, end: widestTime,
        plannedSeconds: widestSeconds, elapsedSeconds: widestSeconds, completed: false, pausedSeconds: widestSeconds,
        sleptSeconds: widestSeconds, extendedSeconds: widestSeconds, overtimeSeconds: widestSeconds)
      phase.exercise = p.exercise
      phase.reps = p.count == .reps ? PhaseCount.range.upperBound : nil
      phase.countedRounds = p.count == .rounds ? PhaseCount.range.upperBound : nil
      return phase
    }
    var record = JournalRecord(
      id: info.id, preset: plan.presetName, status: .interrupted, interruption: .signal, start: widestTime,
      end: widestTime, tags: info.tags, note: info.note, host: info.host, source: info.source, rounds: plan.rounds,
      planOffset: info.planOffset, resumedFrom: info.resumedFrom, pausedSeconds: widestSeconds,
      sleptSeconds: widestSeconds, phases: phases)
    record.warmupSeconds = info.warmup.map { _ in widestSeconds }
    record.cooldownSeconds = info.cooldown.map { _ in widestSeconds }
    record.endless = plan.endless
    record.clockStepSeconds = widestSeconds
    return record
  }

  /// The bytes of that record's line, worked out without writing it: the record without its
  /// phases, and each phase's share (the same for phases of one name, kind and round width),
  /// so a plan of 20,000 phases costs a few small records.
  package static func largestLine(plan: Plan, info: SessionInfo) -> Int {
    var record = largest(plan: plan, info: info)
    let phases = record.phases
    record.phases = []
    let bare = size(record)
    var shares: [String: Int] = [:]
    var total = bare + max(0, phases.count - 1)
    for phase in phases {
      let key =
        "\(phase.name)\u{0}\(phase.kind.rawValue)\u{0}\(phase.round.map { String($0).count } ?? 0)\u{0}"
        + "\(phase.exercise ?? "")\u{0}\(phase.reps != nil)\u{0}\(phase.countedRounds != nil)"
      if shares[key] == nil {
        record.phases = [phase]
        shares[key] = size(record) - bare
      }
      total += shares[key]!
    }
    return total
  }

  /// The bytes of a record's line, its times at the widest offset.
  static func size(_ record: JournalRecord) -> Int {
    record.json(offset: { _ in -(9 * 3600 + 30 * 60) }).text.utf8.count
  }

  /// Why the session could not be recorded, or nil when its longest record fits in a line.
  package static func problem(plan: Plan, info: SessionInfo) -> String? {
    let size = largestLine(plan: plan, info: info)
    guard size > longestLine else { return nil }
    return
      "the session's record could be \(size) bytes, longer than a journal line may be (\(longestText)): give fewer rounds, or fewer or shorter phase names, tags or note"
  }

  /// The error of a line too long to append.
  static func tooLong(_ size: Int) -> FileSystemError {
    FileSystemError(
      code: EFBIG, reason: "the record would be \(size) bytes, longer than a journal line may be (\(longestText))")
  }
}
