import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// Sessions to export: one with tags and a note full of characters every format must escape,
/// an interrupted one with fractions of seconds and pauses, and one in summer time.
enum ExportSamples {
  static func t(_ text: String) -> Double { RFC3339.parse(text)! }

  static let records: [JournalRecord] = [
    JournalRecord(
      id: "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e01", preset: "work", status: .completed, start: t("2026-11-30T08:00:00Z"),
      end: t("2026-11-30T08:55:00Z"), tags: ["thesis", "a;b\\c", "café"], note: "said \"hi\", then left;\nok\\done",
      host: "laptop", rounds: 2,
      phases: [
        JournalPhase(
          name: "focus", kind: .work, round: 1, start: t("2026-11-30T08:00:00Z"), end: t("2026-11-30T08:25:00Z"),
          plannedSeconds: 1500, elapsedSeconds: 1500, completed: true),
        JournalPhase(
          name: "break", kind: .rest, round: 1, start: t("2026-11-30T08:25:00Z"), end: t("2026-11-30T08:30:00Z"),
          plannedSeconds: 300, elapsedSeconds: 300, completed: true),
        JournalPhase(
          name: "focus", kind: .work, round: 2, start: t("2026-11-30T08:30:00Z"), end: t("2026-11-30T08:55:00Z"),
          plannedSeconds: 1500, elapsedSeconds: 1500, completed: true),
      ]),
    JournalRecord(
      id: "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e02", preset: "hiit", status: .interrupted, interruption: .quit,
      start: t("2026-11-30T17:00:00.250Z"), end: t("2026-11-30T17:10:00.750Z"), host: "laptop", rounds: 8,
      pausedSeconds: 12.5,
      phases: [
        JournalPhase(
          name: "warm-up", kind: .rest, round: nil, start: t("2026-11-30T17:00:00.250Z"),
          end: t("2026-11-30T17:05:00.250Z"), plannedSeconds: 300, elapsedSeconds: 300, completed: true),
        JournalPhase(
          name: "work", kind: .work, round: 1, start: t("2026-11-30T17:05:00.250Z"), end: t("2026-11-30T17:10:00.750Z"),
          plannedSeconds: 600, elapsedSeconds: 288, completed: false, pausedSeconds: 12.5),
      ]),
    JournalRecord(
      id: "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e03", preset: "work", status: .completed, start: t("2026-07-01T06:00:00Z"),
      end: t("2026-07-01T06:25:00Z"), tags: ["x"], host: "desk", rounds: 1,
      phases: [
        JournalPhase(
          name: "focus", kind: .work, round: 1, start: t("2026-07-01T06:00:00Z"), end: t("2026-07-01T06:25:00Z"),
          plannedSeconds: 1500, elapsedSeconds: 1500, completed: true)
      ]),
  ]

  static let now = t("2026-12-01T13:08:18.900Z")
  static func offset(_ t: Double) -> Int { RuleZone.berlin.offset(at: t) }
  static func render(_ format: ExportFormat, _ records: [JournalRecord] = records) -> String {
    ExportFormat.render(records, format: format, offset: offset, now: now)
  }
}

@Suite("Export formats")
struct ExportFormatTests {
  @Test("csv: a row per session, RFC 4180 quoting, CRLF line ends, local times")
  func csv() {
    let expected =
      "id,start,end,preset,status,focus_seconds,rest_seconds,paused_seconds,tags,note\r\n"
      + "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e01,2026-11-30T09:00:00+01:00,2026-11-30T09:55:00+01:00,work,completed,3000,300,0,"
      + "thesis;a\\;b\\\\c;café,\"said \"\"hi\"\", then left;\nok\\done\"\r\n"
      + "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e02,2026-11-30T18:00:00.250+01:00,2026-11-30T18:10:00.750+01:00,hiit,interrupted,"
      // A workout's work is never focus.
      + "0,300,12.5,,\r\n"
      + "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e03,2026-07-01T08:00:00+02:00,2026-07-01T08:25:00+02:00,work,completed,1500,0,0,x,\r\n"
    #expect(ExportSamples.render(.csv) == expected)
    #expect(
      ExportSamples.render(.csv, [])
        == "id,start,end,preset,status,focus_seconds,rest_seconds,paused_seconds,tags,note\r\n")
  }

  @Test(
    "csv fields are quoted only when they must be",
    arguments: [
      ("plain", "plain"), ("", ""), ("a,b", "\"a,b\""), ("say \"x\"", "\"say \"\"x\"\"\""), ("a\nb", "\"a\nb\""),
      ("a\rb", "\"a\rb\""), ("semi;colon", "semi;colon"), (" spaced ", " spaced "),
    ])
  func csvField(text: String, expected: String) {
    #expect(CSVExport.field(text) == expected)
  }

  @Test("json: an array of the sessions as the journal writes them")
  func json() throws {
    let text = ExportSamples.render(.json)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "[")
    #expect(lines.suffix(2) == ["]", ""])
    let records = lines.dropFirst().dropLast(2).map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
    #expect(records == ExportSamples.records.map { $0.json(offset: ExportSamples.offset).text })
    // Each element reads back as the session it came from.
    let back = try records.map { try JournalRecord(line: Array($0.utf8)) }
    #expect(back == ExportSamples.records)
    let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
    #expect(parsed?.count == 3)
    #expect(ExportSamples.render(.json, []) == "[]\n")
  }

  @Test("ics: a calendar with an event per session, escaped, UTC times, CRLF")
  func ics() {
    let expected = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//pomo//pomo export//EN",
      "CALSCALE:GREGORIAN",
      "BEGIN:VEVENT",
      "UID:3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e01",
      "DTSTAMP:20261201T130818Z",
      "DTSTART:20261130T080000Z",
      "DTEND:20261130T085500Z",
      #"SUMMARY:work (thesis\, a\;b\\c\, café)"#,
      #"DESCRIPTION:said "hi"\, then left\;\nok\\done"#,
      #"CATEGORIES:thesis,a\;b\\c,café"#,
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e02",
      "DTSTAMP:20261201T130818Z",
      "DTSTART:20261130T170000Z",
      "DTEND:20261130T171000Z",
      "SUMMARY:hiit",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e03",
      "DTSTAMP:20261201T130818Z",
      "DTSTART:20260701T060000Z",
      "DTEND:20260701T062500Z",
      "SUMMARY:work (x)",
      "CATEGORIES:x",
      "END:VEVENT",
      "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()
    #expect(ExportSamples.render(.ics) == expected)
  }

  @Test(
    "ics text escaping",
    arguments: [
      ("plain", "plain"), ("a,b;c\\d", #"a\,b\;c\\d"#), ("one\ntwo", #"one\ntwo"#), ("one\r\ntwo", #"one\ntwo"#),
      ("one\rtwo", #"one\ntwo"#), ("tab\there", "tab\there"),
      ("bell\u{7}esc\u{1B}[2Jdel\u{7F}c1\u{9B}", "bellesc[2Jdelc1"),
      ("\n\n", #"\n\n"#),
    ])
  func icsEscape(text: String, expected: String) {
    #expect(ICSExport.escape(text) == expected)
  }

  @Test("ics lines are folded at 75 octets, never inside a character")
  func icsFolding() {
    let note = String(repeating: "Café ☕ 🍅 naïve — ", count: 12) + String(repeating: "x", count: 80)
    var record = ExportSamples.records[2]
    record.note = note
    let text = ExportSamples.render(.ics, [record])
    #expect(text.hasSuffix("\r\n"))
    let lines = text.components(separatedBy: "\r\n").dropLast()
    #expect(!lines.contains { $0.contains("\n") || $0.contains("\r") })
    for line in lines {
      #expect(line.utf8.count <= 75, "\(line)")
      // Each physical line is whole UTF-8: no sequence was cut.
      #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
    }
    let description = lines.drop { !$0.hasPrefix("DESCRIPTION:") }.prefix {
      $0.hasPrefix("DESCRIPTION:") || $0.hasPrefix(" ")
    }
    #expect(description.count > 5)
    #expect(description.dropFirst().allSatisfy { $0.hasPrefix(" ") })
    let unfolded = description.first! + description.dropFirst().map { String($0.dropFirst()) }.joined()
    #expect(unfolded == "DESCRIPTION:" + ICSExport.escape(note))
    // Lines of exactly 75 octets stay whole; 76 are folded.
    #expect(ICSExport.fold(String(repeating: "a", count: 75)) == String(repeating: "a", count: 75))
    #expect(ICSExport.fold(String(repeating: "a", count: 76)) == String(repeating: "a", count: 75) + "\r\n a")
    // A 3-byte character that would straddle octet 75 goes whole to the next line.
    #expect(ICSExport.fold(String(repeating: "a", count: 74) + "☕b") == String(repeating: "a", count: 74) + "\r\n ☕b")
  }

  @Test("ics: a session that lasts no whole second has no DTEND")
  func icsInstant() {
    var record = ExportSamples.records[2]
    record.start = ExportSamples.t("2026-07-01T06:00:00.100Z")
    record.end = ExportSamples.t("2026-07-01T06:00:00.900Z")
    let text = ExportSamples.render(.ics, [record])
    #expect(text.contains("DTSTART:20260701T060000Z\r\n"))
    #expect(!text.contains("DTEND"))
  }

  @Test("timewarrior: the timew export shape, an interval per stretch of focus, ids from the newest")
  func timewarrior() {
    let expected = """
      [
      {"id":4,"start":"20260701T060000Z","end":"20260701T062500Z","tags":["x"]},
      {"id":3,"start":"20261130T080000Z","end":"20261130T082500Z","tags":["thesis","a;b\\\\c","café"],"annotation":"said \\"hi\\", then left;\\nok\\\\done"},
      {"id":2,"start":"20261130T083000Z","end":"20261130T085500Z","tags":["thesis","a;b\\\\c","café"],"annotation":"said \\"hi\\", then left;\\nok\\\\done"},
      {"id":1,"start":"20261130T170500Z","end":"20261130T170948Z","tags":["hiit"]}
      ]

      """
    #expect(ExportSamples.render(.timewarrior) == expected)
    #expect(ExportSamples.render(.timewarrior, []) == "[\n]\n")
  }

  @Test("round trip: importing the timewarrior export gives the same focus intervals and tags")
  func timewarriorRoundTrip() {
    let exported = ExportSamples.render(.timewarrior)
    let result = TimewarriorImport.parse(Array(exported.utf8), host: "h", zone: RuleZone.berlin)
    #expect(result.skipped == [])
    func intervals(_ records: [JournalRecord]) -> [String] {
      records.flatMap { r in
        r.phases.filter { $0.kind == .work }.flatMap(TimewarriorData.focusStretches).map {
          // An untagged session goes out with its preset's name as its tag.
          "\(UTCStamp.format($0.start))-\(UTCStamp.format($0.end)) \(r.tags.isEmpty ? [r.preset] : r.tags) \(r.note ?? "-")"
        }
      }.sorted()
    }
    #expect(intervals(result.records) == intervals(ExportSamples.records))
    let focus: Double = result.records.map(\.focusSeconds).reduce(0, +)
    // Three 25-minute phases, and the interrupted one's 4:48 of work (its pause left out).
    #expect(focus == 4788)
    // And exporting what was imported gives the same text again.
    #expect(ExportFormat.render(result.records, format: .timewarrior, offset: { _ in 0 }, now: 0) == exported)
  }
}

/// The exports as real parsers read them: Python's `csv` module and the `icalendar` package.
@Suite("Export formats read by real parsers")
struct ExportParserTests {
  /// Runs `script` with python3 over `text` in a file; its stdout, parsed as JSON.
  static func python(_ script: String, _ text: String) async throws -> Any {
    let folder = try TemporaryFolder()
    defer { folder.cleanUp() }
    let file = folder.file("export")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let run = try await PythonScript(script, module: "icalendar").run([file])
    return try JSONSerialization.jsonObject(with: Data(run.out.utf8))
  }

  static let csvScript = """
    import csv, json, sys
    with open(sys.argv[1], newline="", encoding="utf-8") as f:
        print(json.dumps(list(csv.reader(f, strict=True))))
    """

  @Test("Python's csv module reads every field back", .requires(.python))
  func csv() async throws {
    let rows = try #require(try await Self.python(Self.csvScript, ExportSamples.render(.csv)) as? [[String]])
    #expect(rows.count == 4)
    #expect(rows[0] == CSVExport.header)
    #expect(
      rows[1] == [
        "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e01", "2026-11-30T09:00:00+01:00", "2026-11-30T09:55:00+01:00", "work",
        "completed", "3000", "300", "0", "thesis;a\\;b\\\\c;café", "said \"hi\", then left;\nok\\done",
      ])
    #expect(
      rows[2] == [
        "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e02", "2026-11-30T18:00:00.250+01:00", "2026-11-30T18:10:00.750+01:00",
        // A workout's work is never focus.
        "hiit", "interrupted", "0", "300", "12.5", "", "",
      ])
    #expect(rows[3][1] == "2026-07-01T08:00:00+02:00")
    // The tags field splits back into exactly the session's tags.
    for (row, record) in zip(rows.dropFirst(), ExportSamples.records) {
      #expect(csvTags(field: row[8]) == record.tags)
    }
    // Every row's times are the session's instants.
    for (row, record) in zip(rows.dropFirst(), ExportSamples.records) {
      #expect(RFC3339.parse(row[1]) == record.start)
      #expect(RFC3339.parse(row[2]) == record.end)
    }
  }

  /// Prints the calendar as JSON. Fails (exit 4) on anything icalendar reports as broken.
  static let icsScript = """
    import json, sys
    try:
        import icalendar
    except ImportError:
        sys.stderr.write("python3 has no icalendar module\\n")
        sys.exit(3)
    with open(sys.argv[1], "rb") as f:
        raw = f.read()
    cal = icalendar.Calendar.from_ical(raw)
    problems = [e for c in cal.walk() for e in getattr(c, "errors", [])]
    if problems:
        sys.stderr.write(repr(problems) + "\\n")
        sys.exit(4)
    def when(event, name):
        value = event.get(name)
        return None if value is None else value.dt.isoformat()
    def categories(event):
        value = event.get("CATEGORIES")
        if value is None:
            return []
        values = value if isinstance(value, list) else [value]
        return [str(c) for v in values for c in v.cats]
    out = {
        "version": str(cal.get("VERSION")), "prodid": str(cal.get("PRODID")),
        "events": [
            {
                "uid": str(e.get("UID")), "dtstamp": when(e, "DTSTAMP"), "start": when(e, "DTSTART"),
                "end": when(e, "DTEND"), "summary": str(e.get("SUMMARY")),
                "description": None if e.get("DESCRIPTION") is None else str(e.get("DESCRIPTION")),
                "categories": categories(e),
            }
            for e in cal.walk("VEVENT")
        ],
    }
    print(json.dumps(out))
    """

  /// What Python's icalendar found: each event's fields as text.
  static func events(_ text: String) async throws -> (header: [String], events: [[String]]) {
    let object = try #require(try await python(icsScript, text) as? [String: Any])
    let events = try #require(object["events"] as? [[String: Any]])
    return (
      [object["version"] as? String ?? "?", object["prodid"] as? String ?? "?"],
      events.map { e in
        ["uid", "dtstamp", "start", "end", "summary", "description"].map { (e[$0] as? String) ?? "-" }
          + [((e["categories"] as? [String]) ?? []).joined(separator: "|")]
      }
    )
  }

  // Tags with commas are left out of these: icalendar releases before the fix of
  // collective/icalendar#127 (2025) split CATEGORIES on escaped commas, and Debian ships one.
  // Their escaping is pinned whole in "ics: a calendar with an event per session".
  @Test("Python's icalendar reads the calendar: UTC times, text unescaped, categories", .requires(.icalendar))
  func ics() async throws {
    let found = try await Self.events(ExportSamples.render(.ics))
    #expect(found.header == ["2.0", "-//pomo//pomo export//EN"])
    #expect(
      found.events == [
        [
          "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e01", "2026-12-01T13:08:18+00:00", "2026-11-30T08:00:00+00:00",
          "2026-11-30T08:55:00+00:00", "work (thesis, a;b\\c, café)", "said \"hi\", then left;\nok\\done",
          "thesis|a;b\\c|café",
        ],
        [
          "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e02", "2026-12-01T13:08:18+00:00", "2026-11-30T17:00:00+00:00",
          "2026-11-30T17:10:00+00:00", "hiit", "-", "",
        ],
        [
          "3f2b7c1e-9a4d-4c2b-8e1f-0a1b2c3d4e03", "2026-12-01T13:08:18+00:00", "2026-07-01T06:00:00+00:00",
          "2026-07-01T06:25:00+00:00", "work (x)", "-", "x",
        ],
      ])
  }

  @Test("Python's icalendar unfolds long lines of many-byte characters", .requires(.icalendar))
  func icsFolded() async throws {
    let note = String(repeating: "Café ☕ 🍅 naïve — ", count: 12) + "\nline two, with; marks\\"
    var record = ExportSamples.records[2]
    record.note = note
    record.tags = ["ünïcödé", String(repeating: "long-tag-", count: 12)]
    let found = try await Self.events(ExportSamples.render(.ics, [record]))
    #expect(found.events.count == 1)
    #expect(found.events.first?[5] == note)
    #expect(found.events.first?[6] == record.tags.joined(separator: "|"))
  }
}
