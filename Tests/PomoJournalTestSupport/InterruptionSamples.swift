import PomoCore
import PomoJournal

/// Sessions with interruption marks and void phases, for the tests of marks and void in the
/// journal and in reports.
package enum InterruptionSamples {
  package static let t0 = RFC3339.parse("2026-12-01T09:00:00Z")!

  package static func record(
    _ id: String, status: JournalRecord.Status = .completed, at start: Double = t0, marks: [[PhaseMark.Kind]] = [],
    focus: [Double] = [1500]
  ) -> JournalRecord {
    var phases: [JournalPhase] = []
    var t = start
    for (k, seconds) in focus.enumerated() {
      var phase = JournalPhase(
        name: "focus", kind: .work, round: k + 1, start: t, end: t + seconds, plannedSeconds: 1500,
        elapsedSeconds: seconds, completed: !(status == .void && k == focus.count - 1))
      if k < marks.count {
        phase.marks = marks[k].enumerated().map { PhaseMark(kind: $1, at: t + Double($0 + 1) * 60, note: "n\($0)") }
      }
      phases.append(phase)
      t += seconds
      if k < focus.count - 1 {
        phases.append(
          JournalPhase(
            name: "break", kind: .rest, round: k + 1, start: t, end: t + 300, plannedSeconds: 300,
            elapsedSeconds: 300, completed: true))
        t += 300
      }
    }
    return JournalRecord(
      id: id, preset: "work", status: status, start: start, end: t, host: "h", rounds: focus.count, phases: phases)
  }
}
