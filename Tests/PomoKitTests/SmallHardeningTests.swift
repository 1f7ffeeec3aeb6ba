import Foundation
import Testing

@testable import PomoKit
@testable import PomoReport
@testable import PomoJournal
@testable import PomoTerminal
@testable import PomoCore
@testable import PomoPlatform

@Suite("Integer options are plain decimal digits")
struct IntegerOptionTests {
  let pomo = InProcess(home: "/nonexistent-home")

  @Test(
    "a sign, spaces, '_', hex or other digits are usage errors, exit 64",
    arguments: [
      (["start", "hiit", "--dry-run", "--rounds=+5"], "'--rounds' must be a whole number from 1 to 10000, got '+5'"),
      (["start", "hiit", "--dry-run", "-r", "+5"], "'--rounds' must be a whole number from 1 to 10000, got '+5'"),
      (
        ["start", "hiit", "--dry-run", "--rounds", " 5"], "'--rounds' must be a whole number from 1 to 10000, got ' 5'"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds", "5 "], "'--rounds' must be a whole number from 1 to 10000, got '5 '"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds=-5"], "'--rounds' must be a whole number from 1 to 10000, got '-5'"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds", "1_0"],
        "'--rounds' must be a whole number from 1 to 10000, got '1_0'"
      ),
      (
        ["start", "hiit", "--dry-run", "--rounds", "0x5"],
        "'--rounds' must be a whole number from 1 to 10000, got '0x5'"
      ),
      (["start", "hiit", "--dry-run", "--rounds", "٥"], "'--rounds' must be a whole number from 1 to 10000, got '٥'"),
      (["presets", "show", "hiit", "--rounds=+5"], "'--rounds' must be a whole number from 1 to 10000, got '+5'"),
      (["log", "--limit=+3"], "'--limit' must be a whole number from 1 to 1000000, got '+3'"),
      (["log", "-n", "+3"], "'--limit' must be a whole number from 1 to 1000000, got '+3'"),
      (["log", "--limit", "3.0"], "'--limit' must be a whole number from 1 to 1000000, got '3.0'"),
    ])
  func refused(words: [String], message: String) {
    let result = pomo.run(words)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: \(message)\nUsage: "))
  }

  @Test("plain digits, leading zeros included, still work")
  func accepted() {
    #expect(pomo.run("start", "hiit", "--dry-run", "--rounds", "05").out.hasPrefix("hiit: 5 rounds"))
    #expect(ParsedArguments.plainInteger("-3", negative: true) == -3)
    #expect(ParsedArguments.plainInteger("-3", negative: false) == nil)
    #expect(ParsedArguments.plainInteger("-", negative: true) == nil)
    #expect(ParsedArguments.plainInteger("99999999999999999999", negative: false) == nil)
  }
}

@Suite("Dates that do not exist are errors")
struct ImpossibleDateTests {
  @Test(
    "RFC 3339: the day must exist in its month",
    arguments: [
      ("2026-02-31T08:00:00Z", false), ("2026-02-29T08:00:00Z", false), ("2024-02-29T08:00:00Z", true),
      ("2100-02-29T08:00:00Z", false), ("2000-02-29T08:00:00+01:00", true), ("2026-04-31T08:00:00Z", false),
      ("2026-04-30T08:00:00Z", true), ("2026-12-31T23:59:59.5-05:00", true), ("2026-11-00T08:00:00Z", false),
      ("2026-06-31T08:00:00Z", false), ("2026-09-31T08:00:00Z", false), ("2026-11-31T08:00:00Z", false),
    ])
  func rfc3339(text: String, valid: Bool) {
    #expect((RFC3339.parse(text) != nil) == valid)
  }

  @Test(
    "report ranges: impossible dates, weeks and months are usage errors",
    arguments: [
      ["--from", "2026-02-31"], ["--from", "2026-01-01", "--to", "2026-02-30"], ["--week", "2026-02-31"],
      ["--week", "+026-W48"], ["--week", "2026-W+8"], ["--month", "2026-+1"], ["--month", "2026-13"],
      ["--from", "2026-2-3"],
    ])
  func ranges(words: [String]) {
    let result = InProcess(home: "/nonexistent-home").run(["report"] + words)
    #expect(result.status == 64, "\(result.err)")
    #expect(result.err.hasPrefix("Error: '--"))
  }

  @Test("a journal record that starts on 31 February is a damaged line, not 3 March")
  func journal() throws {
    let line =
      #"{"v":1,"id":"a","preset":"work","status":"completed","start":"2026-02-31T08:00:00Z","end":"2026-02-31T08:25:00Z","rounds":1,"phases":[]}"#
    #expect(throws: JournalRecord.Problem.self) { try JournalRecord(line: Array(line.utf8)) }
  }
}

@Suite("Counts read '1 phase', '2 phases'")
struct PluralTests {
  @Test(
    "count and noun", arguments: [(0, "0 phases"), (1, "1 phase"), (2, "2 phases"), (-1, "-1 phases")])
  func counts(n: Int, expected: String) {
    #expect(TextLayout.count(n, "phase") == expected)
  }

  @Test("one round of one phase, everywhere it is counted")
  func onePhase() {
    let preset = Preset(name: "one", round: [phase("go", .work, 60)])
    let plan = Plan(preset: preset)
    #expect(PlanText.render(plan, width: 80, unicode: true).hasPrefix("one: 1 round, 1 phase, 1:00\n"))

    let clock = FakeClock()
    var engine = SessionEngine(plan: plan, clock: clock.clock)
    let plain = TextBuffer()
    let live = TextBuffer()
    let log = PlainLog(output: plain, width: 80, unicode: true, clockTime: { _ in "10:00:00" })
    let display = LiveDisplay(output: live, width: 80, style: .plain, keyHint: false, clockTime: { _ in "10:00:00" })
    var events = engine.start()
    log.sessionDidUpdate(engine, events: events)
    display.sessionDidUpdate(engine, events: events)
    clock.advance(.seconds(60))
    events = engine.tick()
    log.sessionDidUpdate(engine, events: events)
    display.sessionDidUpdate(engine, events: events)
    #expect(plain.text.hasPrefix("one: 1 round, 1 phase, 1:00\n"))
    #expect(plain.text.hasSuffix("Completed one: 1 of 1 phase done; focus 1:00, rest 0:00, paused 0:00\n"))
    #expect(live.text.contains("one: 1 round, 1 phase, 1:00"))
  }

  @Test("a report of one session and a one-day streak")
  func report() throws {
    let line =
      #"{"v":1,"id":"a","preset":"work","status":"completed","start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","rounds":1,"phases":[{"name":"f","kind":"work","round":1,"start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#
    let day = LocalCalendar.parseDate("2026-11-24")!
    var builder = ReportBuilder(
      range: ReportRange(kind: .custom, days: day...day), calendar: LocalCalendar(zone: FixedZone()))
    builder.add(try JournalRecord(line: Array(line.utf8)))
    let text = ReportText.render(builder.build(today: day), width: 80, style: .plain)
    #expect(text.hasPrefix("Tue 2026-11-24 (UTC)\n"))
    #expect(text.contains(", 1 session (1 completed, 0 interrupted)"))
    #expect(text.contains("Streak: 1 day with a completed session"))
  }
}

@Suite("An unusable TZ is reported once")
struct TimeZoneVariableTests {
  static let zones: Set<String> = ["Europe/Berlin", "UTC", "America/New_York", "/usr/share/zoneinfo/Asia/Tokyo"]

  @Test(
    "zone names, zone files and POSIX rules are names; anything else is nil",
    arguments: [
      ("Europe/Berlin", "Europe/Berlin"), (":Europe/Berlin", "Europe/Berlin"),
      ("/usr/share/zoneinfo/Asia/Tokyo", "Asia/Tokyo"), ("UTC", "UTC"), ("GMT", "GMT"), ("EST5EDT", "EST5EDT"),
      ("CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0,M10.5.0/3"), ("<+0330>-3:30", "<+0330>-3:30"),
      ("JST-9", "JST-9"), ("EST+5EDT,J60/2,J300/2", "EST+5EDT,J60/2,J300/2"), (":UTC0", "UTC0"),
      ("garbage", nil), ("Europe/Nowhere", nil), ("EST", nil), ("ES5", nil), ("EST25", nil),
      ("EST5EDT,M13.1.0,M1.1.0", nil),
      ("EST5EDT,", nil), ("EST5 ", nil), ("../../etc/passwd", nil), ("\u{1B}[2J", nil),
    ] as [(String, String?)])
  func names(value: String, expected: String?) {
    #expect(TZVariable.name(value, zoneFileExists: { Self.zones.contains($0) }) == expected)
  }

  @Test("TZ=garbage: one warning line on stderr, and the report says UTC")
  func garbage() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let env = ["HOME": home.path, "PATH": "/usr/bin:/bin", "TZ": "garbage", "POMO_JOURNAL": home.file("j.jsonl")]
    let report = try runPomo(["report", "--today"], environment: env)
    #expect(report.status == 0)
    #expect(
      report.err
        == "pomo: warning: TZ 'garbage' is neither a time zone in /usr/share/zoneinfo nor a POSIX TZ rule; times are in UTC\n"
    )
    #expect(report.out.split(separator: "\n").first?.hasSuffix(" (UTC)") == true)
    #expect(!report.out.contains("garbage"))
    let json = try runPomo(["report", "--today", "--format", "json"], environment: env)
    #expect(json.out.contains(#""time_zone":"UTC""#))
    #expect(json.err.split(separator: "\n").count == 1)
    let log = try runPomo(["log"], environment: env)
    #expect(log.err.split(separator: "\n").count == 1)
    var good = env
    good["TZ"] = "Europe/Berlin"
    let fine = try runPomo(["report", "--today"], environment: good)
    #expect(fine.err == "")
    #expect(fine.out.split(separator: "\n").first?.hasSuffix(" (Europe/Berlin)") == true)
  }
}
