import Foundation
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoReport

@Suite("A long phase in a report")
struct ReportLongPhaseTests {
  @Test("a phase spanning millennia costs the report's range, not its length")
  func longPhase() throws {
    let calendar = LocalCalendar(zone: FixedZone(seconds: 3600), weekStart: 1)
    let today = calendar.day(of: RFC3339.parse("2026-11-25T12:00:00Z")!)
    let range = ReportRange(kind: .week, days: (today - 2)...(today + 4), weekStart: 1)
    var builder = ReportBuilder(range: range, calendar: calendar)
    let from = RFC3339.parse("0001-01-01T00:00:00Z")!
    let to = RFC3339.parse("9999-12-31T00:00:00Z")!
    let phase = JournalPhase(
      name: "f", kind: .work, round: 1, start: from, end: to, plannedSeconds: 1e9, elapsedSeconds: 1e9, completed: true)
    #expect(builder.split(phase, within: range.days).count == 7)
    let perDay = 1e9 * 86_400 / (to - from)
    #expect(builder.split(phase, within: range.days).allSatisfy { abs($0.1 - perDay) < 1e-6 })
    // Split over every day it touches, a phase still adds up to its time.
    var tenDays = phase
    tenDays.start = RFC3339.parse("2026-11-20T10:00:00Z")!
    tenDays.end = tenDays.start + 10 * 86_400
    #expect(builder.split(tenDays).count == 11)
    #expect(builder.split(tenDays).reduce(0) { $0 + $1.1 } == 1e9)
    let started = Date()
    for k in 0..<20 {
      builder.add(
        JournalRecord(
          id: "s\(k)", preset: "work", status: .completed, start: from, end: to, host: "h", rounds: 1, phases: [phase]))
    }
    #expect(Date().timeIntervalSince(started) < 5)
    let report = builder.build(today: today)
    #expect(abs(report.totals.focus - 20 * 7 * perDay) < 1e-3)
  }
}
