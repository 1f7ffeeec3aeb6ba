import Foundation
import Testing

@testable import PomoKit
@testable import PomoReport
@testable import PomoJournal
@testable import PomoTerminal
@testable import PomoCore
@testable import PomoPlatform
import PomoTestSupport

@Suite("Text from files is inert")
struct InertTextTests {
  @Test(
    "control characters and escape sequences are shown in caret notation",
    arguments: [
      ("\u{1B}[2J", "^[[2J"),
      ("\u{1B}]0;title\u{07}", "^[]0;title^G"),
      ("a\u{0}b", "a^@b"),
      ("tab\there", "tab^Ihere"),
      ("two\nlines\r", "two^Jlines^M"),
      ("del\u{7F}", "del^?"),
      ("\u{9B}31m", "^[[31m"),
      ("\u{85}\u{9F}", "^[E^[_"),
      ("plain café 集中 🍅", "plain café 集中 🍅"),
    ])
  func inert(input: String, expected: String) {
    #expect(TextLayout.inert(input) == expected)
    #expect(!TextLayout.inert(input).unicodeScalars.contains(where: TextLayout.isControl))
  }

  @Test("cutting never splits an escape sequence: the cut comes after making it inert", arguments: Array(1...20))
  func truncation(width: Int) {
    let cut = TextLayout.truncate("ab\u{1B}[2Jcd\u{1B}]0;x\u{07}", width, unicode: true)
    #expect(!cut.unicodeScalars.contains(where: TextLayout.isControl))
    #expect(oracleWidth(cut) <= width)
    #expect("ab^[[2Jcd^[]0;x^G".hasPrefix(cut.hasSuffix("…") ? String(cut.dropLast()) : cut))
  }

  /// A journal line with hostile text in every string a person sees.
  static let hostileRecord =
    #"{"v":1,"id":"evil","preset":"p\u001b[2J","status":"completed","start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","tags":["t\u001b]0;owned\u0007","\u009b31m"],"note":"\u001b[H\u001b[2J","rounds":1,"phases":[{"name":"f\u001b[2J","kind":"work","round":1,"start":"2026-11-24T08:00:00Z","end":"2026-11-24T08:25:00Z","planned_seconds":1500,"elapsed_seconds":1500,"completed":true}]}"#

  @Test("the log table shows preset and tags inert")
  func logTable() throws {
    let record = try JournalRecord(line: Array(Self.hostileRecord.utf8))
    let text = LogText.render([record], width: 100, unicode: true, offset: { _ in 0 })
    #expect(!text.unicodeScalars.contains { TextLayout.isControl($0) && $0 != "\n" })
    #expect(text.contains("p^[[2J"))
    // Tags with control characters are quoted (TagList), so they never read as tags holding carets.
    #expect(text.contains("\"t^[]0;owned^G\",\"^[[31m\""))
  }

  @Test("log --json: control characters stay \\u escapes, even when the file has them raw")
  func logJSON() throws {
    let raw = "{\"id\":\"a\",\"note\":\"x\u{1B}[2J\u{9B}1m\u{7F}\",\"tags\":[\"\\u001b\"],\t\"n\":1}"
    let text = JSONOutput.inertLine(Array(raw.utf8))
    #expect(text == #"{"id":"a","note":"x\u001b[2J\u009b1m\u007f","tags":["\u001b"],"# + "\t" + #""n":1}"#)
    let parsed = try JSONParser.parse(Array(text.utf8))
    #expect(parsed["note"]?.stringValue == "x\u{1B}[2J\u{9B}1m\u{7F}")
  }

  @Test("JSON output escapes C0, DEL and C1 controls")
  func jsonOutput() {
    #expect(JSONOutput.string("a\u{1B}b\u{7F}\u{9B}\u{85}é").text == #""a\u001bb\u007f\u009b\u0085é""#)
  }

  @Test("the report shows preset and tag names inert")
  func report() throws {
    let record = try JournalRecord(line: Array(Self.hostileRecord.utf8))
    let calendar = LocalCalendar(zone: FixedZone())
    let day = LocalCalendar.parseDate("2026-11-24")!
    var builder = ReportBuilder(range: ReportRange(kind: .day, days: day...day), calendar: calendar)
    builder.add(record)
    let text = ReportText.render(builder.build(today: day), width: 80, style: .plain)
    #expect(!text.unicodeScalars.contains { TextLayout.isControl($0) && $0 != "\n" })
    #expect(text.contains("p^[[2J"))
    #expect(text.contains("t^[]0;owned^G"))
    #expect(text.contains("^[[31m"))
  }

  @Test("status, plan, preset list, plain log and errors show names inert", arguments: hostileNames)
  func everywhere(name: String) throws {
    let preset = Preset(
      name: "n" + name, description: "d" + name, round: [phase(name, .work, 60), phase("r" + name, .rest, 30)],
      rounds: 2)
    let plan = Plan(preset: preset)
    func isInert(_ text: String, _ place: String) {
      #expect(
        !text.unicodeScalars.contains { TextLayout.isControl($0) && $0 != "\n" }, "\(place): \(text.debugDescription)")
    }
    isInert(PlanText.render(plan, width: 80, unicode: true), "plan")
    isInert(PresetListText.render([preset], width: 80, home: "/home/me", unicode: true), "presets")
    isInert(PresetListText.render([preset], width: 50, home: "/home/me", unicode: true), "presets, narrow")

    let clock = FakeClock()
    var engine = SessionEngine(plan: plan, clock: clock.clock)
    let out = TextBuffer()
    let log = PlainLog(output: out, width: 80, unicode: true, clockTime: { _ in "10:00:00" })
    log.sessionDidUpdate(engine, events: engine.start())
    clock.advance(.seconds(10))
    log.sessionDidUpdate(engine, events: engine.skip())
    clock.advance(.seconds(40))
    log.sessionDidUpdate(engine, events: engine.tick())
    log.sessionDidUpdate(engine, events: engine.quit())
    isInert(out.text, "plain log")
    #expect(out.text.contains(TextLayout.inert(name)))

    let err = TextBuffer()
    Pomo.report(
      .data("preset 'x': phase \"\(name)\" is bad"), context: Context(environment: [:], output: out, errors: err))
    isInert(err.text, "error")
    #expect(err.text.split(separator: "\n").count == 1)
  }
}

@Suite("Width is measured in terminal columns")
struct TextWidthTests {
  @Test(
    "wide characters take two columns, combining and zero-width ones none",
    arguments: [
      ("abc", 3), ("集中", 4), ("ｶﾀｶﾅ", 4), ("ＡＢ", 4), ("한국", 4), ("\u{1112}\u{1161}\u{11AB}", 2),
      ("e\u{301}", 1), ("a\u{200B}b", 2), ("🍅", 2), ("❤\u{FE0F}", 2), ("❤", 1), ("👍🏽", 4), ("\u{1B}[1m", 5),
      ("\u{20000}", 2), ("", 0),
    ])
  func widths(text: String, columns: Int) {
    #expect(TextLayout.width(text) == columns)
  }

  @Test(
    "padding and cutting count columns",
    arguments: [
      ("集中作業", 5, "集中…"), ("集中作業", 8, "集中作業"), ("集中作業", 7, "集中作…"), ("🍅🍅🍅", 4, "🍅…"),
      ("e\u{301}e\u{301}e\u{301}", 3, "e\u{301}e\u{301}e\u{301}"), ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
      ("集", 1, "…"),
    ])
  func cutting(text: String, columns: Int, expected: String) {
    #expect(TextLayout.truncate(text, columns, unicode: true) == expected)
    #expect(TextLayout.width(TextLayout.padRight(text, 10)) == max(10, TextLayout.width(text)))
    #expect(TextLayout.width(TextLayout.padLeft(text, 10)) == max(10, TextLayout.width(text)))
  }

  func snapshot(_ name: String, paused: Bool = false) -> SessionSnapshot {
    SessionSnapshot(
      phase: PlannedPhase(index: 0, name: name, kind: .work, duration: .seconds(1500), round: 2, offset: .zero),
      phaseCount: 7, rounds: 4, remaining: .seconds(1499), length: .seconds(1500), paused: paused,
      sessionFraction: 0.1)
  }

  @Test("the live line never reaches the last column, at widths 1 to 200", arguments: hostileNames + ["focus", ""])
  func liveLine(name: String) {
    for width in 1...200 {
      for style in [DisplayStyle(unicode: true, color: true), .plain] {
        for paused in [false, true] {
          let text = StatusLine.render(snapshot(name, paused: paused), width: width, style: style).text
          let visible = ANSIText.strip(text)
          #expect(oracleWidth(visible) <= width - 1, "width \(width): \(visible.debugDescription)")
          #expect(!visible.unicodeScalars.contains(where: TextLayout.isControl))
        }
      }
    }
  }

  @Test("a 24-character CJK phase name fits at 80 columns, with the rest of the line")
  func cjkAt80() {
    let style = DisplayStyle(unicode: true, color: false)
    let text = StatusLine.render(snapshot(hostileNames[5]), width: 80, style: style).text
    #expect(oracleWidth(text) <= 79)
    #expect(text.hasPrefix("WORK  集中作業時間集中作業時…  "))
    #expect(text.hasSuffix("0%  24:59  round 2/4  session 10%"))
  }

  @Test("everything the live display draws fits, at widths 1 to 120", arguments: hostileNames)
  func liveDisplay(name: String) {
    for width in 1...120 {
      let preset = Preset(name: name, round: [phase(name, .work, 60), phase(name, .rest, 30)], rounds: 2)
      let clock = FakeClock()
      var engine = SessionEngine(plan: Plan(preset: preset), clock: clock.clock)
      let out = TextBuffer()
      let display = LiveDisplay(
        output: out, width: width, style: DisplayStyle(unicode: true, color: true), keyHint: true,
        clockTime: { _ in "10:00:00" })
      display.sessionDidUpdate(engine, events: engine.start())
      clock.advance(.seconds(10))
      display.sessionDidUpdate(engine, events: engine.tick())
      display.sessionDidUpdate(engine, events: engine.skip())
      clock.advance(.seconds(5))
      display.sessionDidUpdate(engine, events: engine.tick())
      // The summary is printed once, under the last line, and may wrap; everything above it may not.
      let drawn = out.text.components(separatedBy: "\r\u{1B}[K").dropLast().joined()
      for line in drawnLines(drawn) {
        #expect(oracleWidth(line) <= max(0, width - 1), "width \(width): \(line.debugDescription)")
        #expect(!line.unicodeScalars.contains(where: TextLayout.isControl))
      }
    }
  }

  /// The column where a row's `n`th space-separated cell (from 0) ends.
  func end(ofCell n: Int, in row: String) -> Int {
    let start = column(ofCell: n, in: row)
    var used = 0
    var prefix = ""
    for c in row {
      if used >= start && c == " " { break }
      prefix.append(c)
      used = oracleWidth(prefix)
    }
    return oracleWidth(prefix)
  }

  /// The column where a row's `n`th space-separated cell (from 0) starts.
  func column(ofCell n: Int, in row: String) -> Int {
    var cells = 0
    var inCell = false
    var prefix = ""
    for c in row {
      if c != " " && !inCell {
        if cells == n { break }
        cells += 1
      }
      inCell = c != " "
      prefix.append(c)
    }
    return oracleWidth(prefix)
  }

  @Test("the preset, log and report tables keep their columns with wide names")
  func tables() throws {
    let presets = [
      Preset(name: "集中", round: [phase("x", .work, 60)]), Preset(name: "ab", round: [phase("x", .work, 1)]),
      Preset(name: "e\u{301}\u{1B}", round: [phase("x", .work, 1)]),
    ]
    let list = PresetListText.render(presets, width: 80, home: "/", unicode: true).split(separator: "\n")
      .map(String.init)
    #expect(Set(list.map { end(ofCell: 1, in: $0) }).count == 1, "\(list)")

    let records = try ["集中作業", "ab", "🍅"].enumerated().map { i, name in
      try JournalRecord(
        line: Array(
          InertTextTests.hostileRecord.replacingOccurrences(
            of: #""preset":"p\u001b[2J""#, with: "\"preset\":\"\(name)\""
          )
          .replacingOccurrences(of: "evil", with: "id\(i)").utf8))
    }
    let log = LogText.render(records, width: 100, unicode: true, offset: { _ in 0 }).split(separator: "\n")
      .map(String.init)
    // The table, not the notes under it.
    let table = log.prefix { $0 != "Notes:" }
    #expect(table.count == 4)
    #expect(Set(table.map { column(ofCell: 3, in: $0) }).count == 1, "\(log)")

    let day = LocalCalendar.parseDate("2026-11-24")!
    var builder = ReportBuilder(
      range: ReportRange(kind: .day, days: day...day), calendar: LocalCalendar(zone: FixedZone()))
    for record in records { builder.add(record) }
    let report = ReportText.render(builder.build(today: day), width: 80, style: .plain).split(
      separator: "\n", omittingEmptySubsequences: false)
    let groups = report.drop { !$0.hasPrefix("PRESET") }.prefix { !$0.isEmpty }.map(String.init)
    #expect(groups.count == 4)
    #expect(Set(groups.map { end(ofCell: 2, in: $0) }).count == 1, "\(groups)")
  }
}
