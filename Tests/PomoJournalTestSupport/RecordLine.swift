import Foundation

import PomoJournal

/// A record line as pomo writes it: one work phase of `minutes` from `start`.
package func recordLine(
  _ id: String, _ start: Double, minutes: Double = 1, status: JournalRecord.Status = .completed, note: String? = nil
) -> String {
  JournalRecord(
    id: id, preset: "work", status: status, start: start, end: start + minutes * 60, note: note, host: "h", rounds: 1,
    phases: [
      JournalPhase(
        name: "focus", kind: .work, round: 1, start: start, end: start + minutes * 60, plannedSeconds: minutes * 60,
        elapsedSeconds: minutes * 60, completed: status == .completed)
    ]
  ).json(offset: { _ in 0 }).text
}
