import Foundation
import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal
@testable import PomoPlatform

@Suite("Correcting history")
struct HistoryCommandTests {
  // Tuesday 2026-12-01 12:00 UTC.
  static let now = 1_796_126_400.0

  @Test("add lays a preset out from --start; --end cuts it short and records it interrupted")
  func add() throws {
    try HistoryHarness.with(now: Self.now) { h in
      let full = h.run("add", "work", "--start", "2026-12-01T08:00:00Z", "--tag", "thesis")
      #expect(full.status == 0, "\(full.err)")
      #expect(full.out.contains("work    completed  1:40:00  thesis"), "\(full.out)")
      let cut = h.run("add", "work", "--start", "-3h", "--end", "-2h10m", "--note", "cut", "--allow-overlap")
      #expect(cut.status == 0, "\(cut.err)")
      let records = try journalRecords(h.journalPath)
      try #require(records.count == 2)
      #expect(records[0].status == .completed)
      #expect(records[0].added == Self.now)
      #expect(records[0].tags == ["thesis"])
      #expect(records[1].status == .interrupted)
      #expect(records[1].start == Self.now - 3 * 3600)
      #expect(records[1].end == Self.now - 2 * 3600 - 600)
      #expect(records[1].note == "cut")
      // 25 focus + 5 break + 20 of the next focus = 50 minutes.
      #expect(records[1].phases.count == 3)
      #expect(records[1].phases.last?.completed == false)
      #expect(records[1].focusSeconds == 2700)
      let forced = h.run("add", "25m", "--start", "-1h", "--end", "-50m", "--status", "completed")
      #expect(forced.status == 0)
      #expect(forced.out.contains("25m     completed  10:00"))
      #expect(h.run("add", "work", "--start", "+1h").status == 64)
      // A record is of what happened: a plan still running now is refused, as is an end to come.
      #expect(h.run("add", "work", "--start", "-30m").err.hasPrefix("Error: the session would end in the future"))
      #expect(h.run("edit", "last", "--end", "2026-12-01T13:00:00Z").status == 64)
      #expect(h.run("add", "work").err.contains("missing '--start'"))
      #expect(h.run("add", "work", "--start", "-1h", "--end", "-2h").err.contains("'--end' must come after '--start'"))
      #expect(h.run("add", "nosuch", "--start", "-1h").status == 64)
    }
  }

  @Test("edit changes tags and note, and each command prints the session as it now stands")
  func editTags() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([focusSession("3f2a1b4c-0000-4000-8000-000000000001", start: Self.now - 7200, tags: ["misc", "a"])])
      h.now += 60
      let edited = h.run("edit", "3f2a", "--tag", "thesis", "--untag", "misc", "--note", "chapter 3")
      #expect(edited.status == 0, "\(edited.err)")
      #expect(
        edited.out == """
          Edited 3f2a1b4c ('pomo undo' takes it back):
          ID        DATE        START  PRESET  STATUS     FOCUS  TAGS
          3f2a1b4c  2026-12-01  10:00  work    completed  25:00  a,thesis

          Notes:
          3f2a1b4c  chapter 3

          """)
      let lines = try #require(h.home.read(journalFile(h.home.path, host: "laptop"))).split(separator: "\n")
      #expect(lines.count == 2)
      #expect(lines[1].contains(#""kind":"amend""#))
      #expect(lines[1].contains(#""set":{"tags":["a","thesis"],"note":"chapter 3"}"#))
      let log = h.run("log", "--json")
      #expect(log.out.contains(#""note":"chapter 3""#))
      #expect(h.run("edit", "last").status == 64)
    }
  }

  @Test("an unknown or ambiguous id is an error that lists the candidates; last is the latest")
  func ids() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([
        focusSession("abcd1111-0000-4000-8000-000000000001", start: Self.now - 9000),
        focusSession("abcd2222-0000-4000-8000-000000000002", start: Self.now - 5000),
        focusSession("ffff0000-0000-4000-8000-000000000003", start: Self.now - 20000),
      ])
      let ambiguous = h.run("delete", "abcd")
      #expect(ambiguous.status == 1)
      #expect(
        ambiguous.err
          == "Error: 'abcd' matches 2 sessions: abcd2222 (work), abcd1111 (work); give more of the id\n")
      #expect(h.run("delete", "0123").err == "Error: no session has an id starting with '0123' (see 'pomo log')\n")
      let last = h.run("delete", "last")
      #expect(last.status == 0)
      #expect(last.out.hasPrefix("Deleted abcd2222"))
      // Now the prefix is unique, and the deleted one says so.
      #expect(h.run("edit", "abcd", "--tag", "x").status == 0)
      #expect(h.run("edit", "abcd2", "--tag", "x").err.contains("was deleted"))
    }
  }

  @Test("a session moved into another week shows in that week's report and leaves the old one")
  func moveAcrossWeeks() throws {
    try HistoryHarness.with(now: Self.now) { h in
      // Three hundred sessions over the year before, so the index has many chunks and reads few.
      var records: [JournalRecord] = []
      for k in 0..<300 {
        records.append(
          focusSession(
            String(format: "%08x-0000-4000-8000-000000000000", k), start: Self.now - 86_400 * Double(300 - k) - 7200))
      }
      try h.write(records)
      // The first, on 2026-02-04, belongs in the current week.
      let before = try h.report("--from", "2026-02-04", "--to", "2026-02-04")
      #expect(focusTotal(before) == 1500)
      let thisWeek = try h.report()
      #expect(focusTotal(thisWeek) == 1500)  // yesterday's
      h.now += 10
      let moved = h.run("edit", "00000000", "--start", "2026-12-01T09:00:00Z")
      #expect(moved.status == 0, "\(moved.err)")
      #expect(focusTotal(try h.report("--from", "2026-02-04", "--to", "2026-02-04")) == 0)
      #expect(focusTotal(try h.report()) == 3000)
      // The log puts it where it now starts.
      #expect(h.run("log", "-n", "1").out.contains("00000000  2026-12-01  09:00"))
      // Undo moves it back, and the reports follow.
      h.now += 10
      #expect(h.run("undo").status == 0)
      #expect(focusTotal(try h.report()) == 1500)
      #expect(focusTotal(try h.report("--from", "2026-02-04", "--to", "2026-02-04")) == 1500)
    }
  }

  @Test("moving the end shortens or lengthens the last phase")
  func moveEnd() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([focusSession("e0000000-0000-4000-8000-000000000001", start: Self.now - 7200)])
      h.now += 1
      #expect(h.run("edit", "e000", "--end", "2026-12-01T10:10:00Z").status == 0)
      #expect(focusTotal(try h.report("--today")) == 600)
      h.now += 1
      #expect(h.run("edit", "e000", "--end", "2026-12-01T11:00:00Z").status == 0)
      #expect(focusTotal(try h.report("--today")) == 3600)
      #expect(h.run("edit", "e000", "--end", "2026-12-01T09:00:00Z").err.contains("'--end' must come after"))
    }
  }

  @Test("delete and undo: undo takes back the latest correction, then the one before")
  func undoStack() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([focusSession("d0000000-0000-4000-8000-000000000001", start: Self.now - 7200, tags: ["a"])])
      h.now += 1
      #expect(h.run("edit", "d000", "--tag", "b").status == 0)
      h.now += 1
      #expect(h.run("delete", "d000").status == 0)
      #expect(focusTotal(try h.report("--today")) == 0)
      #expect(h.run("log").out.contains("No sessions"))
      h.now += 1
      let first = h.run("undo")
      #expect(first.out.hasPrefix("Undid the deletion of d0000000:"))
      #expect(first.out.contains("a,b"))
      h.now += 1
      let second = h.run("undo")
      #expect(second.out.hasPrefix("Undid the edit of d0000000:"))
      #expect(!second.out.contains("a,b"))
      h.now += 1
      let none = h.run("undo")
      #expect(none.status == 1)
      #expect(none.err == "Error: nothing to undo: no add, edit or delete is left to take back\n")
      // An added session is taken out by undo.
      h.now += 1
      #expect(h.run("add", "25m", "--start", "-30m").status == 0)
      h.now += 1
      #expect(h.run("undo").out.contains("no longer recorded"))
      #expect(focusTotal(try h.report("--today")) == 1500)
    }
  }

  @Test("the streak follows deletions and moves")
  func streak() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([
        focusSession("a0000000-0000-4000-8000-000000000001", start: Self.now - 86_400 * 2),
        focusSession("b0000000-0000-4000-8000-000000000002", start: Self.now - 86_400),
        focusSession("c0000000-0000-4000-8000-000000000003", start: Self.now - 3600),
      ])
      #expect(try h.report()["streak_days"] as? Int == 3)
      h.now += 1
      #expect(h.run("delete", "b000").status == 0)
      #expect(try h.report()["streak_days"] as? Int == 1)
      h.now += 1
      #expect(h.run("edit", "a000", "--start", "2026-11-30T08:00:00Z").status == 0)
      #expect(try h.report()["streak_days"] as? Int == 2)
      h.now += 1
      #expect(h.run("edit", "c000", "--status", "interrupted").status == 0)
      #expect(try h.report()["streak_days"] as? Int == 1)
    }
  }

  @Test("the streak remembered grows with sessions added at either end, and a gap filled joins two runs")
  func streakGrows() throws {
    try HistoryHarness.with(now: Self.now) { h in
      let day = 86_400.0
      // Completed sessions 2 and 1 days ago, and 5 to 4 days ago: a run of 2 ending yesterday.
      try h.write([4, 5, 2, 1].map { focusSession("s\(Int($0))", start: Self.now - $0 * day) })
      #expect(try h.report()["streak_days"] as? Int == 2)
      func append(_ id: String, daysAgo: Double) throws {
        try Platform.appendLine(
          focusSession(id, start: Self.now - daysAgo * day - 7200).json(offset: { _ in 0 }).text, to: h.journalPath)
      }
      try append("today", daysAgo: 0)
      #expect(try h.report()["streak_days"] as? Int == 3, "today joins the run remembered")
      try append("gap", daysAgo: 3)
      #expect(try h.report()["streak_days"] as? Int == 6, "the day between joins the two runs")
      try append("older", daysAgo: 7)
      #expect(try h.report()["streak_days"] as? Int == 6, "a day apart from the run changes nothing")
      try append("six", daysAgo: 6)
      #expect(try h.report()["streak_days"] as? Int == 8)
    }
  }

  @Test("a reader skips a line of a kind it does not know, with a warning naming it")
  func unknownKind() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([focusSession("a0000000-0000-4000-8000-000000000001", start: Self.now - 3600)])
      try Platform.appendLine(
        #"{"v":3,"kind":"merge","id":"m1","target":"a0000000","at":"2026-12-01T11:00:00Z"}"#, to: h.journalPath)
      let log = h.run("log")
      #expect(log.status == 0)
      #expect(log.out.contains("a0000000"))
      #expect(
        log.err
          == "pomo: warning: \(h.journalPath):2: skipped a damaged line: a record of kind \"merge\" that this pomo does not know (made by a newer pomo?)\n"
      )
    }
  }
}

@Suite("Import and export commands")
struct InterchangeCommandTests {
  static let now = 1_796_126_400.0  // 2026-12-01T12:00:00Z

  @Test(
    "import from each tool: counts, a named skip, and a second import adds nothing",
    arguments: [
      ("timewarrior", InterchangeSamples.timewarrior, 3, 0, 1),
      ("watson", InterchangeSamples.watson, 3, 0, 0),
      // Its 14:00Z line starts at the same instant as its first (09:00-05:00): the same session.
      ("openpomodoro", InterchangeSamples.openPomodoro, 2, 1, 0),
    ])
  func importFrom(tool: String, sample: String, sessions: Int, repeated: Int, skipped: Int) throws {
    try HistoryHarness.with(now: Self.now) { h in
      let file = try h.home.write("source", sample)
      let first = h.run("import", "--from", tool, file)
      #expect(first.status == 0, "\(first.err)")
      #expect(
        first.out
          == "imported \(sessions) sessions, \(repeated) already present, \(skipped) skipped (into \(h.journalPath))\n")
      #expect(first.err.split(separator: "\n").count == skipped)
      if tool == "timewarrior" {
        #expect(
          first.err == "pomo: warning: \(file): skipped line 5: interval @1 is still open (it has no end)\n")
      }
      let again = h.run("import", "--from", tool, file)
      #expect(
        again.out
          == "imported 0 sessions, \(sessions + repeated) already present, \(skipped) skipped (into \(h.journalPath))\n")
      #expect(try journalRecords(h.journalPath).count == sessions)
      #expect(try journalRecords(h.journalPath).allSatisfy { $0.preset == tool && $0.status == .completed })
    }
  }

  @Test("export shows sessions as they now stand: a deleted one is gone, an edited one changed")
  func exportFolded() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([
        focusSession("a0000000-0000-4000-8000-000000000001", start: Self.now - 7200, tags: ["x"]),
        focusSession("b0000000-0000-4000-8000-000000000002", start: Self.now - 3600),
      ])
      h.now += 1
      #expect(h.run("delete", "a000").status == 0)
      h.now += 1
      #expect(h.run("edit", "b000", "--tag", "semi;colon", "--note", "said \"hi\", left").status == 0)
      let csv = h.run("export", "--format", "csv")
      #expect(csv.status == 0)
      #expect(
        csv.out
          == "id,start,end,preset,status,focus_seconds,rest_seconds,paused_seconds,tags,note\r\n"
          + "b0000000-0000-4000-8000-000000000002,2026-12-01T11:00:00+00:00,2026-12-01T11:25:00+00:00,work,completed,1500,0,0,semi\\;colon,\"said \"\"hi\"\", left\"\r\n"
      )
      let json = h.run("export", "--today")
      let array = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]]
      #expect(array?.map { $0["id"] as? String } == ["b0000000-0000-4000-8000-000000000002"])
      #expect(h.run("export", "--week", "last").out == "[]\n")
      // The Timewarrior shape goes back in as the same focus interval.
      let timew = try h.home.write("timew.json", h.run("export", "--format", "timewarrior").out)
      var other = h
      other.now += 1
      let target = h.home.file("other.jsonl")
      #expect(other.run("import", "--from", "timewarrior", timew, "--journal", target).status == 0)
      let back = try journalRecords(target)
      #expect(back.map(\.start) == [Self.now - 3600])
      #expect(back.map(\.end) == [Self.now - 3600 + 1500])
      #expect(back.map(\.tags) == [["semi;colon"]])
    }
  }
}
