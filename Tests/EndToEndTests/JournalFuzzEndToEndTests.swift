import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

import PomoCore
import PomoJournal
import PomoReport

/// Mutated journal lines through the built binary: whatever a line holds, every command that
/// reads the journal skips it as damaged, counts the intact ones, and never traps.
@Suite("A bad line never crashes the binary", .endToEnd)
struct JournalFuzzEndToEndTests {
  @Test("mutated records through the built binary: log, report in each format, import, resume, status")
  func endToEnd() async throws {
    let home = try PomoHome(
      presets: ["tiny": #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}]}"#], environment: ["TZ": "UTC"])
    defer { home.cleanUp() }
    let journal = home.journalPath
    let tiny = home.preset("tiny")
    var lines: [String] = []
    var intact = 0
    for (k, bad) in MutatedRecords.mutations(count: 300, seed: 11).enumerated() {
      lines.append(bad)
      if k % 10 == 0 {
        intact += 1
        lines.append(
          MutatedRecords.intact.replacingOccurrences(of: "\"ID\"", with: "\"intact-\(k)\"").replacingOccurrences(
            of: "\"preset\":\"work\"", with: "\"preset\":\"tiny\",\"source\":\"\(tiny)\""))
      }
    }
    // The session resume picks: the latest end a time can have, last in the file, one 1 s phase left.
    lines.append(
      #"{"v":1,"id":"last","preset":"tiny","source":"TINY","status":"interrupted","start":"9999-12-31T23:59:00Z","end":"9999-12-31T23:59:59.999999999-23:59","rounds":2,"phases":[{"name":"go","kind":"work","round":1,"start":"9999-12-31T23:59:00Z","end":"9999-12-31T23:59:01Z","planned_seconds":1,"elapsed_seconds":1,"completed":true}]}"#
        .replacingOccurrences(of: "TINY", with: tiny))
    try home.write(journalFile(home.path), lines.joined(separator: "\n") + "\n")
    // Mutated lines that happen to stay valid count too; the binary must agree with the pure layer.
    let records = lines.compactMap { try? JournalRecord(line: Array($0.utf8)) }
    let valid = Set(records.map(\.id)).count
    #expect(valid >= intact)
    let calendar = LocalCalendar(zone: FixedZone(seconds: 0), weekStart: 1)
    let from = calendar.day(of: RFC3339.parse("2026-11-01T00:00:00Z")!)
    let to = calendar.day(of: RFC3339.parse("2026-12-31T00:00:00Z")!)
    var builder = ReportBuilder(range: ReportRange(kind: .custom, days: from...to, weekStart: 1), calendar: calendar)
    // Reports read only what they count (names, notes and hosts are skipped unread).
    lines.compactMap { try? JournalRecord(line: Array($0.utf8), detail: false) }.forEach { builder.add($0) }
    let expected = builder.build(today: to).totals

    func check(_ arguments: [String]) async throws -> Finished {
      let result = try await home.run(arguments, timeout: 120)
      // A trap shows as a signal: 132 (SIGILL), 133 (SIGTRAP), 134 (SIGABRT), 139 (SIGSEGV).
      #expect(result.status == 0 || result.status == 1 || result.status == 65, "\(arguments): \(result.err)")
      return result
    }
    let log = try await check(["log", "--limit", "100000", "--json"])
    let logged = try JSONParser.parse(Array(log.out.utf8)).arrayValue ?? []
    #expect(logged.count == valid)
    for format in ["text", "json", "csv"] {
      let report = try await check(["report", "--from", "2026-11-01", "--to", "2026-12-31", "--format", format])
      if format == "json" {
        let totals = try JSONParser.parse(Array(report.out.utf8))["totals"]
        #expect(totals?["sessions"]?.intValue == expected.sessions)
        #expect(totals?["focus_seconds"]?.intValue == Int(expected.focus.rounded()))
      }
    }
    let imported = try await check(["import", journal, "--journal", home.file("copy.jsonl")])
    #expect(imported.out.hasPrefix("imported \(valid) sessions, 0 already present, "))
    let resumed = try await check(["resume", "--no-input", "--no-bell", "--no-notify"])
    #expect(resumed.status == 0)
    // A state file with a hostile number: status refuses it without trapping.
    try home.write(".local/state/pomo/current.json", #"{"pid":1e300,"phase_index":9223372036854775807}"#)
    _ = try await check(["status", "--json"])
  }
}
