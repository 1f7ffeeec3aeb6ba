@testable import PomoIndex
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoReport

/// Mutated records through the report and the log, in-process: no crash, no hang, and the
/// intact lines still count.
@Suite("A bad line never crashes the report or the log")
struct MutatedRecordsTests {
  @Test("mutated records through the pure layers: no crash, no hang, intact lines count")
  func pureLayers() throws {
    let calendar = LocalCalendar(zone: FixedZone(seconds: 0), weekStart: 1)
    let day = calendar.day(of: RFC3339.parse("2026-12-01T12:00:00Z")!)
    var builder = ReportBuilder(
      range: ReportRange(kind: .custom, days: (day - 3)...(day + 3), weekStart: 1), calendar: calendar)
    let preset = try #require(try PresetCatalog.builtIns().first { $0.name == "work" })
    let plan = Plan(preset: preset, rounds: 4)
    var read: [JournalRecord] = []
    for line in MutatedRecords.mutations(count: 3000, seed: 8) {
      for detail in [true, false] {
        guard let record = try? JournalRecord(line: Array(line.utf8), detail: detail) else { continue }
        #expect(Preset.roundsRange.contains(record.rounds))
        #expect(record.phases.allSatisfy { $0.elapsedSeconds.isFinite && $0.elapsedSeconds >= 0 })
        if detail { read.append(record) }
        builder.add(record)
        _ = plan.resuming(after: record)
      }
    }
    _ = LogText.render(read, width: 80, unicode: true, offset: { _ in 0 })
    var scanned = ScannedLine()
    for line in MutatedRecords.mutations(count: 500, seed: 9) {
      _ = Array(line.utf8).withUnsafeBufferPointer { JournalIndex.summary(line: $0, scanned: &scanned) }
    }
    // The intact record still counts after all that.
    builder.add(try JournalRecord(line: Array(MutatedRecords.intact.utf8)))
    #expect(builder.build(today: day).totals.interrupted >= 1)
  }
}
