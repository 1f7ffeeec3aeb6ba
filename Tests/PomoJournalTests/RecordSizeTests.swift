import Foundation
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform
@testable import PomoSession
import PomoTestSupport

/// No line pomo writes is one its readers refuse: the readers' limit is sized from the
/// largest session presets allow, a session that could not fit is refused before it starts,
/// and the one append path refuses any longer line.
@Suite("Record size: what the recorder writes, the readers take")
struct RecordSizeTests {
  /// A phase name at its widest in a journal line: 64 C1 controls, each written `\u0080`.
  static let widestName = String(repeating: "\u{80}", count: 64)

  static func widestPreset(phases: Int, rounds: Int = Preset.roundsRange.upperBound) -> Preset {
    let round = (0..<phases).map { k in
      PhaseTemplate(name: widestName, kind: k % 2 == 0 ? .work : .rest, duration: .seconds(1))
    }
    return Preset(name: "largest", round: round, rounds: rounds)
  }

  @Test("record size: the largest session a preset allows (10,000 rounds of two phases) is recorded and read back")
  func largestSessionReadsBack() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journalPath = home.file(journalFile(home.path))
    let plan = Plan(preset: Self.widestPreset(phases: 2))
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

  @Test("record size: the size worked out phase by phase is the size of the record written out whole")
  func largestLineIsExact() {
    let preset = Preset(
      name: "mixed", warmup: [PhaseTemplate(name: "warm \"up\"", kind: .rest, duration: .seconds(60))],
      round: [
        PhaseTemplate(name: "focus", kind: .work, duration: .seconds(1500)),
        PhaseTemplate(name: "pause ☕", kind: .rest, duration: .seconds(300)),
      ], rounds: 12,
      cooldown: [PhaseTemplate(name: Self.widestName, kind: .rest, duration: .seconds(60))])
    let plan = Plan(preset: preset)
    var info = SessionInfo(
      id: "id", tags: ["a", "b\\c"], note: "a note\n", host: "laptop", source: "/p.json", planCount: plan.phases.count)
    info.warmup = .seconds(60)
    #expect(RecordSize.largestLine(plan: plan, info: info) == RecordSize.size(RecordSize.largest(plan: plan, info: info)))
  }

  @Test("record size: a session whose record could be longer than a line is refused before it starts")
  func tooLargeRefusedAtStart() throws {
    let home = try PomoHome(presets: [:])
    defer { home.cleanUp() }
    let phase = #"{"name": "\#(String(repeating: "\\u0080", count: 64))", "kind": "work", "duration": "1s"}"#
    try home.folder.write("huge.json", #"{"rounds": 10000, "round": [\#(phase), \#(phase), \#(phase)]}"#)
    let run = try home.run(["start", home.preset("huge")], timeout: 60)
    #expect(run.status == ExitCode.usage)
    #expect(run.err.hasPrefix("Error: the session's record could be "))
    #expect(run.err.contains("longer than a journal line may be (16 MB (16777216 bytes))"))
    #expect(try journalRecords(home.folder.file(journalFile(home.path))).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: home.folder.file(".local/state/pomo/current.json")))
  }

  @Test("record size: the one append path refuses a line longer than the readers take, and writes nothing")
  func appendRefusesLongLine() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let journal = Journal(path: home.file("j.jsonl"))
    let long = [UInt8](repeating: 0x61, count: RecordSize.longestLine + 1)[...]
    #expect(throws: FileSystemError.self) { try journal.append(lines: [Array("{}".utf8)[...], long]) }
    #expect(Platform.fileSize(journal.path) <= 0)
    let fits = [UInt8](repeating: 0x61, count: RecordSize.longestLine)[...]
    try journal.append(lines: [fits])
    #expect(Platform.fileSize(journal.path) == Int64(RecordSize.longestLine + 1))
  }
}
