import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing
@testable import PomoSession

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

/// The largest session a preset allows is recorded, and every command that reads the journal
/// shows it: no line pomo writes is one its readers refuse.
@Suite("The largest record, through the commands")
struct LargestRecordTests {
  @Test("record size: the largest session a preset allows (10,000 rounds of two phases) is recorded and read back")
  func largestSessionReadsBack() throws {
    try TemporaryFolder.with { home in
      let journalPath = home.file(journalFile(home.path))
      let plan = Plan(preset: Preset.widest(phases: 2))
      #expect(plan.phases.count == 20_000)
      let info = SessionInfo(id: JournalRecord.newID(), host: "laptop", planCount: plan.phases.count)
      let largest = RecordSize.largestLine(plan: plan, info: info)
      #expect(RecordSize.problem(plan: plan, info: info) == nil, "the largest line is \(largest) bytes")
      // The session runs through the engine, on a fake clock, and the recorder writes it.
      let clock = FakeClock()
      var engine = SessionEngine(plan: plan, clock: clock.clock)
      let errors = TextBuffer()
      let recorder = JournalRecorder(
        journal: Journal(path: journalPath), statePath: home.file(".local/state/pomo/current.json"), info: info,
        errors: errors)
      let started = engine.start()
      recorder.sessionDidUpdate(engine, events: started)
      clock.advance(.seconds(20_000))
      let ended = engine.tick()
      recorder.sessionDidUpdate(engine, events: ended)
      #expect(!recorder.failed, "\(errors.text)")
      let line = try #require(try String(contentsOfFile: journalPath, encoding: .utf8).split(separator: "\n").first)
      // Far over the 1 MB readers used to take, within what was worked out for it.
      #expect(line.utf8.count > 10 << 20)
      #expect(line.utf8.count <= largest)
      let pomo = InProcess(home: home.path)
      let shown = [
        (["log", "--limit", "1"], String(info.id.prefix(8))),
        (["report", "--from", "2025-12-01", "--to", "2025-12-02"], "1 session (1 completed, 0 interrupted)"),
        (["export", "--format", "json"], info.id),
      ]
      for (words, expected) in shown {
        let run = pomo.run(words)
        #expect(run.status == 0, "pomo \(words.joined(separator: " ")): \(run.err)")
        #expect(!run.err.contains("damaged"), "pomo \(words.joined(separator: " ")): \(run.err)")
        #expect(run.out.contains(expected), "pomo \(words.joined(separator: " ")) shows the session")
      }
      let exported = pomo.run("export", "--format", "json").out
      #expect(exported.components(separatedBy: "\"completed\":true").count - 1 == 20_000)
    }
  }
}
