import PomoJournalTestSupport
import PomoKitTestSupport
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

/// `last` in `pomo edit` and `pomo delete` is what the user just did: the session recorded
/// last (by the time its line was written), and `pomo undo` agrees with it.
@Suite("The session recorded last")
struct LastRecordedSessionTests {
  static let now = 1_764_590_400.0  // 2025-12-01T12:00:00Z

  @Test("pomo edit last edits the session just added, not the one that started last")
  func editLastIsTheSessionJustAdded() throws {
    try HistoryHarness.with(now: Self.now) { h in
      // This morning's timed session, then one added for yesterday afternoon.
      try h.write([focusSession("abcd0000-0000-4000-8000-000000000001", start: Self.now - 3 * 3600)])
      h.now += 60
      let id = h.add("25m", "--start", "2025-11-30T15:00:00Z")
      h.now += 60
      let edited = h.run("edit", "last", "--tag", "late")
      #expect(edited.status == 0, "\(edited.err)")
      #expect(edited.out.hasPrefix("Edited \(id) "))
      // `pomo undo` takes the edit back, then the addition of that same session.
      h.now += 60
      #expect(h.run("undo").out.hasPrefix("Undid the edit of \(id)"))
      h.now += 60
      #expect(h.run("undo").out.hasPrefix("Undid the addition of \(id)"))
      // With it gone, the timed session is the last recorded again.
      #expect(h.run("edit", "last", "--tag", "x").out.hasPrefix("Edited abcd0000 "))
    }
  }

  @Test("pomo delete last deletes the session just added; a deleted session is passed over")
  func deleteLastIsTheSessionJustAdded() throws {
    try HistoryHarness.with(now: Self.now) { h in
      try h.write([
        focusSession("abcd0000-0000-4000-8000-000000000001", start: Self.now - 3 * 3600),
        focusSession("ffff0000-0000-4000-8000-000000000002", start: Self.now - 2 * 3600),
      ])
      h.now += 60
      let first = h.add("25m", "--start", "2025-11-29T09:00:00Z")
      h.now += 60
      let second = h.add("25m", "--start", "2025-11-28T09:00:00Z")
      #expect(h.run("delete", "last").out.hasPrefix("Deleted \(second) "))
      #expect(h.run("delete", "last").out.hasPrefix("Deleted \(first) "))
      // Then the timed sessions, the one that ended last first.
      #expect(h.run("delete", "last").out.hasPrefix("Deleted ffff0000 "))
      #expect(h.run("delete", "last").out.hasPrefix("Deleted abcd0000 "))
      #expect(h.run("delete", "last").err == "Error: no sessions recorded yet\n")
    }
  }

  @Test("a session that ends after an addition is the last recorded")
  func timedSessionAfterAnAddition() throws {
    try HistoryHarness.with(now: Self.now) { h in
      h.now -= 3600
      let added = h.add("25m", "--start", "2025-11-30T09:00:00Z")
      #expect(added.count == 8)
      // A session timed after the addition, its line written when it ended (10 minutes ago).
      let line = focusSession("abcd0000-0000-4000-8000-000000000001", start: Self.now - 35 * 60).json(offset: { _ in 0 })
      let name = journalFile(h.home.path, host: "laptop")
      try h.home.write(name, (h.home.read(name) ?? "") + line.text + "\n")
      h.now = Self.now
      #expect(h.run("edit", "last", "--tag", "x").out.hasPrefix("Edited abcd0000 "))
      // `pomo undo` still takes back the latest correction, not the timed session.
      #expect(h.run("undo").out.hasPrefix("Undid the edit of abcd0000"))
      #expect(h.run("undo").out.hasPrefix("Undid the addition of \(added)"))
    }
  }
}
