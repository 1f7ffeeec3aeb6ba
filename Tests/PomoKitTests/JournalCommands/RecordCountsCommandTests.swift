import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// The commands count by the one rule of what a record counts: `--kind` and `--timers`, an
/// old journal read as it stands, a correction of the preset, and what does not go together.
@Suite("What a record counts, through the commands")
struct RecordCountsCommandTests {
  @Test("--kind keeps focus or workouts, and --timers shows each quick timer apart")
  func kindAndTimers() throws {
    let harness = try HistoryHarness(now: RecordCountSamples.t0 + 3 * 86_400)
    let lines = try RecordCountSamples.history().map { $0.json(offset: { _ in 0 }).text }
    try harness.home.write(journalFile(harness.home.path, host: "laptop"), lines.joined(separator: "\n") + "\n")
    let all = try harness.report("--week", "2026-W49")
    let totals = try #require(all["totals"] as? [String: Any])
    #expect(totals["focus_seconds"] as? Int == 7502 && totals["workout_seconds"] as? Int == 80)
    let focus = try #require(try harness.report("--week", "2026-W49", "--kind", "focus")["totals"] as? [String: Any])
    #expect(focus["focus_seconds"] as? Int == 7502 && focus["workout_sessions"] as? Int == 0)
    let workout = try #require(
      try harness.report("--week", "2026-W49", "--kind", "workout")["totals"] as? [String: Any])
    #expect(workout["focus_seconds"] as? Int == 0 && workout["workout_sessions"] as? Int == 1)
    let grouped = try #require(all["presets"] as? [[String: Any]])
    #expect(grouped.map { $0["name"] as? String } == ["work", "quick timers"])
    let apart = try #require(try harness.report("--week", "2026-W49", "--timers")["presets"] as? [[String: Any]])
    #expect(apart.map { $0["name"] as? String } == ["work", "25m"])
    let bad = harness.run("report", "--kind", "sport")
    #expect(bad.status == 64 && bad.err.contains("--kind"), "\(bad.err)")
  }

  @Test("an old journal gives the new counts, with no line rewritten")
  func oldJournalIsNotRewritten() throws {
    let harness = try HistoryHarness(now: RecordCountSamples.t0 + 3 * 86_400)
    let text =
      try RecordCountSamples.history().map { r in
        // As an older pomo wrote them: no "workout", and "completed" for the skipped one.
        var line = r.json(offset: { _ in 0 }).text.replacingOccurrences(of: #","workout":true"#, with: "")
        line = line.replacingOccurrences(
          of: #""status":"interrupted","interruption":"skip""#, with: #""status":"completed""#)
        return line
      }.joined(separator: "\n") + "\n"
    #expect(!text.contains("skip") && !text.contains("workout"))
    let file = journalFile(harness.home.path, host: "laptop")
    try harness.home.write(file, text)
    let report = try harness.report("--week", "2026-W49")
    let totals = try #require(report["totals"] as? [String: Any])
    #expect(totals["pomodoros"] as? Int == 5 && totals["cut_short"] as? Int == 1)
    #expect(totals["completed"] as? Int == 2 && totals["interrupted"] as? Int == 1)
    #expect(totals["workout_sessions"] as? Int == 1 && totals["focus_seconds"] as? Int == 7502)
    let log = harness.run("log")
    #expect(log.out.contains("25m     interrupted"), "\(log.out)")
    #expect(try String(contentsOfFile: harness.home.path + "/" + file, encoding: .utf8) == text)
  }

  @Test("a correction of the preset classifies the session again, by its new name")
  func presetCorrectionClassifiesAgain() throws {
    let harness = try HistoryHarness(now: RecordCountSamples.t0 + 3 * 86_400)
    let line = RecordCountSamples.line(
      id: "h0000000-0000-4000-8000-000000000001", preset: "hiit", phases: [("work", 600, 600, true)])
    try harness.home.write(journalFile(harness.home.path, host: "laptop"), line + "\n")
    #expect(harness.run("edit", "h000", "--preset", "work").status == 0)
    let totals = try #require(try harness.report("--week", "2026-W49")["totals"] as? [String: Any])
    #expect(totals["focus_seconds"] as? Int == 600 && totals["workout_sessions"] as? Int == 0)
  }

  @Test("a preset with an open phase is not laid out by pomo add; --kind does not go with --hours or --tasks")
  func refusedCombinations() throws {
    let harness = try HistoryHarness(now: RecordCountSamples.t0)
    let flow = harness.run("add", "flow", "--start", "-2h")
    #expect(flow.status == 64 && flow.err.contains("open phase"), "\(flow.err)")
    for words in [
      ["report", "--hours", "--kind", "workout"], ["report", "--tasks", "--kind", "focus"],
      ["report", "--hours", "--timers"],
    ] {
      let result = harness.run(words)
      #expect(result.status == 64 && result.err.contains("counts focus only"), "\(words): \(result.err)")
    }
  }
}
