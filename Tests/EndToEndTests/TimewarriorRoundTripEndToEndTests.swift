import Foundation
import Testing

import PomoTestSupport

private let timew = "/usr/bin/timew"
private let hasTimew = FileManager.default.isExecutableFile(atPath: timew)

/// pomo's export into the real Timewarrior, which reads, reports and changes the intervals,
/// and their way back into pomo.
@Suite("Timewarrior both ways, with the real timew", .endToEnd)
struct TimewarriorRoundTripEndToEndTests {
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
