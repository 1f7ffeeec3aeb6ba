import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

/// No line pomo writes is one its readers refuse: the readers' limit is sized from the
/// largest session presets allow, a session that could not fit is refused before it starts,
/// and the one append path refuses any longer line.
@Suite("Record size: what the recorder writes, the readers take")
struct RecordSizeTests {
  @Test("record size: the size worked out phase by phase is the size of the record written out whole")
  func largestLineIsExact() {
    let preset = Preset(
      name: "mixed", warmup: [PhaseTemplate(name: "warm \"up\"", kind: .rest, duration: .seconds(60))],
      round: [
        PhaseTemplate(name: "focus", kind: .work, duration: .seconds(1500)),
        PhaseTemplate(name: "pause ☕", kind: .rest, duration: .seconds(300)),
      ], rounds: 12,
      cooldown: [PhaseTemplate(name: Preset.widestName, kind: .rest, duration: .seconds(60))])
    let plan = Plan(preset: preset)
    var info = SessionInfo(
      id: "id", tags: ["a", "b\\c"], note: "a note\n", host: "laptop", source: "/p.json", planCount: plan.phases.count)
    info.warmup = .seconds(60)
    #expect(RecordSize.largestLine(plan: plan, info: info) == RecordSize.size(RecordSize.largest(plan: plan, info: info)))
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
