import Foundation
import PomoTestSupport
import Testing

@testable import PomoCore
@testable import PomoIndex
@testable import PomoJournal

/// Tasks (`"kind":"task"`) and their amendments, folded as sessions' corrections are.
@Suite("The fold of tasks")
struct TaskFoldTests {
  static let base = 1_764_576_000.0  // 2025-12-01T08:00:00Z
  let task = TaskRecord(id: "t1", at: base, host: "laptop", title: "write the intro", estimate: 3, tags: ["thesis"])

  func amend(_ id: String, at: Double, host: String = "laptop", target: String = "t1", _ changes: Correction.Changes)
    -> Correction
  {
    Correction(kind: .amend, id: id, target: target, at: at, host: host, changes: changes)
  }

  func changes(title: String? = nil, estimate: Int? = nil, tags: [String]? = nil, done: Double?? = nil)
    -> Correction.Changes
  {
    var c = Correction.Changes(tags: tags)
    c.title = title
    c.estimate = estimate
    if let done {
      c.setsDone = true
      c.done = done
    }
    return c
  }

  /// A session of `focus` completed focus phases (and one cut short) that worked on `task`.
  func session(_ id: String, task: String?, completed focus: Int, start: Double = base) -> JournalRecord {
    var phases: [JournalPhase] = []
    var t = start
    for k in 0...focus {
      let done = k < focus
      phases.append(
        JournalPhase(
          name: "focus", kind: .work, round: k + 1, start: t, end: t + 60, plannedSeconds: 60,
          elapsedSeconds: done ? 60 : 30, completed: done))
      t += 60
      phases.append(
        JournalPhase(
          name: "break", kind: .rest, round: k + 1, start: t, end: t + 60, plannedSeconds: 60, elapsedSeconds: 60,
          completed: true))
      t += 60
    }
    var record = JournalRecord(
      id: id, preset: "work", status: .interrupted, start: start, end: t, host: "laptop", rounds: focus + 1,
      phases: phases)
    record.task = task
    return record
  }

  @Test("amendments set title, estimate, tags and done, the last made winning field by field, in any order")
  func amendments() throws {
    let a = amend("c1", at: Self.base + 10, changes(title: "write the introduction", estimate: 4))
    let b = amend("c2", at: Self.base + 20, changes(estimate: 5, tags: ["thesis", "draft"], done: Self.base + 20))
    for order in [[a, b], [b, a]] {
      let folded = try #require(TaskFold.apply(task, order))
      #expect(folded.title == "write the introduction" && folded.estimate == 5)
      #expect(folded.tags == ["thesis", "draft"] && folded.done == Self.base + 20)
    }
  }

  @Test("done set to null opens the task again; an undo takes back a change, or the task itself")
  func reopenAndUndo() throws {
    let done = amend("c1", at: Self.base + 10, changes(done: Self.base + 10))
    let reopen = amend("c2", at: Self.base + 20, changes(done: .some(nil)))
    #expect(try #require(TaskFold.apply(task, [done])).done == Self.base + 10)
    #expect(try #require(TaskFold.apply(task, [done, reopen])).done == nil)
    let undoReopen = Correction(kind: .undo, id: "u1", target: "c2", session: "t1", at: Self.base + 30, host: "laptop")
    #expect(try #require(TaskFold.apply(task, [done, reopen, undoReopen])).done == Self.base + 10)
    let undoAdd = Correction(kind: .undo, id: "u2", target: "t1", session: "t1", at: Self.base + 40, host: "laptop")
    #expect(TaskFold.apply(task, [done, undoAdd]) == nil)
    let delete = Correction(kind: .delete, id: "d1", target: "t1", at: Self.base + 50, host: "laptop")
    #expect(TaskFold.apply(task, [delete]) == nil)
  }

  @Test("two machines' files fold to the same tasks and counts in either order, duplicates once")
  func twoMachines() throws {
    let other = TaskRecord(id: "t2", at: Self.base + 5, host: "desktop", title: "review", estimate: 1)
    let laptop: [JournalEntry] = [
      .task(task), .session(session("s1", task: "t1", completed: 2)),
      .correction(amend("l1", at: Self.base + 100, changes(estimate: 2))),
    ]
    let desktop: [JournalEntry] = [
      .task(other), .task(task),  // the laptop's task synced here too
      .session(session("s1", task: "t1", completed: 2)),  // and its session: counted once
      .session(session("s2", task: "t2", completed: 3, start: Self.base + 3_600)),
      .correction(amend("d1", at: Self.base + 200, host: "desktop", changes(estimate: 4, done: Self.base + 200))),
      .correction(amend("d2", at: Self.base + 300, host: "desktop", target: "t2", changes(done: Self.base + 300))),
    ]
    let one = TaskFold.tasks(laptop + desktop)
    #expect(one == TaskFold.tasks(desktop + laptop))
    #expect(one.map(\.task.id) == ["t1", "t2"])
    #expect(one[0].task.estimate == 4 && one[0].pomodoros == 2 && one[0].task.done == Self.base + 200)
    #expect(one[1].pomodoros == 3 && one[1].overrun == 2)
  }

  @Test("a session counts its completed focus phases, none when deleted, for another task, or long before")
  func pomodoros() {
    #expect(TaskFold.pomodoros(session("s", task: "t1", completed: 3)) == 3)
    #expect(TaskFold.pomodoros(session("s", task: "t1", completed: 0)) == 0)
    let deleted = Correction(kind: .delete, id: "d", target: "s1", at: Self.base, host: "laptop")
    let entries: [JournalEntry] = [
      .task(task), .session(session("s1", task: "t1", completed: 2)),
      .session(session("s2", task: "t1", completed: 1)), .session(session("s3", task: "zz", completed: 4)),
      .session(session("s4", task: nil, completed: 4)), .correction(deleted),
    ]
    #expect(TaskFold.tasks(entries).map(\.pomodoros) == [1])
    // A session that ended more than a day before the task was made is not one of its own.
    let early = session("s0", task: "t1", completed: 5, start: Self.base - 90_000)
    #expect(TaskFold.tasks(entries + [.session(early)]).map(\.pomodoros) == [1])
    let close = session("s6", task: "t1", completed: 2, start: Self.base - 80_000)
    #expect(TaskFold.tasks(entries + [.session(close)]).map(\.pomodoros) == [3])
  }

  @Test("a void session counts the Pomodoros it finished before the void one, never that one")
  func voidSession() {
    var voided = session("s1", task: "t1", completed: 2)
    voided.status = .void
    #expect(TaskFold.pomodoros(voided) == 2)
    // Made void by a correction after its last focus was completed: that one is the void Pomodoro.
    var all = voided
    all.phases = all.phases.map { phase in
      var p = phase
      p.completed = true
      return p
    }
    #expect(TaskFold.pomodoros(all) == 2)
    all.status = .completed
    #expect(TaskFold.pomodoros(all) == 3)
  }

  @Test("task lines and task amendments read back as written; the session's task field too")
  func roundTrip() throws {
    var withDone = task
    withDone.estimate = nil
    for t in [task, withDone] {
      let line = Array(t.json(offset: { _ in 3_600 }).text.utf8)
      #expect(try JournalEntry(line: line[...]) == .task(t))
    }
    for c in [
      amend("c1", at: Self.base, changes(title: "t", estimate: 7, tags: ["a"], done: Self.base + 1.5)),
      amend("c2", at: Self.base, changes(done: .some(nil))),
    ] {
      let line = Array(c.json(offset: { _ in 0 }).text.utf8)
      #expect(try JournalEntry(line: line[...]) == .correction(c))
    }
    let record = session("s1", task: "t1", completed: 1)
    #expect(try JournalRecord(line: Array(record.json(offset: { _ in 0 }).text.utf8)).task == "t1")
  }

  @Test(
    "a damaged task line is refused with its reason",
    arguments: [
      (#"{"v":2,"kind":"task","id":"t","at":"2025-12-01T08:00:00Z","host":"h","tags":[]}"#, "no \"title\""),
      (#"{"v":2,"kind":"task","id":"t","at":"2025-12-01T08:00:00Z","title":"","tags":[]}"#, "no \"title\""),
      (#"{"v":2,"kind":"task","id":"t","title":"x"}"#, "no valid \"at\""),
      (#"{"v":2,"kind":"task","id":"t","at":"2025-12-01T08:00:00Z","title":"x","estimate":0}"#, "from 1 to 99"),
      (#"{"v":2,"kind":"task","id":"t","at":"2025-12-01T08:00:00Z","title":"x","estimate":"3"}"#, "number"),
      (#"{"v":2,"kind":"amend","id":"c","target":"t","at":"2025-12-01T08:00:00Z","set":{"estimate":100}}"#, "from 1 to 99"),
    ])
  func damaged(line: String, reason: String) {
    #expect {
      try JournalEntry(line: Array(line.utf8)[...])
    } throws: { error in
      (error as? JournalRecord.Problem)?.message.contains(reason) == true
    }
  }

  /// Writes each list of entries as one machine's journal file, `journal/h0.jsonl` and on, as
  /// pomo writes its lines; the files' paths.
  static func write(_ files: [[JournalEntry]], in home: TemporaryFolder) throws -> [String] {
    func text(_ entry: JournalEntry) -> String {
      switch entry {
      case .session(let r): r.json(offset: { _ in 0 }).text
      case .correction(let c): c.json(offset: { _ in 0 }).text
      case .task(let t): t.json(offset: { _ in 0 }).text
      }
    }
    return try files.enumerated().map { k, entries in
      try home.write("journal/h\(k).jsonl", entries.map { text($0) + "\n" }.joined())
    }
  }

  @Test("the indexed reader, with and without caches, agrees with the fold of every line")
  func indexedAgrees() throws {
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    let other = TaskRecord(id: "t2", at: Self.base + 5, host: "desktop", title: "review", estimate: 1)
    let lines: [[JournalEntry]] = [
      [
        .task(task), .session(session("s1", task: "t1", completed: 2)),
        .correction(amend("l1", at: Self.base + 100, changes(estimate: 2))),
        .session(session("s5", task: "t1", completed: 1, start: Self.base + 9_000)),
        .correction(Correction(kind: .delete, id: "del", target: "s5", at: Self.base + 9_900, host: "laptop")),
        // Long before the task was made: not one of its sessions, and outside what is read.
        .session(session("s9", task: "t1", completed: 4, start: Self.base - 200_000)),
      ],
      [
        .task(other), .task(task), .session(session("s1", task: "t1", completed: 2)),
        .session(session("s2", task: "t2", completed: 3, start: Self.base + 3_600)),
        .correction(amend("d1", at: Self.base + 200, host: "desktop", changes(done: Self.base + 200))),
        .correction(Correction(kind: .undo, id: "u", target: "d1", session: "t1", at: Self.base + 300, host: "h")),
      ],
    ]
    let paths = try Self.write(lines, in: home)
    let expected = TaskFold.tasks(lines.flatMap { $0 })
    #expect(expected.map(\.pomodoros) == [2, 3] && expected[0].task.done == nil)
    for cache in [nil, home.file("cache")] {
      for _ in 0..<2 {  // the second time from the caches the first wrote
        let files = try paths.map { try IndexedJournal(journal: Journal(path: $0), cacheFolder: cache) }
        #expect(try IndexedHistory(files: files).tasks() == expected)
      }
    }
  }

  @Test(
    "a query (open, done in a span, an id's start) answers as the fold of every line does, though most tasks go unread",
    arguments: 0..<12)
  func queriesAgree(seed: UInt64) throws {
    var rng = SplitMix64(state: seed)
    let home = try TemporaryFolder()
    defer { home.cleanUp() }
    var files: [[JournalEntry]] = [[], []]
    var ids: [String] = []
    var corrections: [String: [String]] = [:]
    for k in 0..<40 {
      // Ids that share their first 8 characters in pairs, some in capitals.
      let id = "\(k % 2 == 0 ? "ABCD" : "abcd")\(String(k / 2, radix: 16))-\(k)"
      ids.append(id)
      let file = Int.random(in: 0...1, using: &rng)
      files[file].append(.task(TaskRecord(id: id, at: Self.base + Double(k), host: "h", title: "t\(k)", estimate: 2)))
      if Bool.random(using: &rng) { files[1 - file].append(files[file].last!) }  // a copy on the other machine
    }
    for k in 0..<160 {
      let target = ids.randomElement(using: &rng)!
      // Few distinct times, so amendments often tie and are ordered by id.
      let at = Self.base + 100 + Double(Int.random(in: 0..<8, using: &rng)) * 3_600
      let c: Correction
      let pick = Int.random(in: 0..<10, using: &rng)
      switch corrections[target] == nil && pick <= 2 ? 3 : pick {
      case 0: c = Correction(kind: .delete, id: "x\(k)", target: target, at: at, host: "h")
      case 1, 2:
        // An undo of one of the task's own changes, or of the task.
        let undone = (corrections[target]! + [target]).randomElement(using: &rng)!
        c = Correction(kind: .undo, id: "u\(k)", target: undone, session: target, at: at, host: "h")
      case 3: c = amend("a\(k)", at: at, target: target, changes(title: "r\(k)"))
      case 4: c = amend("a\(k)", at: at, target: target, changes(done: .some(nil)))
      default: c = amend("a\(k)", at: at, target: target, changes(done: at + Double(Int.random(in: -2...2, using: &rng)) * 3_600))
      }
      corrections[target, default: []].append(c.id)
      files[Int.random(in: 0...1, using: &rng)].append(.correction(c))
    }
    let paths = try Self.write(files, in: home)
    let every = TaskFold.tasks(files.flatMap { $0 })
    let day = Self.base + 100 + 3 * 3_600
    // Without caches, with them as written, and read back.
    for cache in [nil, home.file("cache"), home.file("cache")] {
      let history = try IndexedHistory(files: paths.map { try IndexedJournal(journal: Journal(path: $0), cacheFolder: cache) })
      for query in [
        TaskQuery.all, TaskQuery(done: day..<Double.infinity), TaskQuery(open: false, done: Self.base..<day),
        TaskQuery(open: false), TaskQuery(idPrefix: "abcd1"), TaskQuery(idPrefix: "ABCD2-4"), .id(ids[7]),
      ] {
        #expect(try history.tasks(query) == every.filter { query.keeps($0.task) }, "\(query)")
      }
    }
  }
}
