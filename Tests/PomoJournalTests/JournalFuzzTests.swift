import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform
@testable import PomoReport
@testable import PomoSession
@testable import PomoTerminal

/// A bad line never crashes a reader: every number is range-checked before it is converted,
/// and whatever a line holds, the readers skip it as damaged and count the intact ones.
@Suite("A bad line never crashes a reader")
struct JournalFuzzTests {
  /// A valid record whose every number, string and time can be mutated.
  static let intact =
    #"{"v":1,"id":"ID","preset":"work","status":"interrupted","start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:30:00Z","tags":["t"],"note":"n","host":"h","rounds":4,"plan_offset":0,"paused_seconds":0,"phases":[{"name":"focus","kind":"work","round":1,"start":"2026-12-01T08:00:00Z","end":"2026-12-01T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true},{"name":"break","kind":"rest","round":1,"start":"2026-12-01T08:25:00Z","end":"2026-12-01T08:30:00Z","planned_seconds":300,"elapsed_seconds":120,"completed":false,"extended_seconds":60}]}"#

  static let hostileNumbers = [
    "1e300", "-1e300", "1e999", "-1e999", "1.7976931348623157e308", "4.9e-324", "9223372036854775807",
    "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551616",
    "99999999999999999999999999999999", "-1", "-0.5", "0.5", "1e19", "1e-400", "200000000", "10001", "0",
    "2147483648", "1000000001", String(repeating: "9", count: 5000),
  ]
  static let hostileValues = [
    "NaN", "Infinity", "-Infinity", "\"NaN\"", "\"1e300\"", "0x10", "+1", "--1", "1e", "1.", ".5", "null", "true",
    "[]", "{}", "\"" + String(repeating: "x", count: 200_000) + "\"", String(repeating: "[", count: 20_000),
    String(repeating: "{\"a\":", count: 20_000), "\"\\ud800\"", "\"\u{1B}[2J\"",
  ]
  static let numberKeys = [
    "rounds", "plan_offset", "paused_seconds", "round", "planned_seconds", "elapsed_seconds", "extended_seconds",
  ]

  /// The line with the first occurrence of `"key":value` given another value.
  static func replacing(_ key: String, with value: String, in line: String = intact) -> String {
    guard let range = line.range(of: "\"\(key)\":") else { return line }
    let rest = line[range.upperBound...]
    let end = rest.firstIndex { $0 == "," || $0 == "}" } ?? rest.endIndex
    return line[..<range.upperBound] + value + line[end...]
  }

  static let outOfRange: [(String, String, String)] = [
    ("rounds", "1e300", #""rounds" must be a whole number from 1 to 10000, got 1e300"#),
    ("rounds", "200000000", #""rounds" must be a whole number from 1 to 10000, got 200000000"#),
    ("rounds", "-9223372036854775809", #""rounds" must be a whole number from 1 to 10000, got -9223372036854775809"#),
    ("rounds", "2.5", #""rounds" must be a whole number from 1 to 10000, got 2.5"#),
    ("plan_offset", "1e19", #""plan_offset" must be a whole number from 0 to 1000000000, got 1e19"#),
    ("paused_seconds", "-5", #""paused_seconds" must be from 0 to 1000000000 seconds, got -5"#),
    (
      "round", "9223372036854775808",
      #""phases[0].round" must be a whole number from 1 to 10000, got 9223372036854775808"#
    ),
    ("planned_seconds", "1e999", #""phases[0].planned_seconds" must be from 0 to 1000000000 seconds, got 1e999"#),
    (
      "elapsed_seconds", "1.7976931348623157e308",
      #""phases[0].elapsed_seconds" must be from 0 to 1000000000 seconds, got 1.7976931348623157e308"#
    ),
  ]

  @Test("a number out of range makes the line damaged, naming the key", arguments: outOfRange)
  func outOfRangeNumber(key: String, value: String, message: String) {
    let line = Self.replacing(key, with: value)
    #expect(throws: JournalRecord.Problem(message: message)) { try JournalRecord(line: Array(line.utf8)) }
    #expect(throws: JournalRecord.Problem(message: message)) {
      try JournalRecord(line: Array(line.utf8), detail: false)
    }
  }

  @Test("numbers at the limits are still read")
  func limitsAccepted() throws {
    let line = Self.replacing("paused_seconds", with: "1000000000", in: Self.replacing("rounds", with: "10000"))
    let record = try JournalRecord(line: Array(line.utf8))
    #expect(record.rounds == 10000)
    #expect(record.pausedSeconds == 1e9)
  }

  /// Seeded mutations of the intact record: hostile numbers and values in every key, cuts,
  /// byte flips, duplicated keys.
  static func mutations(count: Int, seed: UInt64) -> [String] {
    var rng = SplitMix64(state: seed)
    var result: [String] = []
    let bytes = Array(intact.utf8)
    let keys = numberKeys + ["start", "end", "id", "preset", "status", "tags", "phases", "kind", "completed", "name"]
    while result.count < count {
      let id = "fuzz-\(result.count)"
      let base = intact.replacingOccurrences(of: "\"ID\"", with: "\"\(id)\"")
      switch Int.random(in: 0..<6, using: &rng) {
      case 0:
        let key = numberKeys.randomElement(using: &rng)!
        result.append(replacing(key, with: hostileNumbers.randomElement(using: &rng)!, in: base))
      case 1:
        let key = keys.randomElement(using: &rng)!
        result.append(replacing(key, with: hostileValues.randomElement(using: &rng)!, in: base))
      case 2:
        var b = Array(base.utf8)
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
          b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0x20...0x7E, using: &rng)
        }
        result.append(String(decoding: b, as: UTF8.self))
      case 3:
        result.append(String(decoding: bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng)), as: UTF8.self))
      case 4:
        // Several hostile numbers at once.
        var line = base
        for key in numberKeys.shuffled(using: &rng).prefix(3) {
          line = replacing(key, with: hostileNumbers.randomElement(using: &rng)!, in: line)
        }
        result.append(line)
      default:
        let time = ["0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999-23:59", "2026-02-30T25:61:61Z"]
          .randomElement(using: &rng)!
        result.append(replacing(["start", "end"].randomElement(using: &rng)!, with: "\"\(time)\"", in: base))
      }
    }
    return result
  }

  @Test("mutated records through the pure layers: no crash, no hang, intact lines count")
  func pureLayers() throws {
    let calendar = LocalCalendar(zone: FixedZone(seconds: 0), weekStart: 1)
    let day = calendar.day(of: RFC3339.parse("2026-12-01T12:00:00Z")!)
    var builder = ReportBuilder(
      range: ReportRange(kind: .custom, days: (day - 3)...(day + 3), weekStart: 1), calendar: calendar)
    let preset = try #require(try PresetCatalog.builtIns().first { $0.name == "work" })
    let plan = Plan(preset: preset, rounds: 4)
    var read: [JournalRecord] = []
    for line in Self.mutations(count: 3000, seed: 8) {
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
    for line in Self.mutations(count: 500, seed: 9) {
      _ = Array(line.utf8).withUnsafeBufferPointer { JournalIndex.summary(line: $0, scanned: &scanned) }
    }
    // The intact record still counts after all that.
    builder.add(try JournalRecord(line: Array(Self.intact.utf8)))
    #expect(builder.build(today: day).totals.interrupted >= 1)
  }

  @Test("a state file with hostile numbers is read into a record that reads back, or refused with the field named")
  func stateFile() throws {
    let intactState =
      #"{"v":1,"pid":PID,"updated":"2026-12-01T08:10:00Z","phase_index":IDX,"phase_count":CNT,"phase":{"name":"focus","kind":"work","round":RND,"planned_seconds":SEC,"length_seconds":SEC,"offset_seconds":0,"start":"2026-12-01T08:00:00Z","deadline":"2026-12-01T08:25:00Z","paused_at":null,"paused_seconds":0},"total_seconds":SEC,"plan":[{"name":"focus","kind":"work","seconds":SEC,"round":RND}],"session":SESSION}"#
    var rng = SplitMix64(state: 10)
    // Each hole is hostile one time in three, so every way through is taken: all five
    // ordinary (read), or one or more hostile (each refused, or read within limits).
    let ordinary = ["1", "2", "1500"]
    // What each hole's refusal says: the field it names.
    let named = ["a pid out of range", "a phase number out of range", "a round out of range", "a number of seconds out of range"]
    var read = 0
    var refused: [String: Int] = [:]
    for _ in 0..<2000 {
      var text = intactState.replacingOccurrences(of: "SESSION", with: Self.intact)
      for hole in ["PID", "IDX", "CNT", "RND", "SEC"] {
        let hostile = Int.random(in: 0..<3, using: &rng) == 0
        text = text.replacingOccurrences(
          of: hole, with: (hostile ? Self.hostileNumbers : ordinary).randomElement(using: &rng)!)
      }
      let state: SessionState
      do {
        state = try SessionState(bytes: Array(text.utf8))
      } catch {
        #expect(named.contains { error.message == "not a pomo state file (\($0))" }, "\(error.message)")
        refused[error.message, default: 0] += 1
        continue
      }
      read += 1
      #expect(state.pid > 0 && state.phaseIndex >= 0 && state.phaseCount >= 1)
      #expect(state.phasePlannedSeconds.isFinite && state.totalSeconds.isFinite)
      #expect(StatusText.line(state, now: 1_796_112_000).hasPrefix("WORK focus "))
      let status = StatusText.json(state, now: 1_796_112_000, offset: { _ in 0 }).text
      #expect((try? JSONParser.parse(Array(status.utf8))) != nil, "\(status)")
      // What recovery would record reads back as the same session.
      let record = state.interruptedRecord(lastKnown: 1_796_112_000)
      let back = try JournalRecord(line: Array(record.json(offset: { _ in 0 }).text.utf8))
      #expect(back.id == record.id && back.phases.count == record.phases.count && back.status == .interrupted)
    }
    // Both ways are taken, and every field's refusal among them.
    #expect(read >= 100, "read \(read), refused \(refused)")
    #expect(Set(refused.keys) == Set(named.map { "not a pomo state file (\($0))" }), "\(refused)")
  }

  @Test("mutated records through the built binary: log, report in each format, import, resume, status")
  func endToEnd() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"]
    let journal = home.file(journalFile(home.path))
    let tiny = try home.write(
      "tiny.json", #"{"round": [{"name": "go", "kind": "work", "duration": "1s"}]}"#)
    var lines: [String] = []
    var intact = 0
    for (k, bad) in Self.mutations(count: 300, seed: 11).enumerated() {
      lines.append(bad)
      if k % 10 == 0 {
        intact += 1
        lines.append(
          Self.intact.replacingOccurrences(of: "\"ID\"", with: "\"intact-\(k)\"").replacingOccurrences(
            of: "\"preset\":\"work\"", with: "\"preset\":\"tiny\",\"source\":\"\(tiny)\""))
      }
    }
    // The session resume picks: the latest end a time can have, last in the file, one 1 s phase left.
    lines.append(
      #"{"v":1,"id":"last","preset":"tiny","source":"TINY","status":"interrupted","start":"9999-12-31T23:59:00Z","end":"9999-12-31T23:59:59.999999999-23:59","rounds":2,"phases":[{"name":"go","kind":"work","round":1,"start":"9999-12-31T23:59:00Z","end":"9999-12-31T23:59:01Z","planned_seconds":1,"elapsed_seconds":1,"completed":true}]}"#
        .replacingOccurrences(of: "TINY", with: tiny))
    _ = try home.write(journalFile(home.path), lines.joined(separator: "\n") + "\n")
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

    func check(_ arguments: [String]) throws -> Finished {
      let result = try runPomo(arguments, environment: environment, timeout: 120)
      // A trap shows as a signal: 132 (SIGILL), 133 (SIGTRAP), 134 (SIGABRT), 139 (SIGSEGV).
      #expect(result.status == 0 || result.status == 1 || result.status == 65, "\(arguments): \(result.err)")
      return result
    }
    let log = try check(["log", "--limit", "100000", "--json"])
    let logged = try JSONParser.parse(Array(log.out.utf8)).arrayValue ?? []
    #expect(logged.count == valid)
    for format in ["text", "json", "csv"] {
      let report = try check(["report", "--from", "2026-11-01", "--to", "2026-12-31", "--format", format])
      if format == "json" {
        let totals = try JSONParser.parse(Array(report.out.utf8))["totals"]
        #expect(totals?["sessions"]?.intValue == expected.sessions)
        #expect(totals?["focus_seconds"]?.intValue == Int(expected.focus.rounded()))
      }
    }
    let imported = try check(["import", journal, "--journal", home.file("copy.jsonl")])
    #expect(imported.out.hasPrefix("imported \(valid) sessions, 0 already present, "))
    let resumed = try check(["resume", "--no-input", "--no-bell", "--no-notify"])
    #expect(resumed.status == 0)
    // A state file with a hostile number: status refuses it without trapping.
    _ = try home.write(".local/state/pomo/current.json", #"{"pid":1e300,"phase_index":9223372036854775807}"#)
    _ = try check(["status", "--json"])
  }
}

@Suite("Resume trusts a record no further than its preset")
struct ResumeLimitTests {
  @Test("what is left of a phase is at most the preset's duration plus a day of extensions")
  func remainingCapped() throws {
    let preset = try #require(try PresetCatalog.builtIns().first { $0.name == "work" })
    let plan = Plan(preset: preset, rounds: 4)
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: 0, end: 10, plannedSeconds: 1e9, elapsedSeconds: 10,
      completed: false, extendedSeconds: 1e9)
    let record = JournalRecord(
      id: "x", preset: "work", status: .interrupted, start: 0, end: 10, host: "h", rounds: 4, phases: [phase])
    let rest = try #require(plan.resuming(after: record))
    #expect(rest.plan.phases[0].duration == .seconds(1500 + 86_400))
    #expect(rest.plan.phases.count == plan.phases.count)
  }
}
