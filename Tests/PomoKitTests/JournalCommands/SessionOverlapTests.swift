import PomoKitTestSupport
import PomoTestSupport
import Testing

/// Two sessions over the same minutes: add and edit refuse them unless --allow-overlap (so no
/// focus is counted twice), and import brings them in and names them.
@Suite("Sessions that share time")
struct SessionOverlapTests {
  /// Runs `body` on a journal that holds one session, 25 minutes from 09:00 on Tuesday
  /// 2026-12-01, with that session's id: the one each test tries to overlap.
  private func withSessionAtNine(_ body: (inout HistoryHarness, String) throws -> Void) throws {
    try HistoryHarness.with { h in
      let id = h.add("25m", "--start", "09:00")
      try body(&h, id)
    }
  }

  @Test("add refuses a session that overlaps another, naming it, unless --allow-overlap")
  func addRefusesOverlap() throws {
    try withSessionAtNine { h, id in
      let second = h.run("add", "25m", "--start", "09:10")
      #expect(second.status == 1)
      #expect(
        second.err
          == "Error: the session would share time with \(id) (25m, 2026-12-01 09:00 to 09:25); give --allow-overlap to record it anyway\n"
      )
      // A preset whose later rounds reach the other session is refused too.
      #expect(h.run("add", "work", "--start", "08:00").status == 1)
      // Touching is not sharing.
      #expect(h.run("add", "25m", "--start", "09:25").status == 0)
      #expect(h.run("add", "25m", "--start", "08:35").status == 0)
      let forced = h.run("add", "25m", "--start", "09:10", "--allow-overlap")
      #expect(forced.status == 0, "\(forced.err)")
      let today = try h.report("--today")
      #expect(focusTotal(today) == 4 * 1500)
    }
  }

  @Test("edit refuses to move a session onto another, unless --allow-overlap; other edits go ahead")
  func editRefusesOverlap() throws {
    try withSessionAtNine { h, id throws in
      #expect(h.run("add", "25m", "--start", "10:00").status == 0)
      let moved = h.run("edit", "last", "--start", "09:20")
      #expect(moved.status == 1)
      #expect(moved.err.hasPrefix("Error: the session would share time with \(id) (25m, 2026-12-01 09:00 to 09:25)"))
      let stretched = h.run("edit", id, "--end", "10:05")
      #expect(stretched.status == 1)
      #expect(h.run("edit", "last", "--tag", "x").status == 0)
      #expect(h.run("edit", "last", "--start", "09:20", "--allow-overlap").status == 0)
    }
  }

  @Test("import counts and names the sessions that share time with others, and imports them")
  func importCountsOverlaps() throws {
    try withSessionAtNine { h, id in
      let file = try h.home.write(
        "timew.json",
        """
        [
        {"id":3,"start":"20261201T091000Z","end":"20261201T093000Z","tags":["a"]},
        {"id":2,"start":"20261201T100000Z","end":"20261201T102000Z","tags":["b"]},
        {"id":1,"start":"20261201T101000Z","end":"20261201T103000Z","tags":["c"]}
        ]
        """)
      let result = h.run("import", file)
      #expect(result.status == 0, "\(result.err)")
      #expect(
        result.out
          == "imported 3 sessions, 0 already present, 0 skipped, 3 sharing time with another (into \(h.journalPath))\n")
      let warnings = result.err.split(separator: "\n")
      #expect(warnings.count == 3)
      #expect(warnings[0].hasSuffix("shares time with \(id) (25m, 2026-12-01 09:00 to 09:25)"))
    }
  }
}
