import PomoJournalTestSupport
import Testing

@testable import PomoCore
@testable import PomoJournal

@Suite("The fold")
struct FoldTests {
  static let base = 1_764_576_000.0  // 2025-12-01T08:00:00Z
  let session = focusSession("s1", start: base, tags: ["a"])

  func amend(_ id: String, at: Double, host: String = "laptop", _ changes: Correction.Changes) -> Correction {
    Correction(kind: .amend, id: id, target: "s1", at: at, host: host, changes: changes)
  }

  @Test("corrections apply in the order they were made, the last winning field by field")
  func lastWinsFieldByField() throws {
    let early = amend("c1", at: 100, Correction.Changes(tags: ["x"], setsNote: true, note: "first"))
    let late = amend("c2", at: 200, Correction.Changes(setsNote: true, note: "second"))
    for order in [[early, late], [late, early]] {
      let folded = try #require(Fold.apply(session, order))
      #expect(folded.tags == ["x"])  // only the early one sets tags
      #expect(folded.note == "second")
    }
  }

  @Test("the same time is ordered by id, so every machine folds alike")
  func tieBreakByID() throws {
    let a = amend("aaa", at: 100, host: "desktop", Correction.Changes(preset: "from-a"))
    let b = amend("bbb", at: 100, host: "laptop", Correction.Changes(preset: "from-b"))
    #expect(try #require(Fold.apply(session, [a, b])).preset == "from-b")
    #expect(try #require(Fold.apply(session, [b, a])).preset == "from-b")
  }

  @Test("corrections from two hosts interleaved in two files fold the same way from either order")
  func twoHosts() throws {
    let laptop = [
      JournalEntry.session(session), .correction(amend("l1", at: 10, Correction.Changes(tags: ["l1"]))),
      .correction(amend("l2", at: 30, Correction.Changes(setsNote: true, note: "laptop"))),
    ]
    let desktop = [
      JournalEntry.session(session),  // a copy of the same session (a conflict copy)
      .correction(amend("d1", at: 20, host: "desktop", Correction.Changes(tags: ["d1"], setsNote: true, note: "desk"))),
      .correction(amend("d2", at: 40, host: "desktop", Correction.Changes(preset: "deep"))),
    ]
    let one = Fold.sessions(laptop + desktop)
    let other = Fold.sessions(desktop + laptop)
    #expect(one == other)
    #expect(one.count == 1)
    #expect(one[0].tags == ["d1"])
    #expect(one[0].note == "laptop")
    #expect(one[0].preset == "deep")
  }

  @Test("a duplicated line counts once: sessions by their first line, corrections by id")
  func duplicates() {
    var other = session
    other.preset = "changed"
    let c = amend("c1", at: 5, Correction.Changes(tags: ["t"]))
    let folded = Fold.sessions([.session(session), .session(other), .correction(c), .correction(c)])
    #expect(folded.map(\.preset) == ["work"])
    #expect(folded.map(\.tags) == [["t"]])
  }

  @Test("a deletion removes the session; an undo of it brings it back")
  func deleteAndUndo() {
    let delete = Correction(kind: .delete, id: "d", target: "s1", at: 10, host: "h")
    #expect(Fold.sessions([.session(session), .correction(delete)]).isEmpty)
    let undo = Correction(kind: .undo, id: "u", target: "d", session: "s1", at: 20, host: "h")
    #expect(Fold.sessions([.session(session), .correction(delete), .correction(undo)]).count == 1)
  }

  @Test("an undo of an added session removes it; of an amendment, restores the fields")
  func undoKinds() throws {
    var added = session
    added.added = 5
    let undoAdd = Correction(kind: .undo, id: "u", target: "s1", session: "s1", at: 6, host: "h")
    #expect(Fold.apply(added, [undoAdd]) == nil)
    let edit = amend("e", at: 7, Correction.Changes(tags: ["new"]))
    let undoEdit = Correction(kind: .undo, id: "u2", target: "e", session: "s1", at: 8, host: "h")
    #expect(try #require(Fold.apply(session, [edit, undoEdit])).tags == ["a"])
  }

  @Test("a new start moves the whole session; a new end moves the last phase's end")
  func times() throws {
    let work = JournalRecord(
      id: "s2", preset: "work", status: .completed, start: 0, end: 1800, host: "h", rounds: 1,
      phases: [
        JournalPhase(
          name: "focus", kind: .work, round: 1, start: 0, end: 1500, plannedSeconds: 1500, elapsedSeconds: 1500,
          completed: true),
        JournalPhase(
          name: "break", kind: .rest, round: 1, start: 1500, end: 1800, plannedSeconds: 300, elapsedSeconds: 300,
          completed: true),
      ])
    let moved = Fold.applying(Correction.Changes(start: 86_400), to: work)
    #expect(moved.start == 86_400)
    #expect(moved.end == 88_200)
    #expect(moved.phases.map(\.start) == [86_400, 87_900])
    #expect(moved.focusSeconds == 1500)
    // An end inside the focus phase drops the break and shortens the focus.
    let cut = Fold.applying(Correction.Changes(end: 1200), to: work)
    #expect(cut.end == 1200)
    #expect(cut.phases.count == 1)
    #expect(cut.focusSeconds == 1200)
    // A later end lengthens the last phase.
    let longer = Fold.applying(Correction.Changes(end: 2400), to: work)
    #expect(longer.phases.last?.elapsedSeconds == 900)
    #expect(longer.focusSeconds == 1500)
  }

  @Test("correction lines round-trip through their JSON, and a kind this pomo does not know is a damaged line")
  func lines() throws {
    let c = Correction(
      kind: .amend, id: "c1", target: "s1", at: 1_764_576_000, host: "laptop",
      changes: Correction.Changes(
        tags: ["a", "b"], setsNote: true, note: nil, start: 1_764_576_000, status: .completed))
    let text = c.json(offset: { _ in 3600 }).text
    #expect(
      text
        == #"{"v":2,"kind":"amend","id":"c1","target":"s1","at":"2025-12-01T09:00:00+01:00","host":"laptop","set":{"tags":["a","b"],"note":null,"start":"2025-12-01T09:00:00+01:00","status":"completed"}}"#
    )
    #expect(try JournalEntry(line: Array(text.utf8)[...]) == .correction(c))
    let undo = Correction(kind: .undo, id: "u1", target: "c1", session: "s1", at: 0, host: "h")
    #expect(try JournalEntry(line: Array(undo.json(offset: { _ in 0 }).text.utf8)[...]) == .correction(undo))
    #expect(throws: JournalRecord.Problem.self) {
      try JournalEntry(
        line: Array(#"{"v":3,"kind":"merge","id":"x","target":"s1","at":"2026-01-01T00:00:00Z"}"#.utf8)[...])
    }
  }
}
