import Foundation
import PomoTestSupport
import Testing

import PomoCore
import PomoJournal

/// `pomo report` through the real binary, in real time zones, over real journal files.
@Suite("End to end: reports", .endToEnd)
struct EndToEndReportTests {
  let home: TemporaryFolder
  var journal: String { home.file("journal.jsonl") }

  init() throws {
    home = try TemporaryFolder()
  }

  func env(_ tz: String) -> [String: String] {
    ["HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": tz, "POMO_JOURNAL": journal]
  }

  /// A record written as pomo writes it, with the zone's real offset.
  func line(
    _ id: String, _ start: String, minutes: Double, kind: PhaseKind = .work, status: JournalRecord.Status = .completed,
    tags: [String] = []
  ) -> String {
    let t = RFC3339.parse(start)!
    return JournalRecord(
      id: id, preset: "work", status: status, start: t, end: t + minutes * 60, tags: tags, host: "h", rounds: 1,
      phases: [
        JournalPhase(
          name: "focus", kind: kind, round: 1, start: t, end: t + minutes * 60, plannedSeconds: minutes * 60,
          elapsedSeconds: minutes * 60, completed: true)
      ]
    ).json(offset: { _ in 0 }).text
  }

  func write(_ lines: [String]) throws {
    try (lines.joined(separator: "\n") + "\n").write(toFile: journal, atomically: false, encoding: .utf8)
  }

  func csv(_ arguments: [String], tz: String) async throws -> [String] {
    let result = try await runPomo(["report", "--format", "csv"] + arguments, environment: env(tz))
    #expect(result.status == 0, "\(result.err)")
    return result.out.split(separator: "\r\n").map(String.init)
  }

  @Test("Europe/Berlin, the week clocks go forward: 23-hour Sunday, sessions on their local days", .requires(.zoneinfo))
  func berlinSpring() async throws {
    defer { home.cleanUp() }
    try write([
      line("a", "2026-03-28T22:30:00Z", minutes: 60),  // 23:30-00:30 CET: half Saturday, half Sunday
      line("b", "2026-03-29T22:30:00Z", minutes: 30),  // 00:30 CEST Monday 30 March
    ])
    let rows = try await csv(["--week", "2026-W13"], tz: "Europe/Berlin")
    #expect(rows[6] == "2026-03-28,1800,0,1,1,0,1,0,0,0")
    #expect(rows[7] == "2026-03-29,1800,0,0,0,0,0,0,0,0")
    let next = try await csv(["--week", "2026-W14"], tz: "Europe/Berlin")
    #expect(next[1] == "2026-03-30,1800,0,1,1,0,1,0,0,0")
  }

  @Test("America/New_York, the week clocks go back: the 25-hour day keeps its late session", .requires(.zoneinfo))
  func newYorkFall() async throws {
    defer { home.cleanUp() }
    try write([
      line("a", "2026-11-02T04:30:00Z", minutes: 20),  // 23:30 EST on Sunday 1 November
      line("b", "2026-11-01T05:30:00Z", minutes: 20),  // 01:30 EDT, the first of the two 01:30s
      line("c", "2026-11-01T06:30:00Z", minutes: 20),  // 01:30 EST, the second
    ])
    let rows = try await csv(["--week", "2026-10-26"], tz: "America/New_York")
    #expect(rows.last == "2026-11-01,3600,0,3,3,0,3,0,0,0")
    let json = try await runPomo(
      ["report", "--week", "2026-10-26", "--format", "json"], environment: env("America/New_York"))
    #expect(json.out.hasPrefix(#"{"from":"2026-10-26","to":"2026-11-01","time_zone":"America/New_York","#))
  }

  @Test("a merged journal out of time order still counts everything; the index follows appends")
  func mergedAndAppended() async throws {
    defer { home.cleanUp() }
    var lines: [String] = []
    // Machine A: a year of sessions, in order...
    for d in 0..<365 {
      lines.append(
        line(
          "a\(d)", RFC3339.format(RFC3339.parse("2025-12-01T09:00:00Z")! + Double(d) * 86_400, offset: 0), minutes: 25))
    }
    // ...then machine B's whole year imported after it: its newest week is far from the end.
    for d in 0..<365 {
      lines.append(
        line(
          "b\(d)", RFC3339.format(RFC3339.parse("2025-12-01T14:00:00Z")! + Double(d) * 86_400, offset: 0), minutes: 10))
    }
    lines.append(line("a100", "2026-03-10T09:00:00Z", minutes: 25))  // a duplicate id counts once
    try write(lines)
    let week = try await csv(["--week", "2026-W48"], tz: "UTC")
    #expect(week.count == 8)
    #expect(week.dropFirst().allSatisfy { $0.hasSuffix(",2100,0,2,2,0,2,0,0,0") }, "\(week)")
    let march = try await csv(["--from", "2026-03-10", "--to", "2026-03-10"], tz: "UTC")
    #expect(march[1] == "2026-03-10,2100,0,2,2,0,2,0,0,0")
    // The index is cached; a session appended afterwards is still seen.
    let cache = try FileManager.default.contentsOfDirectory(atPath: home.file(".cache/pomo"))
    #expect(cache.filter { $0.hasSuffix(".bin") }.count == 1)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: journal))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((line("late", "2026-11-25T20:00:00Z", minutes: 30) + "\n").utf8))
    try handle.close()
    let again = try await csv(["--week", "2026-W48"], tz: "UTC")
    #expect(again[3] == "2026-11-25,3900,0,3,3,0,3,0,0,0")
    // A rewritten journal (a new file) rebuilds the index.
    try write([line("only", "2026-11-24T09:00:00Z", minutes: 5)])
    let rewritten = try await csv(["--week", "2026-W48"], tz: "UTC")
    #expect(rewritten[2] == "2026-11-24,300,0,1,1,0,1,0,0,0")
    #expect(rewritten[3] == "2026-11-25,0,0,0,0,0,0,0,0,0")
  }

  @Test("bad lines are warned about by number, the rest counted; --strict fails with 65")
  func badLines() async throws {
    defer { home.cleanUp() }
    try
      (line("a", "2026-11-24T09:00:00Z", minutes: 25) + "\n\n{oops\n" + line("b", "2026-11-25T09:00:00Z", minutes: 25)
      + "\n"
      + String(line("c", "2026-11-26T09:00:00Z", minutes: 25).prefix(50))).write(
        toFile: journal, atomically: false, encoding: .utf8)
    let result = try await runPomo(["report", "--week", "2026-W48", "--format", "csv"], environment: env("UTC"))
    #expect(result.status == 0)
    #expect(
      result.err == """
        pomo: warning: \(journal):3: skipped a damaged line: invalid JSON at column 2: expected a key in double quotes

        """)
    #expect(result.out.contains("2026-11-24,1500,"))
    #expect(result.out.contains("2026-11-25,1500,"))
    let strict = try await runPomo(["report", "--strict"], environment: env("UTC"))
    #expect(strict.status == 65)
    #expect(
      strict.err == "Error: \(journal):3: damaged line: invalid JSON at column 2: expected a key in double quotes\n")
  }

  @Test("text output piped has no escape codes; an empty journal reports zeros")
  func textPiped() async throws {
    defer { home.cleanUp() }
    let result = try await runPomo(["report", "--month", "2026-02"], environment: env("UTC"))
    #expect(result.status == 0)
    #expect(!result.out.contains("\u{1B}"))
    #expect(result.out.hasPrefix("February 2026: Sun 2026-02-01 to Sat 2026-02-28 (UTC)\n"))
    #expect(result.out.contains("Total: focus 0:00, rest 0:00, 0 sessions (0 completed, 0 interrupted)"))
    let today = try await runPomo(["report", "--today", "--format", "csv"], environment: env("UTC"))
    #expect(today.out.split(separator: "\r\n").count == 2)
  }

  @Test("report --month lists the days of this month up to today, not the empty days to come")
  func monthStopsAtToday() async throws {
    defer { home.cleanUp() }
    let result = try await runPomo(["report", "--month"], environment: env("UTC"))
    #expect(result.status == 0, "\(result.err)")
    let today = String(RFC3339.format(Date().timeIntervalSince1970, offset: 0).prefix(10))
    // Day rows start "Mon 2026-12-07"; the heading's span is on its own line.
    let rows = result.out.split(separator: "\n").dropFirst().filter { line in
      line.count >= 14 && line.dropFirst(4).prefix(10).allSatisfy { $0.isNumber || $0 == "-" }
    }
    let days = rows.map { String($0.dropFirst(4).prefix(10)) }
    #expect(!days.isEmpty && days.allSatisfy { $0 <= today }, "\(result.out)")
    #expect(days.last == today, "\(result.out)")
    #expect(days.first?.hasSuffix("-01") == true)
  }

  static let usageErrors: [([String], String)] = [
    (["--week", "2026-W60"], "Error: '--week' must be this, last, a week like 2026-W48 or a date, got '2026-W60'"),
    (["--month", "2026-13"], "Error: '--month' must be this, last or a month like 2026-11, got '2026-13'"),
    (["--week", "--month"], "Error: choose one range: --week, --month, --year, --today or --from/--to"),
    (["--to", "2026-01-01"], "Error: '--to' needs '--from'"),
    (["--from", "2026-02-30"], "Error: '--from' must be a date like 2026-11-23, got '2026-02-30'"),
    (["--from", "2026-03-01", "--to", "2026-02-01"], "Error: '--from' must not be after '--to'"),
    (["--format", "xml"], "Error: '--format' must be one of text, json, csv, svg, html, got 'xml'"),
    (["--week-start", "tuesday"], "Error: '--week-start' must be one of monday, sunday, got 'tuesday'"),
  ]

  @Test("bad ranges and formats: a one-line error and exit 64", arguments: usageErrors)
  func usage(arguments: [String], message: String) async throws {
    defer { home.cleanUp() }
    let result = try await runPomo(["report"] + arguments, environment: env("UTC"))
    #expect(result.status == 64)
    #expect(result.err == message + "\nSee 'pomo report --help'.\n")
  }

  @Test("week_start in the config starts weeks on Sunday")
  func configWeekStart() async throws {
    defer { home.cleanUp() }
    try home.write(".config/pomo/config.json", #"{"week_start": "sunday"}"#)
    let rows = try await csv(["--week", "2026-11-25"], tz: "UTC")
    #expect(rows[1].hasPrefix("2026-11-22,"))
    #expect(rows[7].hasPrefix("2026-11-28,"))
  }
}
