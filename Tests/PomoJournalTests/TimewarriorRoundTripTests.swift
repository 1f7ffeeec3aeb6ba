import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

private let timew = "/usr/bin/timew"
private let hasTimew = FileManager.default.isExecutableFile(atPath: timew)

/// Sessions go to Timewarrior and back: Timewarrior 1.4 has no `timew import`, so pomo writes
/// its data files.
@Suite("Timewarrior both ways", .endToEnd)
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

  @Test(
    "export --into puts sessions into the real Timewarrior 1.4, which reads, reports and changes them",
    .enabled(if: hasTimew, "timew is not installed: run Scripts/test-deps.sh"))
  func realTimewarrior() async throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let db = home.file("timewarrior")
    try home.write("timewarrior/timewarrior.cfg", "")
    let env = ["HOME": home.path, "LANG": "C.UTF-8", "TZ": "Europe/Berlin", "TIMEWARRIORDB": db]
    func pomo(_ words: String...) async throws -> Finished {
      let result = try await runPomo(words, environment: env)
      #expect(result.status == 0, "pomo \(words): \(result.err)")
      return result
    }
    func timewarrior(_ words: String...) async throws -> Finished {
      try await runProgram([timew] + words, environment: env)
    }
    // Timewarrior's own interval, then pomo's: tags Timewarrior's command line cannot carry,
    // a note, an untagged session, one that crosses midnight at the end of a month in Berlin
    // (Timewarrior files it under December), and one over Timewarrior's own time.
    #expect(try await timewarrior("track", "2026-11-20T10:10:00Z", "-", "2026-11-20T10:20:00Z", "mine", ":quiet").status == 0)
    _ = try await pomo("add", "25m", "--start", "2026-11-20T09:00:00Z", "--tag", "from", "--tag", "1h", "--tag", "code review",
      "--note", #"a "quoted" note"#)
    _ = try await pomo("add", "25m", "--start", "2026-11-20T11:00:00Z")
    _ = try await pomo("add", "50m", "--start", "2026-11-30T23:00:00Z", "--tag", "late")
    _ = try await pomo("add", "25m", "--start", "2026-11-20T10:00:00Z", "--allow-overlap")
    let first = try await pomo("export", "--format", "timewarrior", "--into", db)
    #expect(first.out == "added 3 intervals to Timewarrior, 0 already there, 1 left out (sharing time with another) (into \(db)/data)\n")
    #expect(first.err.contains("it shares time with 'inc 20261120T101000Z - 20261120T102000Z # mine'"))
    #expect(FileManager.default.fileExists(atPath: db + "/data/2026-12.data"))
    let again = try await pomo("export", "--format", "timewarrior", "--into", db)
    #expect(again.out.hasPrefix("added 0 intervals to Timewarrior, 3 already there"))

    let exported = try await timewarrior("export")
    #expect(exported.status == 0, "\(exported.err)")
    let intervals = try JSONSerialization.jsonObject(with: Data(exported.out.utf8)) as! [[String: Any]]
    #expect(intervals.map { $0["start"] as! String } == [
      "20261120T090000Z", "20261120T101000Z", "20261120T110000Z", "20261130T230000Z",
    ])
    #expect(intervals.map { ($0["tags"] as? [String]) ?? [] } == [["1h", "code review", "from"], ["mine"], ["25m"], ["late"]])
    #expect(intervals[0]["annotation"] as? String == #"a "quoted" note"#)
    let summary = try await timewarrior("summary", "2026-11-20", "-", "2026-11-21", "code review")
    #expect(summary.status == 0 && summary.out.contains("0:25:00"), "\(summary.out)\(summary.err)")
    // Timewarrior can change what pomo wrote, as its own: it looks for the very line it would
    // write, in the file of the local month (this one started on 1 December in Berlin).
    #expect(try await timewarrior("delete", "@1", ":quiet").status == 0)
    #expect(try await timewarrior("track", "2026-11-21T09:00:00Z", "-", "2026-11-21T09:25:00Z", "next", ":quiet").status == 0)
    let after = try JSONSerialization.jsonObject(with: Data(try await timewarrior("export").out.utf8)) as! [[String: Any]]
    #expect(after.count == 4)
    #expect(!after.contains { $0["start"] as? String == "20261130T230000Z" })

    // And back into pomo: what Timewarrior exports imports without --from.
    let file = try home.write("timew.json", try await timewarrior("export").out)
    let imported = try await runPomo(["import", file], environment: env)
    #expect(imported.status == 0, "\(imported.err)")
    // Three share time with pomo's own sessions (two are those sessions again, as Timewarrior's);
    // the one tracked on 21 November shares none.
    #expect(imported.out.hasPrefix("imported 4 sessions, 0 already present, 0 skipped, 3 sharing time"), "\(imported.out)")
  }
}
