import PomoJournalTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// A record as one line: its times in UTC, preset, tags, note and its single phase.
private func summary(_ r: JournalRecord) -> String {
  let phases = r.phases.map {
    "\($0.name)/\($0.kind.rawValue) \(JSONOutput.seconds($0.plannedSeconds))=\(JSONOutput.seconds($0.elapsedSeconds))"
      + ($0.completed ? "" : " incomplete")
  }
  return "\(RFC3339.format(r.start, offset: 0)) \(RFC3339.format(r.end, offset: 0)) \(r.preset) \(r.status.rawValue) "
    + "[\(r.tags.joined(separator: ","))] \(r.note.map { "\"\($0)\"" } ?? "-") {\(phases.joined(separator: "; "))}"
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private var utc: FixedZone { FixedZone() }

@Suite("Import from timewarrior")
struct TimewarriorImportTests {
  @Test("intervals become one-phase focus sessions; the open one is skipped")
  func sample() {
    let result = TimewarriorImport.parse(bytes(InterchangeSamples.timewarrior), host: "laptop", zone: utc)
    #expect(
      result.records.map(summary) == [
        "2026-11-30T08:30:00+00:00 2026-11-30T08:55:00+00:00 timewarrior completed [thesis,writing] \"chapter 3\" {focus/work 1500=1500}",
        "2026-11-30T09:00:00+00:00 2026-11-30T09:30:00+00:00 timewarrior completed [email] - {focus/work 1800=1800}",
        "2026-11-30T10:00:00+00:00 2026-11-30T10:15:00+00:00 timewarrior completed [] - {focus/work 900=900}",
      ])
    #expect(result.skipped == [ImportSkip(line: 5, reason: "interval @1 is still open (it has no end)", running: true)])
    #expect(result.records.allSatisfy { $0.host == "laptop" && $0.rounds == 1 && $0.phases[0].round == 1 })
    #expect(result.records[0].phases[0].start == result.records[0].start)
    #expect(result.records[0].phases[0].end == result.records[0].end)
  }

  @Test("ids come from the start and tags, not timewarrior's positional id")
  func ids() {
    let first = TimewarriorImport.parse(bytes(InterchangeSamples.timewarrior), host: "a", zone: utc).records
    // The same intervals, numbered differently (something was tracked since) and tags reordered.
    let renumbered = """
      [{"id":9,"start":"20261130T083000Z","end":"20261130T085500Z","tags":["writing","thesis"],"annotation":"chapter 3"}]
      """
    let again = TimewarriorImport.parse(bytes(renumbered), host: "b", zone: utc).records
    #expect(again.map(\.id) == [first[0].id])
    #expect(Set(first.map(\.id)).count == 3)
    #expect(
      first[0].id
        == NameUUID.imported(tool: "timewarrior", key: #"2026-11-30T08:30:00+00:00 ["thesis","writing"]"#))
    // A different tag set at the same start is another interval.
    let retagged = """
      [{"start":"20261130T083000Z","end":"20261130T085500Z","tags":["thesis"]}]
      """
    #expect(TimewarriorImport.parse(bytes(retagged), host: "a", zone: utc).records[0].id != first[0].id)
  }

  @Test("the manual's example, with its comma after the last interval, is read")
  func trailingComma() {
    let manual = """
      [
      {"id":2,"start":"20231001T103000Z","end":"20231001T120000Z","tags":["work"],"annotation":"Project work"},
      {"id":1,"start":"20231001T090000Z","end":"20231001T100000Z","tags":["work"],"annotation":"Morning meeting"},
      ]
      """
    let result = TimewarriorImport.parse(bytes(manual), host: "h", zone: utc)
    #expect(result.skipped == [])
    #expect(result.records.map(\.note) == ["Project work", "Morning meeting"])
  }

  static let bad: [(String, ImportSkip)] = [
    (
      #"{"start":"20261130T083000Z"}"#,
      ImportSkip(line: 1, reason: "not the JSON array that `timew export` prints: got an object")
    ),
    (
      "",
      ImportSkip(
        line: 1, reason: "the file is empty, not the JSON array that `timew export` prints")
    ),
    (
      "[\n{\"start\":",
      ImportSkip(
        line: 2, reason: "not the JSON array that `timew export` prints: unexpected end of file; expected a value")
    ),
    ("[\n42\n]", ImportSkip(line: 2, reason: "interval @1 is a number, not an object")),
    (#"[{"end":"20261130T083000Z"}]"#, ImportSkip(line: 1, reason: "interval @1 has no start")),
    (
      #"[{"start":"2026-11-30T08:30:00Z","end":"20261130T083000Z"}]"#,
      ImportSkip(
        line: 1, reason: #"interval @1 has a start that is not a time like "20261201T090000Z": "2026-11-30T08:30:00Z""#)
    ),
    (
      #"[{"start":"20261131T083000Z","end":"20261130T083000Z"}]"#,
      ImportSkip(
        line: 1, reason: #"interval @1 has a start that is not a time like "20261201T090000Z": "20261131T083000Z""#)
    ),
    (
      #"[{"start":"20261130T083000Z","end":1796027400}]"#,
      ImportSkip(line: 1, reason: #"interval @1 has an end that is not a time like "20261201T092500Z": 1796027400"#)
    ),
    (
      #"[{"start":"20261130T083000Z","end":"20261130T082000Z"}]"#,
      ImportSkip(line: 1, reason: "interval @1 ends before it starts (20261130T083000Z to 20261130T082000Z)")
    ),
    (
      #"[{"start":"20261130T083000Z","end":"20261130T090000Z","tags":"thesis"}]"#,
      ImportSkip(line: 1, reason: #"interval @1 has tags that are not an array of strings: "thesis""#)
    ),
    (
      #"[{"start":"20261130T083000Z","end":"20261130T090000Z","tags":["a",1]}]"#,
      ImportSkip(line: 1, reason: "interval @1 has tags that are not an array of strings: [...]")
    ),
    (
      #"[{"start":"20261130T083000Z","end":"20261130T090000Z","annotation":true}]"#,
      ImportSkip(line: 1, reason: "interval @1 has an annotation that is not a string: true")
    ),
  ]

  @Test("each bad interval is a skip naming its line and what is wrong", arguments: bad)
  func badIntervals(text: String, skip: ImportSkip) {
    let result = TimewarriorImport.parse(bytes(text), host: "h", zone: utc)
    #expect(result.records.isEmpty)
    #expect(result.skipped == [skip])
  }

  @Test("good intervals around a bad one are kept; null tags and annotation are none")
  func mixed() {
    let text = """
      [
      {"start":"20261130T083000Z","end":"20261130T085500Z","tags":null,"annotation":null},
      "garbage",
      {"start":"20261130T090000Z","end":"20261130T093000Z","tags":["a","a",""]}
      ]
      """
    let result = TimewarriorImport.parse(bytes(text), host: "h", zone: utc)
    #expect(result.records.map(\.tags) == [[], ["a"]])
    #expect(result.records.map(\.note) == [nil, nil])
    #expect(result.skipped == [ImportSkip(line: 3, reason: "interval @2 is a string, not an object")])
  }

  @Test(
    "timewarrior's time form",
    arguments: [
      ("20261201T090000Z", 1_796_115_600.0), ("19700101T000000Z", 0), ("20240229T235959Z", 1_709_251_199),
    ])
  func time(text: String, seconds: Double) {
    #expect(UTCStamp.parse(text) == seconds)
    #expect(UTCStamp.format(seconds) == text)
  }

  @Test(
    "bad timewarrior times",
    arguments: [
      "", "20261201T090000", "20261201T0900Z", "20261301T090000Z", "20230229T090000Z", "20261201T240000Z",
      "20261201 090000Z", "2026120aT090000Z", "19691231T235959Z",
    ])
  func badTime(text: String) {
    #expect(UTCStamp.parse(text) == nil)
  }
}

@Suite("Import from Watson")
struct WatsonImportTests {
  @Test("frames become sessions tagged with their project and tags")
  func sample() {
    let result = WatsonImport.parse(bytes(InterchangeSamples.watson), host: "desk", zone: utc)
    #expect(
      result.records.map(summary) == [
        "2026-11-30T08:30:00+00:00 2026-11-30T08:55:00+00:00 watson completed [thesis,writing,chapter-3] - {focus/work 1500=1500}",
        "2026-11-30T09:00:00+00:00 2026-11-30T09:30:00+00:00 watson completed [café] - {focus/work 1800=1800}",
        // The project "admin" and the tag "admin" are one tag.
        "2026-11-30T10:00:00+00:00 2026-11-30T10:15:00+00:00 watson completed [admin] - {focus/work 900=900}",
      ])
    #expect(result.skipped == [])
    #expect(result.records[0].id == NameUUID.imported(tool: "watson", key: "5ab0dc0f5c5d4c0a9d2f3b5e0f3c1a2b"))
    #expect(result.records.allSatisfy { $0.host == "desk" })
  }

  @Test("older frames without tags or updated_at, fractional times, upper-case ids")
  func older() {
    let text =
      #"[[1796027400.5, 1796028900, "thesis", "5AB0DC0F5C5D4C0A9D2F3B5E0F3C1A2B"], [1796029200, 1796031000, "x", "y", null]]"#
    let result = WatsonImport.parse(bytes(text), host: "h", zone: utc)
    #expect(result.skipped == [])
    #expect(result.records.map(\.tags) == [["thesis"], ["x"]])
    #expect(result.records[0].start == 1_796_027_400.5)
    #expect(result.records[0].phases[0].elapsedSeconds == 1499.5)
    #expect(result.records[0].id == NameUUID.imported(tool: "watson", key: "5ab0dc0f5c5d4c0a9d2f3b5e0f3c1a2b"))
  }

  static let bad: [(String, ImportSkip)] = [
    (
      "\u{FEFF} \n", ImportSkip(line: 1, reason: "the file is empty, not a Watson frames file (a JSON array of frames)")
    ),
    ("{}", ImportSkip(line: 1, reason: "not a Watson frames file (a JSON array of frames): got an object")),
    (
      "[\n {\"start\": 1}\n]",
      ImportSkip(line: 2, reason: "frame 1 is an object, not an array [start, stop, project, id, tags, updated_at]")
    ),
    (
      #"[[1796027400, 1796028900, "p"]]"#,
      ImportSkip(line: 1, reason: "frame 1 has 3 fields, not [start, stop, project, id, tags, updated_at]")
    ),
    (
      #"[["2026-11-30", 1796028900, "p", "i"]]"#,
      ImportSkip(line: 1, reason: #"frame 1 has a start that is not a time in seconds since 1970: "2026-11-30""#)
    ),
    (
      #"[[1796027400, 1e300, "p", "i"]]"#,
      ImportSkip(line: 1, reason: "frame 1 has a stop that is not a time in seconds since 1970: 1e300")
    ),
    (
      #"[[-5, 1796028900, "p", "i"]]"#,
      ImportSkip(line: 1, reason: "frame 1 has a start that is not a time in seconds since 1970: -5")
    ),
    (
      #"[[1796028900, 1796027400, "p", "i"]]"#,
      ImportSkip(line: 1, reason: "frame 1 stops before it starts (1796028900 to 1796027400)")
    ),
    (
      #"[[1796027400, 1796028900, null, "i"]]"#,
      ImportSkip(line: 1, reason: "frame 1 has a project that is not a string: null")
    ),
    (#"[[1796027400, 1796028900, "p", ""]]"#, ImportSkip(line: 1, reason: #"frame 1 has no id: """#)),
    (#"[[1796027400, 1796028900, "p", 7]]"#, ImportSkip(line: 1, reason: "frame 1 has no id: 7")),
    (
      #"[[1796027400, 1796028900, "p", "i", "tag"]]"#,
      ImportSkip(line: 1, reason: #"frame 1 has tags that are not an array of strings: "tag""#)
    ),
  ]

  @Test("each bad frame is a skip naming its line and what is wrong", arguments: bad)
  func badFrames(text: String, skip: ImportSkip) {
    let result = WatsonImport.parse(bytes(text), host: "h", zone: utc)
    #expect(result.records.isEmpty)
    #expect(result.skipped == [skip])
  }
}

@Suite("Import from the Open Pomodoro Format")
struct OpenPomodoroImportTests {
  @Test("history lines become sessions; duration in minutes, 25 by default")
  func sample() {
    let result = OpenPomodoroImport.parse(bytes(InterchangeSamples.openPomodoro), host: "h", zone: utc)
    #expect(
      result.records.map(summary) == [
        "2026-11-30T14:00:00+00:00 2026-11-30T14:25:00+00:00 openpomodoro completed [work,writing] \"Write the report\" {focus/work 1500=1500}",
        "2026-11-30T14:30:00+00:00 2026-11-30T15:00:00+00:00 openpomodoro completed [review,team] \"Read \"draft 2\"\nand reply\" {focus/work 1800=1800}",
        "2026-11-30T14:00:00+00:00 2026-11-30T14:25:00+00:00 openpomodoro completed [] - {focus/work 1500=1500}",
      ])
    #expect(result.skipped == [])
    // The key is the start instant, however its offset is written: lines 1 and 4 are one pomodoro.
    #expect(result.records[0].id == result.records[2].id)
    #expect(result.records[0].id == NameUUID.imported(tool: "openpomodoro", key: "2026-11-30T14:00:00+00:00"))
    #expect(result.records[1].id != result.records[0].id)
  }

  @Test("CRLF line ends, a byte order mark, fractional and unit durations, flags")
  func lenient() {
    let text =
      "\u{FEFF}2026-11-30T09:00:00.5+01:00 duration=22.5 done\r\n  2026-11-30T10:00:00+01:00\tduration=22m30s\r\n"
    let result = OpenPomodoroImport.parse(bytes(text), host: "h", zone: utc)
    #expect(result.skipped == [])
    #expect(result.records.map(\.phases[0].elapsedSeconds) == [1350, 1350])
    #expect(result.records[0].start == 1_796_025_600.5)
  }

  @Test("a timestamp without an offset is local time in the zone; a DST gap or overlap is a skip")
  func local() {
    let text = """
      2026-11-30T09:00:00 duration=25
      2026-03-29T02:30:00 duration=25
      2026-10-25T02:30:00 duration=25
      """
    let result = OpenPomodoroImport.parse(bytes(text), host: "h", zone: RuleZone.berlin)
    #expect(result.records.map { RFC3339.format($0.start, offset: 0) } == ["2026-11-30T08:00:00+00:00"])
    #expect(
      result.skipped == [
        ImportSkip(
          line: 2, reason: "'2026-03-29T02:30:00' does not exist in Europe/Berlin (the clocks go forward at 02:00)"),
        ImportSkip(
          line: 3,
          reason:
            "'2026-10-25T02:30:00' is ambiguous in Europe/Berlin (it happens twice; give an offset, e.g. 2026-10-25T02:30+02:00)"
        ),
      ])
  }

  static let bad: [(String, String)] = [
    ("garbage duration=25", #""garbage" is not a timestamp like 2026-11-30T09:00:00-05:00"#),
    ("2026-11-31T09:00:00Z", "'2026-11-31T09:00:00Z' names a day that does not exist"),
    (
      "2026-11-30T09:00:00Z duration=abc",
      #"the pomodoro at 2026-11-30T09:00:00Z has a duration that is not a number of minutes (more than 0, at most 1440): "abc""#
    ),
    (
      "2026-11-30T09:00:00Z duration=0",
      #"the pomodoro at 2026-11-30T09:00:00Z has a duration that is not a number of minutes (more than 0, at most 1440): "0""#
    ),
    (
      "2026-11-30T09:00:00Z duration=-5",
      #"the pomodoro at 2026-11-30T09:00:00Z has a duration that is not a number of minutes (more than 0, at most 1440): "-5""#
    ),
    (
      "2026-11-30T09:00:00Z duration=1441",
      #"the pomodoro at 2026-11-30T09:00:00Z has a duration that is not a number of minutes (more than 0, at most 1440): "1441""#
    ),
    (
      "2026-11-30T09:00:00Z duration=inf",
      #"the pomodoro at 2026-11-30T09:00:00Z has a duration that is not a number of minutes (more than 0, at most 1440): "inf""#
    ),
    (
      #"2026-11-30T09:00:00Z description="unfinished"#,
      "the pomodoro at 2026-11-30T09:00:00Z has a quoted value of description without its closing quote"
    ),
    (#"2026-11-30T09:00:00Z ="x""#, #"the pomodoro at 2026-11-30T09:00:00Z has a value without a key: "="x"""#),
    (
      #"2026-11-30T09:00:00Z description=a"b"#,
      "the pomodoro at 2026-11-30T09:00:00Z has a stray quote in the value of description"
    ),
    ("\u{1B}[2J duration=25", #""^[[2J" is not a timestamp like 2026-11-30T09:00:00-05:00"#),
  ]

  @Test("each bad line is a skip naming its line and what is wrong", arguments: bad)
  func badLines(line: String, reason: String) {
    let text = "2026-11-30T08:00:00Z\n\n" + line + "\n2026-11-30T10:00:00Z\n"
    let result = OpenPomodoroImport.parse(bytes(text), host: "h", zone: utc)
    #expect(result.records.count == 2)
    #expect(result.skipped == [ImportSkip(line: 3, reason: reason)])
  }

  @Test("an empty history is no pomodoros, and nothing wrong")
  func empty() {
    for text in ["", "\n", "\r\n  \n"] {
      let result = OpenPomodoroImport.parse(bytes(text), host: "h", zone: utc)
      #expect(result.records.isEmpty && result.skipped.isEmpty)
    }
  }

  @Test("a line that is not UTF-8 is a skip")
  func notUTF8() {
    let result = OpenPomodoroImport.parse(bytes("2026-11-30T08:00:00Z\n") + [0xFF, 0xFE, 0x0A], host: "h", zone: utc)
    #expect(result.records.count == 1)
    #expect(result.skipped == [ImportSkip(line: 2, reason: "the line is not UTF-8 text")])
  }
}

@Suite("Import sources")
struct ImportSourceTests {
  @Test("the choices, in the order help lists them")
  func choices() {
    #expect(ImportSource.allCases.map(\.rawValue) == ["pomo", "timewarrior", "watson", "openpomodoro"])
    #expect(ExportFormat.allCases.map(\.rawValue) == ["csv", "json", "ics", "timewarrior"])
  }

  @Test("no input crashes a parser", arguments: 0..<3)
  func fuzz(parser: Int) {
    var rng = SplitMix64(state: UInt64(parser) + 11)
    let alphabet = Array(#"[]{},:"0123456789TZ-+.e ntrufalsestartendtagsannotation=\"#.utf8) + [0x0A, 0xC3, 0xA9, 0xFF]
    for _ in 0..<2000 {
      let length = Int(rng.next() % 60)
      let input = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      let result: ImportResult
      switch parser {
      case 0: result = TimewarriorImport.parse(input, host: "h", zone: RuleZone.berlin)
      case 1: result = WatsonImport.parse(input, host: "h", zone: RuleZone.berlin)
      default: result = OpenPomodoroImport.parse(input, host: "h", zone: RuleZone.berlin)
      }
      #expect(result.skipped.allSatisfy { $0.line >= 1 && !$0.reason.isEmpty })
    }
  }

  @Test(
    "the format is recognized from the first characters",
    arguments: [
      (#"{"v":2,"id":"a"}"#, ImportSource.pomo),
      ("\u{FEFF}\n  [\n{\"id\":1,\"start\":\"20261201T090000Z\"}]", .timewarrior),
      ("[\n]\n", .timewarrior),
      ("[\n [\n  1796027400,", .watson),
      ("2026-11-30T09:00:00-05:00 duration=25", .openpomodoro),
      // pomo's own export --format json: an array of its records, as written or pretty-printed.
      ("[\n{\"v\":2,\"id\":\"a\",\"preset\":\"work\"}]", .pomo),
      ("\u{FEFF}[\n  {\n    \"v\": 2,\n    \"id\": \"a\"", .pomo),
      ("[{\"id\":\"a\",\"start\":\"2026-11-30T09:00:00Z\",\"phases\":[]}]", .pomo),
      ("", .pomo),
    ])
  func recognized(text: String, source: ImportSource) {
    #expect(ImportSource.recognize(Array(text.utf8)[...]) == source)
  }

  @Test("text of no known format is not recognized", arguments: ["hello", "[1, 2]", "2026/11/30 09:00", "<xml/>"])
  func unrecognized(text: String) {
    #expect(ImportSource.recognize(Array(text.utf8)[...]) == nil)
  }

  @Test("Timewarrior's intervals are named as Timewarrior names them: @1 is the newest")
  func newestIsOne() {
    let text = """
      [
      {"id":3,"start":"20261130T083000Z","end":"20261130T085500Z"},
      {"id":2,"start":"bad","end":"20261130T093000Z"},
      {"start":"20261130T100000Z"}
      ]
      """
    let result = TimewarriorImport.parse(Array(text.utf8), host: "h", zone: FixedZone())
    #expect(result.skipped.map(\.reason).map { String($0.prefix(12)) } == ["interval @2 ", "interval @1 "])
  }

  @Test("the array's elements become JSON Lines, spaces outside strings dropped, leftovers kept as damaged lines")
  func arrayLines() {
    func lines(_ text: String) -> String { String(decoding: JournalArray.lines(Array(text.utf8)), as: UTF8.self) }
    #expect(lines("[{\"a\": \"x, ]} y\"}, {\"b\":[1, {\"c\":2}]}]") == "{\"a\":\"x, ]} y\"}\n{\"b\":[1,{\"c\":2}]}\n")
    #expect(lines("[\n]\n") == "")
    #expect(lines("[{\"a\":\"\\\"]\"}]") == "{\"a\":\"\\\"]\"}\n")
    #expect(lines("[{\"a\":1}] trailing") == "{\"a\":1}\ntrailing\n")
    #expect(lines("[{\"a\":1}, {\"b\":") == "{\"a\":1}\n{\"b\":\n")
  }
}
