import PomoCore
import PomoJournal

/// A session of one focus phase, as tests need many of them.
package func focusSession(_ id: String, start: Double, minutes: Double = 25, tags: [String] = [], host: String = "laptop")
  -> JournalRecord
{
  let end = start + minutes * 60
  return JournalRecord(
    id: id, preset: "work", status: .completed, start: start, end: end, tags: tags, host: host, rounds: 1,
    phases: [
      JournalPhase(
        name: "focus", kind: .work, round: 1, start: start, end: end, plannedSeconds: minutes * 60,
        elapsedSeconds: minutes * 60, completed: true)
    ])
}
