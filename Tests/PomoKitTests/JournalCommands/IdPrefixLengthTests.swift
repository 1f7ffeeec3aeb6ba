import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `pomo edit 5 --tag x` is refused, not taken as the one session whose id begins with 5.
@Suite("An id prefix names a session only from 4 characters")
struct IdPrefixLengthTests {
  @Test("a prefix of 1 to 3 characters is refused by every command that takes an id; 4 and last work")
  func shortPrefixRefused() throws {
    try HistoryHarness.with { h throws in
      let id = h.add("25m", "--start", "09:00")
      for command in [["edit", "--tag", "x"], ["delete"]] {
        for length in 1...3 {
          let prefix = String(id.prefix(length))
          let result = h.run([command[0], prefix] + command.dropFirst())
          #expect(result.status == 1)
          #expect(
            result.err
              == "Error: '\(prefix)' is too short to name a session: give at least 4 characters of its id (see 'pomo log'), or last\n"
          )
        }
      }
      #expect(h.run("edit", String(id.prefix(4)), "--tag", "x").status == 0)
      #expect(h.run("edit", String(id.prefix(4)).uppercased(), "--tag", "y").status == 0)
      #expect(h.run("edit", "last", "--tag", "z").status == 0)
      #expect(h.run("delete", id).status == 0)
    }
  }

  @Test("a whole id shorter than 4 characters (another tool's) still names its session")
  func wholeShortId() throws {
    try HistoryHarness.with { h in
      let phase = JournalPhase(
        name: "focus", kind: .work, round: 1, start: h.now - 3600, end: h.now - 2100, plannedSeconds: 1500,
        elapsedSeconds: 1500, completed: true)
      try h.write([
        JournalRecord(
          id: "ab", preset: "work", status: .completed, start: phase.start, end: phase.end, host: "laptop", rounds: 1,
          phases: [phase])
      ])
      #expect(h.run("edit", "ab", "--tag", "x").status == 0)
      #expect(h.run("edit", "a", "--tag", "y").status == 1)
    }
  }
}
