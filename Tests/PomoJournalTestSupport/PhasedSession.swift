import Foundation

import PomoCore
import PomoJournal

/// A session of whole phases back to back from `start` (RFC 3339), each `(kind, minutes)`, as
/// the report tests need many of them; an interrupted one was stopped in its last phase.
package func phasedSession(
  _ id: String, _ start: String, minutes: [(PhaseKind, Double)], status: JournalRecord.Status = .completed,
  preset: String = "work", tags: [String] = []
) -> JournalRecord {
  var t = RFC3339.parse(start)!
  var phases: [JournalPhase] = []
  for (kind, m) in minutes {
    phases.append(
      JournalPhase(
        name: kind.rawValue, kind: kind, round: 1, start: t, end: t + m * 60, plannedSeconds: m * 60,
        elapsedSeconds: m * 60, completed: true))
    t += m * 60
  }
  // An interrupted session was stopped in its last phase: cut short of a 25-minute plan, as
  // pomo records it.
  if status == .interrupted {
    phases[phases.count - 1].completed = false
    phases[phases.count - 1].plannedSeconds = max(1500, phases[phases.count - 1].plannedSeconds + 1)
  }
  return JournalRecord(
    id: id, preset: preset, status: status, start: RFC3339.parse(start)!, end: t, tags: tags, host: "h", rounds: 1,
    phases: phases)
}
