import Foundation
import PomoJournalTestSupport
import PomoTestSupport
import Testing

/// `pomo task` and its companions, run as a user would: the built binary in a temporary HOME.
@Suite("Tasks, end to end", .endToEnd)
struct TaskEndToEndTests {
  let home: PomoHome

  init() throws {
    home = try PomoHome()
  }

  /// The journal's lines, parsed as JSON objects.
  func lines() throws -> [[String: Any]] {
    let text = try String(contentsOfFile: home.journalPath, encoding: .utf8)
    return try text.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  func listJSON(_ words: [String] = []) async throws -> [[String: Any]] {
    let run = try await home.run(["task", "list", "--json"] + words)
    #expect(run.status == 0, "\(run.err)")
    return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
  }

  @Test("add prints the short id; the list shows estimate against actual; a 1-second session's focus counts")
  func addStartList() async throws {
    defer { home.cleanUp() }
    let add = try await home.run("task", "add", "write the intro", "--estimate", "3", "--tag", "thesis")
    #expect(add.status == 0 && add.err == "", "\(add.err)")
    let id = add.out.trimmingCharacters(in: .newlines)
    #expect(id.count == 8 && id.allSatisfy(\.isHexDigit), "\(add.out)")
    let task = try #require(try lines().last)
    #expect(task["kind"] as? String == "task" && task["title"] as? String == "write the intro")
    #expect(task["estimate"] as? Int == 3 && task["tags"] as? [String] == ["thesis"])
    #expect((task["id"] as? String)?.hasPrefix(id) == true)

    #expect(try await home.run("task", "list").out.contains("○○○  0/3"))
    // Two rounds of 1-second focus, both completed: two Pomodoros toward the task.
    let run = try await home.run(["start", home.preset("tiny"), "--rounds", "2", "--task", String(id.prefix(4)), "--no-notify"])
    #expect(run.status == 0, "\(run.err)")
    let session = try #require(try lines().last)
    #expect(session["task"] as? String == task["id"] as? String)
    #expect(session["tags"] as? [String] == ["thesis"], "the task's tags tag the session")
    let list = try await home.run("task", "list")
    #expect(list.out.contains("●●○  2/3") && list.out.contains("write the intro") && list.out.contains("open"), "\(list.out)")
    let json = try await listJSON()
    #expect(json.count == 1 && json[0]["pomodoros"] as? Int == 2 && json[0]["estimate"] as? Int == 3)
    #expect(json[0]["short"] as? String == id && json[0]["done"] is NSNull)
  }

  @Test("an overrun is marked; done, edit and undo change the task; --all keeps tasks done before today")
  func doneEditUndo() async throws {
    defer { home.cleanUp() }
    let id = try await home.run("task", "add", "review", "-e", "1").out.trimmingCharacters(in: .newlines)
    #expect(try await home.run(["start", home.preset("tiny"), "--rounds", "2", "--task", id, "--no-notify"]).status == 0)
    #expect(try await home.run("task", "list").out.contains("●●  2/1 +1"))
    let done = try await home.run("task", "done", id)
    #expect(done.status == 0 && done.out.hasPrefix("Done: \(id) (review)"), "\(done.out)\(done.err)")
    #expect(try await listJSON()[0]["done"] is String)
    let again = try await home.run("task", "done", id)
    #expect(again.status == 1 && again.err.hasPrefix("Error: the task \(id) (review) is done already"))

    let edit = try await home.run("task", "edit", id, "--title", "review the PR", "--estimate", "2", "--tag", "code")
    #expect(edit.status == 0, "\(edit.err)")
    var task = try await listJSON()[0]
    #expect(task["title"] as? String == "review the PR" && task["estimate"] as? Int == 2)
    #expect(task["tags"] as? [String] == ["code"] && task["overrun"] as? Int == 0)
    let amend = try #require(try lines().last)
    #expect(amend["kind"] as? String == "amend")
    #expect((amend["set"] as? [String: Any])?.keys.sorted() == ["estimate", "tags", "title"])

    let undo = try await home.run("undo")
    #expect(undo.status == 0 && undo.out.hasPrefix("Undid the edit of the task \(id)"), "\(undo.out)\(undo.err)")
    task = try await listJSON()[0]
    #expect(task["title"] as? String == "review" && task["estimate"] as? Int == 1 && task["done"] is String)
    #expect(try await home.run("undo").status == 0)  // the done
    #expect(try await listJSON()[0]["done"] is NSNull)
    #expect(try await home.run("task", "done", id).status == 0)
    #expect(try await home.run("task", "edit", id, "--open").status == 0)
    #expect(try await listJSON()[0]["done"] is NSNull)
  }

  @Test("report --tasks: estimate against actual, and the share within one Pomodoro by week")
  func report() async throws {
    defer { home.cleanUp() }
    let a = try await home.run("task", "add", "near", "-e", "3").out.trimmingCharacters(in: .newlines)
    let b = try await home.run("task", "add", "far", "-e", "5").out.trimmingCharacters(in: .newlines)
    #expect(try await home.run(["start", home.preset("tiny"), "--rounds", "2", "--task", a, "--no-notify"]).status == 0)
    #expect(try await home.run("task", "done", a).status == 0)
    #expect(try await home.run("task", "done", b).status == 0)
    let text = try await home.run("report", "--tasks", "--today")
    #expect(text.status == 0, "\(text.err)")
    #expect(text.out.contains("near") && text.out.contains("●●○  2/3") && text.out.contains("○○○○○  0/5"), "\(text.out)")
    #expect(text.out.contains("50%"), "\(text.out)")
    let run = try await home.run("report", "--tasks", "--format", "json")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let tasks = try #require(json["tasks"] as? [[String: Any]])
    #expect(tasks.map { $0["pomodoros"] as? Int } == [2, 0])
    #expect(tasks.map { $0["within_one"] as? Bool } == [true, false])
    let weeks = try #require(json["weeks"] as? [[String: Any]])
    #expect(weeks.count == 1 && weeks[0]["within_one"] as? Int == 1 && weeks[0]["share"] as? Double == 0.5)
    let csv = try await home.run("report", "--tasks", "--format", "csv")
    #expect(csv.status == 64 && csv.err.hasPrefix("Error: '--tasks' writes text or json"))
    // At 40 columns the title and the heading of the weeks wrap short of the last column.
    var narrow = home
    narrow.environment["COLUMNS"] = "40"
    let wrapped = try await narrow.run("report", "--tasks", "--today")
    #expect(wrapped.status == 0, "\(wrapped.err)")
    let prose = wrapped.out.split(separator: "\n").filter { $0.hasPrefix("Tasks done") || $0.hasPrefix("Estimates") }
    #expect(prose.count == 2 && prose.allSatisfy { $0.count < 40 }, "\(wrapped.out)")
    #expect(wrapped.out.contains("Estimates by week: tasks finished\n  within one Pomodoro of their estimate"), "\(wrapped.out)")
    // The list at 40 columns: a done task says only that it was, with no room for when.
    let list = try await narrow.run("task", "list")
    #expect(list.status == 0 && list.out.contains("  done\n"), "\(list.out)")
    #expect(list.out.split(separator: "\n").allSatisfy { $0.count < 40 }, "\(list.out)")
    #expect(try await home.run("task", "list").out.contains("  done 20"))
  }

  @Test(
    "bad input is one error line: unknown, ambiguous or short ids exit 65; a bad estimate or title 64",
    arguments: [
      (["task", "done", "ffff"], 65, "Error: no task has an id starting with 'ffff'"),
      (["task", "edit", "ab", "--estimate", "2"], 65, "Error: 'ab' is too short to name a task"),
      (["start", "2s", "--task", "ffff0000"], 65, "Error: no task has an id starting with 'ffff0000'"),
      (["task", "add", "x", "--estimate", "0"], 64, "Error: '--estimate' must be a whole number from 1 to 99, got '0'"),
      (["task", "add", "x", "--estimate", "x"], 64, "Error: '--estimate' must be a whole number from 1 to 99, got 'x'"),
      (["task", "add", "  "], 64, "Error: a task needs a title"),
      (["task", "edit", "last"], 65, "Error: no tasks yet"),
    ])
  func errors(words: [String], status: Int32, message: String) async throws {
    defer { home.cleanUp() }
    let run = try await home.run(words)
    #expect(run.status == status && run.err.hasPrefix(message), "\(run.err)")
    #expect(run.err.split(separator: "\n").count <= 2, "one line (and the pointer to the help for usage)")
  }

  @Test("the list keeps open tasks and those done today; --all adds those done before")
  func today() async throws {
    defer { home.cleanUp() }
    let lines = [
      #"{"v":2,"kind":"task","id":"0ld00000-0000-4000-8000-000000000000","at":"2026-11-01T08:00:00Z","host":"h","title":"old","estimate":2,"tags":[]}"#,
      #"{"v":2,"kind":"amend","id":"c1","target":"0ld00000-0000-4000-8000-000000000000","at":"2026-11-01T09:00:00Z","host":"h","set":{"done":"2026-11-01T09:00:00Z"}}"#,
      #"{"v":2,"kind":"task","id":"0pen0000-0000-4000-8000-000000000000","at":"2026-11-01T08:00:00Z","host":"h","title":"still open","tags":[]}"#,
    ]
    try home.write(journalFile(home.path), lines.joined(separator: "\n") + "\n")
    #expect(try await listJSON().compactMap { $0["title"] as? String } == ["still open"])
    #expect(try await listJSON(["--all"]).compactMap { $0["title"] as? String } == ["old", "still open"])
    let all = try await home.run("task", "list", "--all")
    #expect(all.out.contains("done 2026-11-01") && all.out.contains("○○  0/2") && all.out.contains("0  "), "\(all.out)")
  }

  @Test("an id two tasks share is ambiguous (exit 65), naming both")
  func ambiguous() async throws {
    defer { home.cleanUp() }
    let lines = ["abcd1111", "abcd2222"].map {
      #"{"v":2,"kind":"task","id":"\#($0)-0000-4000-8000-000000000000","at":"2026-12-01T08:00:00Z","host":"h","title":"t\#($0.suffix(1))","tags":[]}"#
    }
    try home.write(journalFile(home.path), lines.joined(separator: "\n") + "\n")
    let run = try await home.run("task", "done", "abcd")
    #expect(run.status == 65 && run.err == "Error: 'abcd' matches 2 tasks: abcd1111 (t1), abcd2222 (t2); give more of the id\n")
    #expect(try await home.run("task", "done", "abcd2").status == 0)
  }
}

/// `pomo task list` with `"taskwarrior": true`: the real `task` in a database of the test's own.
@Suite("Taskwarrior's pending tasks in the list", .requires(.taskwarrior), .endToEnd)
struct TaskwarriorListTests {
  let home: PomoHome

  init() throws {
    var home = try PomoHome()
    try home.useOwnTaskwarrior()
    try home.write(".config/pomo/config.json", #"{"taskwarrior": true}"#)
    self.home = home
  }

  @Test("pending tasks follow pomo's own, by Taskwarrior id; done ones are left out")
  func pending() async throws {
    defer { home.cleanUp() }
    #expect(try await home.task(["add", "read the paper", "project:thesis"]).status == 0)
    #expect(try await home.task(["add", "file taxes"]).status == 0)
    #expect(try await home.task(["add", "old chore"]).status == 0)
    #expect(try await home.task(["3", "done"]).status == 0)
    #expect(try await home.run("task", "add", "mine", "-e", "2").status == 0)
    let list = try await home.run("task", "list")
    #expect(list.status == 0 && list.err == "", "\(list.err)")
    let rows = list.out.split(separator: "\n").map(String.init)
    #expect(rows.count == 4, "\(list.out)")
    #expect(rows[1].contains("mine"))
    #expect(rows[2].hasPrefix("tw:1") && rows[2].contains("read the paper") && rows[2].hasSuffix("thesis"))
    #expect(rows[3].hasPrefix("tw:2") && rows[3].contains("file taxes"))
    let json = try await home.run("task", "list", "--json")
    let items = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
    #expect(items.compactMap { $0["source"] as? String } == ["pomo", "taskwarrior", "taskwarrior"])
    #expect(items[1]["id"] as? String == "tw:1" && items[1]["tags"] as? [String] == ["thesis"])
    // Every item has the keys the docs list, a Taskwarrior task's unknowns as null.
    let keys: Set<String> = ["id", "short", "title", "estimate", "pomodoros", "overrun", "tags", "at", "done", "source"]
    #expect(items.allSatisfy { Set($0.keys) == keys }, "\(json.out)")
    #expect(items[1]["short"] as? String == "tw:1" && items[1]["estimate"] is NSNull && items[1]["done"] is NSNull)
  }

  @Test("without task on PATH: one warning, and pomo's own tasks still list")
  func missing() async throws {
    defer { home.cleanUp() }
    var bare = home
    bare.environment["PATH"] = "/nonexistent"
    #expect(try await bare.run("task", "add", "mine").status == 0)
    let list = try await bare.run("task", "list")
    #expect(list.status == 0 && list.out.contains("mine"))
    #expect(list.err == "pomo: warning: task (Taskwarrior) is not found; its pending tasks are not listed\n")
  }
}
