import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit

/// `pomo log` makes the row of a session no correction changed straight from what the scanner
/// read of its line, with no record (`LogText.Row.init(_:_:)`). That row must be the one the
/// record makes: the same status, focus time (void Pomodoros, workouts and time away by the one
/// rule, `CreditedPhase.workSeconds`), preset, tags, note and void reason.
@Suite("Log rows made from the scan are those of the records")
struct LogRowFromScanTests {
  /// A session with some of everything a row shows, by `rng`.
  static func record(_ n: Int, _ rng: inout SplitMix64) -> JournalRecord {
    let start = 1_780_000_000.0 + Double(n) * 3_701.25
    var phases: [JournalPhase] = []
    var t = start
    for round in 1...Int.random(in: 1...4, using: &rng) {
      let work = Double(Int.random(in: 0...3_000, using: &rng)) + 0.375
      let elapsed = Bool.random(using: &rng) ? work : work / 3
      var focus = JournalPhase(
        name: "focus", kind: .work, round: round, start: t, end: t + work, plannedSeconds: work,
        elapsedSeconds: elapsed, completed: elapsed == work)
      focus.void = Int.random(in: 0..<5, using: &rng) == 0
      if Bool.random(using: &rng) {
        focus.away = [
          JournalAway(
            start: t + 1, end: t + 1 + work / 4, cause: "lock", paused: Bool.random(using: &rng),
            kept: [true, false, nil].randomElement(using: &rng)!)
        ]
      }
      phases.append(focus)
      t += work
      if Bool.random(using: &rng) {
        phases.append(
          JournalPhase(
            name: "break", kind: .rest, round: round, start: t, end: t + 300, plannedSeconds: 300,
            elapsedSeconds: 300, completed: true))
        t += 300
      }
    }
    let status = JournalRecord.Status.allCases.randomElement(using: &rng)!
    let tags = ["code", "é", "a,b", "\"q\"", ""].filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
    var record = JournalRecord(
      id: "s\(n)", preset: ["work", "hiit", "café", "52-17"].randomElement(using: &rng)!, status: status,
      start: start, end: t, tags: tags, note: Bool.random(using: &rng) ? nil : "a \"note\"\n", host: "h",
      rounds: phases.last?.round ?? 1, phases: phases)
    record.workout = Int.random(in: 0..<3, using: &rng) == 0
    if status == .void && Bool.random(using: &rng) { record.voidReason = "a call" }
    return record
  }

  @Test("every row made from a scanned line renders as the one made from its record")
  func sameRows() throws {
    var rng = SplitMix64(state: 43)
    var scanned = ScannedLine()
    var fromScan: [LogText.Row] = []
    var fromRecord: [LogText.Row] = []
    var voidAndWorkout = (void: 0, workout: 0)
    for n in 0..<600 {
      let record = Self.record(n, &rng)
      let line = Array(record.json(offset: { _ in 3_600 }).text.utf8)
      let read = try JournalRecord(line: line[...], detail: false)
      if read.phases.contains(where: \.void) || read.status == .void { voidAndWorkout.void += 1 }
      if read.workout { voidAndWorkout.workout += 1 }
      fromRecord.append(LogText.Row(read))
      try line.withUnsafeBufferPointer { buffer in
        try RecordScanner.scan(buffer, into: &scanned)
        fromScan.append(try #require(LogText.Row(buffer, scanned)))
      }
      // The focus time, to the bit.
      #expect(fromScan[n].focusSeconds == fromRecord[n].focusSeconds, "session \(n)")
    }
    #expect(voidAndWorkout.void > 100 && voidAndWorkout.workout > 100)
    for width in [40, 80, 200, Int.max] {
      let scan = LogText.render(fromScan, width: width, unicode: true, offset: { _ in 3_600 })
      let whole = LogText.render(fromRecord, width: width, unicode: true, offset: { _ in 3_600 })
      #expect(scan == whole, "width \(width)")
    }
  }

  @Test("a session with marks or exercises is left to its record")
  func marksAndExercises() throws {
    var rng = SplitMix64(state: 7)
    var record = Self.record(1, &rng)
    record.phases[0].marks = [PhaseMark(kind: .internal, at: record.start + 1, note: nil)]
    var exercise = Self.record(2, &rng)
    exercise.phases[0].exercise = "squats"
    for record in [record, exercise] {
      let line = Array(record.json(offset: { _ in 0 }).text.utf8)
      var scanned = ScannedLine()
      try line.withUnsafeBufferPointer { buffer in
        try RecordScanner.scan(buffer, into: &scanned)
        #expect(LogText.Row(buffer, scanned) == nil)
      }
    }
  }
}
