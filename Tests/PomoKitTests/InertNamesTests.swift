import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoKit
@testable import PomoPlatform
@testable import PomoReport
@testable import PomoTerminal

/// Names from files (presets, phases, tags, notes) shown in every table, log and error: inert,
/// and the tables keep their columns however wide the names.
@Suite("Names from files are inert in every table")
struct InertNamesTests {
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
          Self.hostileRecord.replacingOccurrences(
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
