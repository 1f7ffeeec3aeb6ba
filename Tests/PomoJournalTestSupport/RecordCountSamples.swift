import PomoCore
import PomoJournal

/// Journal lines as an older pomo wrote them, for the tests of what a record counts
/// (docs/journal.md, "What a record counts") in the journal, the reports and the commands.
package enum RecordCountSamples {
  package static let t0 = RFC3339.parse("2026-12-01T09:00:00Z")!

  /// A line as pomo wrote it before the rule: a `completed` session whose focus was skipped.
  package static func line(
    id: String, preset: String = "25m", status: String = "completed", start: Double = t0,
    phases: [(String, Double, Double, Bool)],
    extra: String = ""
  ) -> String {
    var t = start
    var texts: [String] = []
    for (kind, planned, elapsed, completed) in phases {
      texts.append(
        #"{"name":"p","kind":"\#(kind)","round":1,"start":"\#(RFC3339.format(t, offset: 0))","end":"\#(RFC3339.format(t + elapsed, offset: 0))","planned_seconds":\#(Int(planned)),"elapsed_seconds":\#(Int(elapsed)),"completed":\#(completed)}"#
      )
      t += elapsed
    }
    return
      #"{"v":2,"id":"\#(id)","preset":"\#(preset)","status":"\#(status)","start":"\#(RFC3339.format(start, offset: 0))","end":"\#(RFC3339.format(t, offset: 0))","tags":[],"note":null,"host":"h","rounds":1,"paused_seconds":0\#(extra),"phases":[\#(texts.joined(separator: ","))]}"#
  }

  package static func record(_ line: String) throws -> JournalRecord { try JournalRecord(line: Array(line.utf8)) }

  /// Day 1: a whole `work` (4 Pomodoros); day 2: a 25m skipped after 2 s, and a 25m done;
  /// day 3: a hiit.
  package static func history() throws -> [JournalRecord] {
    let day = 86_400.0
    return try [
      record(
        line(
          id: "w", preset: "work",
          phases: [
            ("work", 1500, 1500, true), ("rest", 300, 300, true), ("work", 1500, 1500, true), ("rest", 300, 300, true),
            ("work", 1500, 1500, true), ("rest", 300, 300, true), ("work", 1500, 1500, true),
          ])),
      record(line(id: "s", start: t0 + day, phases: [("work", 1500, 2, false)])),
      record(line(id: "d", start: t0 + day + 3600, phases: [("work", 1500, 1500, true)])),
      record(
        line(
          id: "h", preset: "hiit", start: t0 + 2 * day,
          phases: [("work", 40, 40, true), ("rest", 20, 20, true), ("work", 40, 40, true)])),
    ]
  }
}
