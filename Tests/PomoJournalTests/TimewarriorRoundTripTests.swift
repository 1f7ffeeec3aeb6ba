import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

private let timew = "/usr/bin/timew"
private let hasTimew = FileManager.default.isExecutableFile(atPath: timew)

/// Sessions go to Timewarrior and back: Timewarrior 1.4 has no `timew import`, so pomo writes
/// its data files.
@Suite("Timewarrior both ways")
struct TimewarriorRoundTripTests {
  static let now = 1_796_126_400.0

  static func session(
    _ id: String, _ start: Double, minutes: Double, preset: String = "work", tags: [String] = [], note: String? = nil
  ) -> JournalRecord {
    let end = start + minutes * 60
    let phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: end, plannedSeconds: minutes * 60,
      elapsedSeconds: minutes * 60, completed: true)
    return JournalRecord(
      id: id, preset: preset, status: .completed, start: start, end: end, tags: tags, note: note, host: "laptop",
      rounds: 1, phases: [phase])
  }

  @Test("an untagged session exports with its preset's name as a tag")
  func untaggedCarriesPreset() {
    let text = TimewarriorExport.render([Self.session("a", Self.now - 7200, minutes: 25)])
    #expect(text == "[\n{\"id\":1,\"start\":\"20261201T100000Z\",\"end\":\"20261201T102500Z\",\"tags\":[\"work\"]}\n]\n")
  }

  @Test("the export leaves time away and pauses out of its intervals, so they add up to the report's focus")
  func exportLeavesOutAwayAndPauses() {
    let start = Self.now - 7200
    // 25 minutes of wall time: away (not kept) from 5 to 10, away kept from 15 to 16, and a
    // pause of 2 minutes somewhere: 25 - 5 - 2 = 18 minutes of focus.
    var phase = JournalPhase(
      name: "focus", kind: .work, round: 1, start: start, end: start + 1500, plannedSeconds: 1500,
      elapsedSeconds: 1380, completed: true)
    phase.pausedSeconds = 120
    phase.away = [
      JournalAway(start: start + 300, end: start + 600, cause: "lock"),
      JournalAway(start: start + 900, end: start + 960, cause: "idle", kept: true),
    ]
    let record = JournalRecord(
      id: "a", preset: "work", status: .completed, start: start, end: start + 1500, tags: [], note: nil,
      host: "laptop", rounds: 1, phases: [phase])
    #expect(record.focusSeconds == 1080)
    let intervals = TimewarriorData.intervals([record])
    #expect(intervals.map { [$0.start - start, $0.end - start] } == [[0, 300], [600, 1380]])
    #expect(intervals.reduce(0) { $0 + $1.end - $1.start } == record.focusSeconds)
  }

  @Test("a data line is written as Timewarrior writes it: tags sorted, quoted when they hold an operator")
  func dataLine() {
    let record = Self.session(
      "a", Self.now - 7200, minutes: 25, tags: ["from", "2026-12-01", #"a "q" \b"#, "1h", "from"], note: "line\nend")
    #expect(
      TimewarriorData.intervals([record]).map(\.line) == [
        #"inc 20261201T100000Z - 20261201T102500Z # 1h "2026-12-01" "a \"q\" \\b" from # "line end""#
      ])
    let noted = TimewarriorData.Interval(start: 0, end: 60, tags: [], annotation: "n", session: record)
    #expect(noted.line == #"inc 19700101T000000Z - 19700101T000100Z # # "n""#)
  }

  @Test("merging keeps the file sorted, adds nothing twice and leaves out what overlaps")
  func merge() {
    let existing = "inc 20261201T103000Z - 20261201T104000Z # mine\n"
    let intervals = TimewarriorData.intervals([
      Self.session("b", Self.now - 3600, minutes: 25), Self.session("a", Self.now - 7200, minutes: 25),
      Self.session("c", Self.now - 5400, minutes: 25),
    ])
    let merged = TimewarriorData.merge(existing, intervals, now: Self.now)
    #expect(merged.added.map(\.session.id) == ["a", "b"])
    #expect(merged.overlapping.map(\.interval.session.id) == ["c"])
    #expect(
      merged.text == """
        inc 20261201T100000Z - 20261201T102500Z # work
        inc 20261201T103000Z - 20261201T104000Z # mine
        inc 20261201T110000Z - 20261201T112500Z # work

        """)
    let again = TimewarriorData.merge(merged.text, intervals, now: Self.now)
    #expect(again.added.isEmpty && again.present.count == 2 && again.text == merged.text)
  }

}
